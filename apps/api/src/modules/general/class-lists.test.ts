import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseDataSchema, type MenuNode } from '@lantern/contracts/current-user';
import type { LmsHome } from '@lantern/contracts/learning-work';
import type { ClassPage } from '@lantern/contracts/teaching';
import { buildTestApp, type TestApp } from '../../../test/helpers';

// The class lists (decision 0019, "Class lists"): the Classes flyout, "Your classes" on the lms
// home and "All my classes" show running classes first, then upcoming ones; past and empty ones
// are behind "Past classes"; the flyout is cut and "All my classes" lists every one, paged.

let t: TestApp;
let headers: { authorization: string };
/** The classes made here, by what they are. */
const made = { running2: [] as number[], running1: [] as number[], upcoming: 0, past: 0, empty: 0 };

const one = async <T extends Record<string, unknown>>(text: string, params: unknown[] = []) => {
  const [row] = await t.database.query<T>(text, params);
  if (!row) throw new Error(`no row: ${text}`);
  return row;
};

beforeAll(async () => {
  t = await buildTestApp();
  const { jwl_id: me } = await one<{ jwl_id: number }>(
    `select jwl_id from users where username = 'teaching_assistant'`,
  );
  await t.database.query(`delete from class_staff where user_id = $1`, [me]);
  const { id: clc } = await one<{ id: number }>(`select id from clcs where code = 'KAK'`);
  const students = (
    await t.database.query<{ id: number }>(
      `select u.jwl_id as id from users u join user_roles r on r.user_id = u.jwl_id
        and r.role_key = 'STUDENT' order by u.jwl_id limit 20`,
    )
  ).map((s) => s.id);
  let code = 960;
  /** A professional programme with a course and `n` classes at KAK, each with one student. */
  const programme = async (start: string, end: string, status: string, n: number, full = true) => {
    const { id } = await one<{ id: number }>(
      `insert into programmes (type, code, internal_name, title, start_date, end_date, status)
       values ('professional', $1, 'Class lists', 'Class lists', $2, $3, $4) returning id`,
      [String(code++), start, end, status],
    );
    await t.database.query(`insert into programme_clcs (programme_id, clc_id) values ($1, $2)`, [
      id,
      clc,
    ]);
    await t.database.query(
      `insert into programme_courses (programme_id, code, title, units, position)
       values ($1, 'CL1', 'Class lists', 1, 1)`,
      [id],
    );
    const ids: number[] = [];
    for (let i = 0; i < n; i += 1) {
      const { id: k } = await one<{ id: number }>(
        `insert into classes (programme_id, clc_id, name) values ($1, $2, $3) returning id`,
        [id, clc, `CL-${String(i + 10)}`],
      );
      await t.database.query(
        `insert into class_staff (class_id, user_id, kind) values ($1, $2, 'assistant')`,
        [k, me],
      );
      if (full)
        await t.database.query(
          `insert into enrolments (programme_id, user_id, clc_id, state, class_id)
           values ($1, $2, $3, 'active', $4)`,
          [id, students[i], clc, k],
        );
      ids.push(k);
    }
    return ids;
  };
  const year = new Date().getUTCFullYear();
  made.running1 = await programme(
    `${String(year - 1)}-01-01`,
    `${String(year + 1)}-12-31`,
    'running',
    14,
  );
  made.running2 = await programme(
    `${String(year)}-01-01`,
    `${String(year + 1)}-12-31`,
    'running',
    2,
  );
  [made.upcoming = 0] = await programme(
    `${String(year + 1)}-06-01`,
    `${String(year + 2)}-12-31`,
    'preparing',
    1,
  );
  [made.past = 0] = await programme(
    `${String(year - 3)}-01-01`,
    `${String(year - 2)}-12-31`,
    'finished',
    1,
  );
  [made.empty = 0] = await programme(
    `${String(year)}-01-01`,
    `${String(year + 1)}-12-31`,
    'running',
    1,
    false,
  );
  headers = await t.as('teaching_assistant');
});
afterAll(async () => t.close());

const classIds = (nodes: MenuNode[] | undefined): number[] =>
  (nodes ?? []).flatMap((n) => {
    const match = /^class\/(\d+)$/.exec(n.path ?? '');
    return [...(match ? [Number(match[1])] : []), ...classIds(n.children)];
  });

describe('the class lists', () => {
  it('the Classes flyout: running first, cut at 15; past and empty ones behind "Past classes"', async () => {
    const res = await t.app.inject({ url: '/api/general/current-user/lms', headers });
    expect(res.statusCode, res.body).toBe(200);
    const flyout = baseDataSchema.parse(res.json()).menu.find((n) => n.id === 'class');
    expect(flyout?.children?.slice(0, 2)).toEqual([
      { id: 'class-all', label: 'All my classes', path: 'class_root' },
      { id: 'class-past', label: 'Past classes', path: 'class_root?phase=past' },
    ]);
    // The latest running programme's classes first, then the earlier one's by name; 16 running
    // classes are cut at 15, so the upcoming one is on "All my classes" only.
    expect(classIds(flyout?.children)).toEqual([...made.running2, ...made.running1.slice(0, 13)]);
  });

  it('"All my classes": every class, running, then upcoming, past and empty; "Past classes" filters', async () => {
    const get = async (query: string) => {
      const r = await t.app.inject({ url: `/api/en/lms/classes?${query}`, headers });
      expect(r.statusCode, r.body).toBe(200);
      return r.json<ClassPage>();
    };
    const all = await get('limit=100');
    expect(all.total).toBe(19);
    expect(all.items.map((k) => k.id)).toEqual([
      ...made.running2,
      ...made.running1,
      made.upcoming,
      made.past,
      made.empty,
    ]);
    expect(all.items.map((k) => k.phase)).toEqual([
      ...Array<string>(16).fill('running'),
      'upcoming',
      'past',
      'empty',
    ]);
    const page2 = await get('limit=10&page=2');
    expect(page2.items.map((k) => k.id)).toEqual(all.items.slice(10).map((k) => k.id));
    const past = await get('phase=past');
    expect(past.items.map((k) => k.id)).toEqual([made.past, made.empty]);
    const current = await get('phase=current&limit=100');
    expect(current.total).toBe(17);
    const searched = await get(`q=CL-10&phase=current`);
    expect(searched.items.map((k) => k.id)).toEqual([
      made.running2[0],
      made.running1[0],
      made.upcoming,
    ]);
  });

  it('"Your classes" on the home: running then upcoming, at most 10, with the total', async () => {
    const res = await t.app.inject({ url: '/api/en/lms/home', headers });
    expect(res.statusCode, res.body).toBe(200);
    const home = res.json<LmsHome>();
    expect(home.classes.map((k) => k.id)).toEqual([...made.running2, ...made.running1.slice(0, 8)]);
    expect(home.classes.every((k) => k.phase === 'running')).toBe(true);
    expect(home.classesTotal).toBe(17);
  });
});
