import { describe, expect, it } from 'vitest';
import { buildMenu } from '../../lib/menu';

const ids = (rights: string[], mode: 'sis' | 'lms' = 'sis') =>
  buildMenu(mode, new Set(rights)).map((n) => n.id);

describe('the Programmes menu entry', () => {
  it('shows in sis mode to holders of the bachelor or professional list right, before the Courses flyout', () => {
    for (const right of ['PROGRAMME_ACADEMIC__DISPLAY', 'PROGRAMME_PROFESSIONAL__DISPLAY']) {
      const menu = buildMenu('sis', new Set([right]));
      expect(menu.map((n) => n.id)).toEqual(['home', 'programmes', 'course']);
      expect(menu[1]).toEqual({ id: 'programmes', label: 'Programmes', path: 'programme' });
    }
  });

  it('does not show for PROGRAMME__DISPLAY alone, for GEL alone (its screens are not built), nor in lms mode', () => {
    expect(ids(['PROGRAMME__DISPLAY'])).toEqual(['home']);
    expect(ids(['PROGRAMME_GEL__DISPLAY'])).not.toContain('programmes');
    expect(ids(['PROGRAMME_ACADEMIC__DISPLAY'], 'lms')).not.toContain('programmes');
  });
});
