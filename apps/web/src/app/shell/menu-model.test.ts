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

  it('treats a flyout with a path and nothing below it as a link (one programme)', () => {
    expect(
      isLinkNode({ id: 'course', label: 'Courses', path: 'x/1/overview', flyout: 'course' }),
    ).toBe(true);
    expect(
      isLinkNode({ id: 'course', label: 'Courses', path: null, flyout: 'course', children: [] }),
    ).toBe(false);
  });

  it('groups a flyout’s programmes under the group labels the server gives, with their searches', () => {
    const node: MenuNode = {
      id: 'course',
      label: 'Courses',
      path: null,
      flyout: 'course',
      children: [
        {
          id: 'course-bachelor',
          label: 'Academic certificate and degree',
          path: null,
          children: [
            {
              id: 'course-bachelor-7',
              label: 'BA1 Liberal Studies',
              path: 'programme/list/bachelor?q=BA1',
            },
          ],
        },
      ],
    };
    expect(menuGroups(node)).toEqual([
      {
        label: 'Academic certificate and degree',
        links: [
          {
            id: 'course-bachelor-7',
            label: 'BA1 Liberal Studies',
            to: '/en/programme/list/bachelor?q=BA1',
          },
        ],
      },
    ]);
  });
});
