import { describe, expect, it } from 'vitest';
import type { MenuNode } from '@lantern/contracts/current-user';
import { isLinkNode, menuGroups } from './menu-model';

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
