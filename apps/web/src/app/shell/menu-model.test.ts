import { describe, expect, it } from 'vitest';
import type { MenuNode } from '@lantern/contracts/current-user';
import type { Concentrations } from '@lantern/contracts/programme';
import { flyoutView, isLinkNode, menuGroups } from './menu-model';

describe('menu model', () => {
  it('treats a node with a path and no children as a link', () => {
    expect(isLinkNode({ id: 'home', label: 'Home', path: 'home' })).toBe(true);
    expect(isLinkNode({ id: 'people', label: 'People', path: null, children: [] })).toBe(false);
  });

  it('groups child links, and grandchildren under their parent label', () => {
    const node: MenuNode = {
      id: 'people',
      label: 'People',
      path: null,
      children: [
        { id: 'students', label: 'Students', path: 'student/list' },
        {
          id: 'admin',
          label: 'Admin',
          path: null,
          children: [{ id: 'users', label: 'Users', path: '/en/user/list' }],
        },
      ],
    };
    expect(menuGroups(node)).toEqual([
      { label: null, links: [{ id: 'students', label: 'Students', to: '/en/student/list' }] },
      { label: 'Admin', links: [{ id: 'users', label: 'Users', to: '/en/user/list' }] },
    ]);
  });

  it('splits a flyout into programmes and orientation sorted by code, and is empty without items', () => {
    const node: MenuNode = {
      id: 'course',
      label: 'Course',
      path: null,
      flyout: 'course',
      items: [
        {
          id: '2',
          code: 'OR2',
          label: 'Orientation B',
          startDate: null,
          endDate: null,
          type: 'orientation',
        },
        { id: '1', code: '101', label: 'Business', startDate: null, endDate: null, type: 'other' },
        {
          id: '3',
          code: 'OR1',
          label: 'Orientation A',
          startDate: null,
          endDate: null,
          type: 'orientation',
        },
      ],
    };
    const groups = menuGroups(node);
    expect(groups.map((group) => group.label)).toEqual(['Programmes', 'Orientation']);
    expect(groups[1]?.links.map((link) => link.label)).toEqual(['Orientation A', 'Orientation B']);
    expect(menuGroups({ ...node, items: [] })).toEqual([]);
  });
});

describe('course and class flyouts from the concentrations', () => {
  const programme = (
    id: number,
    programmeType: 'professional' | 'bachelor' | 'language',
    code: string,
    title: string,
  ) => ({
    id,
    code,
    title,
    programmeType,
    startDate: '2026-01-01',
    endDate: '2026-12-31',
    courses: [],
  });
  const NONE: Concentrations = {
    professional: [],
    bachelor: [],
    language: [],
    orientation: [],
    error: null,
  };
  const source = (concentrations: Partial<Concentrations>): Concentrations => ({
    ...NONE,
    ...concentrations,
  });

  it('groups bachelor, professional, language and orientation under the spec names', () => {
    const view = flyoutView(
      'course',
      source({
        bachelor: [programme(7, 'bachelor', 'BA1', 'Liberal Studies')],
        professional: [
          programme(2, 'professional', '102', 'Youth Work'),
          programme(1, 'professional', '101', 'Business'),
        ],
        language: [programme(9, 'language', 'EN1', 'English')],
        orientation: [{ id: 4, code: 'OR1', title: 'Getting started' }],
      }),
    );
    if (view.kind !== 'menu') throw new Error('expected a menu');
    expect(view.error).toBeNull();
    expect(view.groups.map((g) => g.label)).toEqual([
      'Academic certificate and degree',
      'Short term academic programme',
      'Language',
      'Orientation',
    ]);
    // In the server's order: newest start first.
    expect(view.groups[1]?.links).toEqual([
      {
        id: 'professional-2',
        label: '102 Youth Work',
        to: '/en/programme/professional-certificate/2/overview',
      },
      {
        id: 'professional-1',
        label: '101 Business',
        to: '/en/programme/professional-certificate/1/overview',
      },
    ]);
    expect(view.groups[0]?.links[0]?.to).toBe('/en/programme/list/bachelor?q=BA1');
    // Language and orientation have no screen yet: listed, not linked to a page that is not there.
    expect(view.groups[3]?.links[0]).toEqual({
      id: 'orientation-4',
      label: 'OR1 Getting started',
      to: null,
    });
    expect(view.groups[2]?.links.every((link) => link.to === null)).toBe(true);
  });

  it('goes straight to the one concentration when there is no orientation (course menu only)', () => {
    const one = source({ professional: [programme(5, 'professional', '105', 'Nursing')] });
    expect(flyoutView('course', one)).toEqual({
      kind: 'link',
      to: '/en/programme/professional-certificate/5/overview',
    });
    const classes = flyoutView('class', one);
    if (classes.kind !== 'menu') throw new Error('expected a menu');
    expect(classes.groups[0]?.links[0]?.to).toBe(
      '/en/programme/professional-certificate/5/classes',
    );
    const withOrientation = source({
      professional: [programme(5, 'professional', '105', 'Nursing')],
      orientation: [{ id: 4, code: 'OR1', title: 'Getting started' }],
    });
    expect(flyoutView('course', withOrientation).kind).toBe('menu');
  });

  it('carries the error text of the concentrations as the menu error', () => {
    const view = flyoutView('course', source({ error: 'The Server did not respond.' }));
    expect(view).toEqual({ kind: 'menu', groups: [], error: 'The Server did not respond.' });
  });
});
