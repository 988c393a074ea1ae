import { describe, expect, it } from 'vitest';
import { buildMenu } from '../../lib/menu';

const ids = (rights: string[], mode: 'sis' | 'lms' = 'sis') =>
  buildMenu(mode, new Set(rights)).map((n) => n.id);

describe('the Programmes menu entry', () => {
  it('shows in sis mode to whoever holds PROGRAMME__DISPLAY, just before the Courses flyout', () => {
    const menu = buildMenu('sis', new Set(['PROGRAMME__DISPLAY']));
    expect(menu.map((n) => n.id)).toEqual(['home', 'programmes', 'course']);
    expect(menu[1]).toEqual({ id: 'programmes', label: 'Programmes', path: 'programme' });
  });

  it('does not show without the right, nor in lms mode', () => {
    expect(ids(['PROGRAMME_PROFESSIONAL__DISPLAY'])).not.toContain('programmes');
    expect(ids(['PROGRAMME__DISPLAY'], 'lms')).not.toContain('programmes');
  });
});
