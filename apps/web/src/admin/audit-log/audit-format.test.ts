import { describe, expect, it } from 'vitest';
import { changeView, filterFromParams, personLabel } from './audit-format';

describe('personLabel', () => {
  it('names the person with their JWL-ID, and says where a merged-away person went', () => {
    expect(personLabel({ id: 1042, name: 'Amina Yusuf', mergedIntoId: null })).toBe(
      'Amina Yusuf · 1042',
    );
    expect(personLabel({ id: 7, name: 'Amina Yusuf', mergedIntoId: 1042 })).toBe(
      'Amina Yusuf · 7 (merged into 1042)',
    );
    expect(personLabel(null)).toBe('—');
  });
});

describe('changeView', () => {
  it('shows a diff as field, before and after', () => {
    expect(changeView({ label: { from: 'Tutor', to: 'Teaching assistant' } })).toEqual({
      kind: 'diff',
      rows: [{ field: 'label', from: 'Tutor', to: 'Teaching assistant' }],
    });
    expect(changeView({ phone: { from: null, to: '+254712000111' } })).toEqual({
      kind: 'diff',
      rows: [{ field: 'phone', from: '—', to: '+254712000111' }],
    });
  });

  it('shows other changes as field and value, lists joined', () => {
    expect(changeView({ added: ['A', 'B'], removed: [], affectedUsers: 3 })).toEqual({
      kind: 'values',
      rows: [
        { field: 'added', value: 'A, B' },
        { field: 'removed', value: '—' },
        { field: 'affectedUsers', value: '3' },
      ],
    });
    expect(changeView({ route: '/x', nested: { a: 1 } })).toEqual({
      kind: 'values',
      rows: [
        { field: 'route', value: '/x' },
        { field: 'nested', value: '{"a":1}' },
      ],
    });
  });

  it('has nothing to show for no changes', () => {
    expect(changeView(null)).toEqual({ kind: 'none' });
    expect(changeView({})).toEqual({ kind: 'none' });
    expect(changeView('text')).toEqual({
      kind: 'values',
      rows: [{ field: 'value', value: 'text' }],
    });
  });
});

describe('filterFromParams', () => {
  it('keeps the filters of the address that have a value', () => {
    expect(
      filterFromParams(
        new URLSearchParams('user=1042&action=%20&entityType=role&page=2&from=2026-01-01'),
      ),
    ).toEqual({ user: '1042', entityType: 'role', from: '2026-01-01' });
  });
});
