import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseDataSchema, type MenuNode } from '@lantern/contracts/current-user';
import { MENU_PAGES, PAGES, programmeEntryStep, type Page } from '@lantern/contracts/pages';
import { ROLE_KEYS, defaultRightsOf } from '@lantern/contracts/roles';
import { buildTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

/** Every node of the menu with a path, flyout entries included. */
const linked = (nodes: MenuNode[]): MenuNode[] =>
  nodes.flatMap((n) => [...(n.path !== null ? [n] : []), ...linked(n.children ?? [])]);

/** The page a menu path opens, with the programme id it names, if any. */
function pageOf(path: string, rights: ReadonlySet<string>): { page: Page; id?: string } | null {
  const bare = path.split('?')[0] ?? '';
  if (bare === 'programme') {
    const step = programmeEntryStep(rights);
    return step?.page ? { page: PAGES[step.page] } : null;
  }
  for (const page of Object.values(MENU_PAGES)) {
    const pattern = new RegExp(`^${page.path.replace(':id', '(\\d+)')}$`);
    const match = pattern.exec(bare);
    if (match) return match[1] ? { page, id: match[1] } : { page };
  }
  return null;
}

describe('the menu table', () => {
  it('names, for every page, the API route it loads, which declares the same right', () => {
    for (const [key, page] of Object.entries(MENU_PAGES)) {
      const [method, url] = page.api.split(' ');
      const route = t.routes.find((r) => r.method === method && r.url === url);
      expect(route, `${key}: ${page.api}`).toBeDefined();
      expect(route?.access, `${key}: ${page.api}`).toEqual({ right: page.right });
    }
  });
});

/** Every demo role in each mode it may work in: sis for all, lms for holders of its right. */
const MODE_ROLES = ROLE_KEYS.flatMap((role) => [
  ['sis', role.toLowerCase()] as const,
  ...(defaultRightsOf(role).includes('GENERAL_LMS__DISPLAY')
    ? [['lms', role.toLowerCase()] as const]
    : []),
]);

describe('every menu entry of every demo role leads where the role may go', () => {
  it.each(MODE_ROLES)('%s: %s', async (mode, username) => {
    const headers = await t.as(username);
    const res = await t.app.inject({ url: `/api/general/current-user/${mode}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    const { user, menu } = baseDataSchema.parse(res.json());
    const rights = new Set(user.applicationRights);
    for (const node of linked(menu)) {
      const path = node.path ?? '';
      if (path === 'home') continue;
      const target = pageOf(path, rights);
      expect(target, `${username}: ${node.label} → ${path} is no known page`).not.toBeNull();
      if (!target) continue;
      expect(
        rights.has(target.page.right),
        `${username}: ${node.label} needs ${target.page.right}`,
      ).toBe(true);
      // The page's API read answers the role (rows in scope included: a programme or class of
      // a flyout is one the role reaches). A page that only posts is held by its right above.
      const [method, pattern] = target.page.api.split(' ');
      if (method !== 'GET') continue;
      // The page's one parameter (a programme, course or class id; the concentration) is its id.
      const url = pattern?.replace(':locale', 'en').replace(/:\w+/, target.id ?? '');
      const answer = await t.app.inject({ url, headers });
      expect(answer.statusCode, `${username}: ${node.label} → ${url}: ${answer.body}`).toBe(200);
    }
  });
});

describe('the course and class flyouts', () => {
  const menuOf = async (username: string) => {
    const res = await t.app.inject({
      url: '/api/general/current-user/sis',
      headers: await t.as(username),
    });
    return baseDataSchema.parse(res.json()).menu;
  };
  const entryIds = (menu: MenuNode[], id: string) =>
    linked(menu.filter((n) => n.id === id))
      .map((n) => /(\d+)\/classes$/.exec(n.path ?? '')?.[1])
      .filter((x) => x !== undefined)
      .map(Number)
      .sort((a, b) => a - b);
  const staffed = async (username: string) =>
    (
      await t.database.query<{ id: number }>(
        `select distinct c.programme_id as id from classes c
         join class_staff s on s.class_id = c.id join users u on u.jwl_id = s.user_id
         join programmes p on p.id = c.programme_id
         where u.username = $1 and p.type = 'professional' and p.status <> 'cancelled'
         order by 1`,
        [username],
      )
    ).map((r) => r.id);

  it('lists for staff without PC_CLASS__DISPLAY the programmes whose classes they staff', async () => {
    for (const username of ['facilitator', 'faculty', 'teaching_assistant']) {
      const own = await staffed(username);
      expect(own.length, username).toBeGreaterThan(0);
      expect(entryIds(await menuOf(username), 'class'), username).toEqual(own);
    }
    const all = await t.database.query<{ id: number }>(
      `select id from programmes where type = 'professional' and status <> 'cancelled' order by 1`,
    );
    expect(entryIds(await menuOf('admin'), 'class')).toEqual(all.map((r) => r.id));
    expect(all.length).toBeGreaterThan((await staffed('faculty')).length);
  });

  it('leaves out a Programmes or Courses entry that would lead nowhere', async () => {
    for (const username of ['faculty', 'teaching_assistant', 'api_user', 'facilitator']) {
      const ids = (await menuOf(username)).map((n) => n.id);
      expect(ids, username).not.toContain('programmes');
      expect(ids, username).not.toContain('course');
    }
    expect((await menuOf('api_user')).map((n) => n.id)).not.toContain('class');
    const lead = await menuOf('lead_faculty');
    expect(lead.map((n) => n.id)).toEqual(
      expect.arrayContaining(['programmes', 'course', 'class']),
    );
  });

  it('offers every training (WBT_ALL) in the learning menu to its holders only', async () => {
    const lmsMenu = async (username: string) => {
      const res = await t.app.inject({
        url: '/api/general/current-user/lms',
        headers: await t.as(username),
      });
      return baseDataSchema.parse(res.json()).menu;
    };
    const entry = (await lmsMenu('lead_faculty')).find((n) => n.id === 'wbts');
    expect(entry?.path).toBe('wbts');
    for (const username of ['student', 'faculty'])
      expect(
        (await lmsMenu(username)).map((n) => n.id),
        username,
      ).not.toContain('wbts');
  });
});
