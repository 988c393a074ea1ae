import { describe, expect, it } from 'vitest';
import type { RightInfo, Role } from '@lantern/contracts/authorisation';
import {
  affectedText,
  groupRights,
  holdersByRight,
  rightMatches,
  rightsChange,
  withRight,
} from './matrix';

const right = (key: string): RightInfo => {
  const [family = '', action = ''] = key.split('__');
  return { key, family, action };
};
const RIGHTS = [
  'STUDENT__EDIT',
  'ROLE__DISPLAY',
  'ROLE_TO_RIGHT__EDIT',
  'STUDENT__DISPLAY',
  'ROLE__EDIT',
  'AUDIT_LOG__EXPORT',
].map(right);

const role = (key: string, rights: string[]): Role => ({
  key,
  label: key.charAt(0) + key.slice(1).toLowerCase().replaceAll('_', ' '),
  scope: 'all_clcs',
  isBuiltIn: true,
  version: 1,
  userCount: 2,
  rights,
});

describe('groupRights', () => {
  it('groups by family, families in alphabetical order, rights in catalogue order', () => {
    expect(groupRights(RIGHTS).map((f) => [f.family, f.rights.map((r) => r.action)])).toEqual([
      ['AUDIT_LOG', ['EXPORT']],
      ['ROLE', ['DISPLAY', 'EDIT']],
      ['ROLE_TO_RIGHT', ['EDIT']],
      ['STUDENT', ['EDIT', 'DISPLAY']],
    ]);
  });

  it('keeps a whole family whose name matches, and only matching rights of the others', () => {
    expect(groupRights(RIGHTS, 'student').map((f) => f.family)).toEqual(['STUDENT']);
    expect(groupRights(RIGHTS, 'student')[0]?.rights).toHaveLength(2);
    expect(groupRights(RIGHTS, 'edit').map((f) => [f.family, f.rights.map((r) => r.key)])).toEqual([
      ['ROLE', ['ROLE__EDIT']],
      ['ROLE_TO_RIGHT', ['ROLE_TO_RIGHT__EDIT']],
      ['STUDENT', ['STUDENT__EDIT']],
    ]);
  });

  it('reads case, spaces and underscores loosely, and drops families left empty', () => {
    expect(groupRights(RIGHTS, ' Role edit ').flatMap((f) => f.rights.map((r) => r.key))).toEqual([
      'ROLE__EDIT',
    ]);
    expect(groupRights(RIGHTS, 'audit log').map((f) => f.family)).toEqual(['AUDIT_LOG']);
    expect(groupRights(RIGHTS, 'nothing like it')).toEqual([]);
  });
});

describe('rightMatches', () => {
  it('finds a right by a role that holds it, by key or label', () => {
    const coordinator = role('COORDINATOR', ['STUDENT__EDIT']);
    expect(rightMatches(right('STUDENT__EDIT'), 'coordinator', [coordinator])).toBe(true);
    expect(rightMatches(right('STUDENT__EDIT'), 'Coord', [coordinator])).toBe(true);
    expect(rightMatches(right('STUDENT__EDIT'), 'faculty', [coordinator])).toBe(false);
    expect(rightMatches(right('STUDENT__EDIT'), '')).toBe(true);
  });
});

describe('holders and changes', () => {
  it('lists the roles holding each right', () => {
    const holders = holdersByRight([
      role('ADMIN', ['STUDENT__EDIT', 'ROLE__EDIT']),
      role('COORDINATOR', ['STUDENT__EDIT']),
    ]);
    expect(holders.get('STUDENT__EDIT')?.map((r) => r.key)).toEqual(['ADMIN', 'COORDINATOR']);
    expect(holders.get('ROLE__EDIT')?.map((r) => r.key)).toEqual(['ADMIN']);
    expect(holders.get('AUDIT_LOG__EXPORT')).toBeUndefined();
  });

  it('gives or takes one right, and says what a new set changes', () => {
    expect(withRight(['B', 'A'], 'C', true)).toEqual(['A', 'B', 'C']);
    expect(withRight(['A', 'B'], 'A', false)).toEqual(['B']);
    expect(withRight(['A'], 'A', true)).toEqual(['A']);
    expect(rightsChange(['A', 'B'], ['B', 'C'])).toEqual({ added: ['C'], removed: ['A'] });
  });

  it('says how many users a change affects', () => {
    expect(affectedText(12)).toBe('This changes the rights of 12 users.');
    expect(affectedText(1)).toBe('This changes the rights of 1 user.');
    expect(affectedText(0)).toBe('This changes the rights of 0 users.');
  });
});
