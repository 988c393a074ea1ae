import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
let token: Record<string, string>;
let programmeId: number;
let enrolments: { id: number; user_id: number }[];

const q = <T extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
  t.database.query<T>(text, params);

beforeAll(async () => {
  t = await buildTestApp();
  const admin = await t.as('admin');
  const [api] = await q<{ id: number }>(
    `select jwl_id as id from users where username = 'api_user'`,
  );
  const made = await t.app.inject({
    method: 'POST',
    url: '/api/en/api-tokens',
    headers: admin,
    payload: { userId: api?.id, name: 'integration test' },
  });
  token = { authorization: `Bearer ${made.json<{ token: string }>().token}` };
  // A bachelor programme of its own (the demo's 512 has seeded terms, results and statuses):
  // five active students at KAK, course LIB110.
  const [p] = await q<{ id: number }>(
    `insert into programmes (type, code, internal_name, title, start_date, end_date, status)
     values ('bachelor', '964', 'Integration test', 'Integration test', '2026-01-01', '2029-12-31', 'running')
     returning id`,
  );
  programmeId = p?.id ?? 0;
  await q(
    `insert into programme_clcs (programme_id, clc_id) select $1, id from clcs where code = 'KAK'`,
    [programmeId],
  );
  await q(
    `insert into programme_courses (programme_id, code, title, units, position)
     values ($1, 'LIB110', 'Integration course', 3, 0)`,
    [programmeId],
  );
  await q(
    `insert into enrolments (programme_id, user_id, clc_id, state)
     select $1, u.jwl_id, uc.clc_id, 'active' from users u
     join user_clcs uc on uc.user_id = u.jwl_id join clcs c on c.id = uc.clc_id and c.code = 'KAK'
     join user_roles r on r.user_id = u.jwl_id and r.role_key = 'STUDENT'
     where not exists (select 1 from enrolments e where e.user_id = u.jwl_id)
     order by u.jwl_id limit 5`,
    [programmeId],
  );
  enrolments = await q<{ id: number; user_id: number }>(
    `select id, user_id from enrolments where programme_id = $1 and state = 'active' order by id limit 4`,
    [programmeId],
  );
  const [term] = await q<{ id: number }>(
    `insert into ba_terms (programme_id, year, season, name, start_date, weeks)
     values ($1, 2036, 'fa', 'Fall 2036', '2036-09-01', 14) returning id`,
    [programmeId],
  );
  const [course] = await q<{ id: number }>(
    `select id from programme_courses where programme_id = $1 and code = 'LIB110'`,
    [programmeId],
  );
  const [offering] = await q<{ id: number }>(
    `insert into ba_offerings (term_id, course_id) values ($1, $2) returning id`,
    [term?.id, course?.id],
  );
  for (const e of enrolments)
    await q(`insert into ba_student_courses (offering_id, enrolment_id) values ($1, $2)`, [
      offering?.id,
      e.id,
    ]);
  await q(
    `insert into course_results (enrolment_id, course_id, score, is_final) values ($1, $2, 3.5, true)`,
    [enrolments[0]?.id, course?.id],
  );
  // The term's attempt has that result (what the term's results read).
  await q(
    `insert into ba_attempt_results (student_course_id, score, is_final, version)
     select id, 3.5, true, 1 from ba_student_courses where offering_id = $1 and enrolment_id = $2`,
    [offering?.id, enrolments[0]?.id],
  );
  await q(
    `insert into ba_credit_ledger (enrolment_id, kind, course_id, credits) values ($1, 'earned', $2, 3)`,
    [enrolments[0]?.id, course?.id],
  );
  await q(
    `insert into ba_export_statuses (enrolment_id, status) values ($1, 'completed-exported'), ($2, 'completed')`,
    [enrolments[0]?.id, enrolments[1]?.id],
  );
});
afterAll(async () => t.close());

const get = (url: string, headers = token) => t.app.inject({ url, headers });
const base = () => `/api/en/integration/programme/bachelor/${String(programmeId)}`;

describe('integration API (BA_API)', () => {
  it('lists bachelor programmes only', async () => {
    const res = await get('/api/en/integration/programme/bachelor');
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json<{ items: { code: string; students: number }[] }>().items;
    expect(items.map((i) => i.code)).toEqual(expect.arrayContaining(['512', '524', '964']));
    const [count] = await q<{ n: number }>(
      `select count(*)::int as n from enrolments e join programmes p on p.id = e.programme_id
       where p.code = '512' and e.state = 'active'`,
    );
    expect(count?.n).toBeGreaterThanOrEqual(18);
    expect(items.find((i) => i.code === '512')?.students).toBe(count?.n);
  });

  it('lists students with cohort, export status and credits, paged by after', async () => {
    const res = await get(`${base()}/students?limit=2`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<{
      items: { enrolmentId: number; exportStatus: string | null; credits: number }[];
      next: number | null;
    }>();
    expect(page.items).toHaveLength(2);
    expect(page.next).toBe(page.items[1]?.enrolmentId);
    const first = page.items.find((i) => i.enrolmentId === enrolments[0]?.id);
    expect(first?.exportStatus).toBe('completed-exported');
    expect(first?.credits).toBe(3);
    const rest = await get(`${base()}/students?limit=100&after=${String(page.next)}`);
    const [count] = await q<{ n: number }>(
      `select count(*)::int as n from enrolments where programme_id = $1 and state = 'active'`,
      [programmeId],
    );
    expect(rest.json<{ items: unknown[]; next: null }>().items).toHaveLength((count?.n ?? 0) - 2);
    const exported = await get(`${base()}/students?exportStatus=completed-exported`);
    expect(exported.json<{ items: unknown[] }>().items).toHaveLength(1);
  });

  it('lists terms and a term’s results', async () => {
    const terms = await get(`${base()}/terms`);
    expect(terms.json<{ items: { key: string; students: number }[] }>().items).toEqual([
      expect.objectContaining({ key: '2036-fa', students: 4 }),
    ]);
    const results = await get(`${base()}/terms/2036-fa/results`);
    expect(results.statusCode, results.body).toBe(200);
    const items = results.json<{ items: { score: number | null; final: boolean }[] }>().items;
    expect(items).toHaveLength(4);
    expect(items.filter((i) => i.final)).toEqual([
      expect.objectContaining({ score: 3.5, courseCode: 'LIB110', status: 'active' }),
    ]);
    const finals = await get(`${base()}/terms/2036-fa/results?finalOnly=true`);
    expect(finals.json<{ items: unknown[] }>().items).toHaveLength(1);
    expect((await get(`${base()}/terms/2025-sp/results`)).statusCode).toBe(404);
    expect((await get(`${base()}/terms/2026-xx/results`)).statusCode).toBe(400);
  });

  it('answers 404 for a programme of another type', async () => {
    const [other] = await q<{ id: number }>(
      `select id from programmes where type <> 'bachelor' order by id limit 1`,
    );
    const res = await get(`/api/en/integration/programme/bachelor/${String(other?.id)}/students`);
    expect(res.statusCode).toBe(404);
  });

  it('marks exported students graduated, all or nothing, repeatable', async () => {
    const url = `${base()}/graduated`;
    const post = (jwlIds: number[]) =>
      t.app.inject({ method: 'POST', url, headers: token, payload: { jwlIds } });
    const [exported, completed] = enrolments;
    const refused = await post([exported?.user_id ?? 0, completed?.user_id ?? 0]);
    expect(refused.statusCode).toBe(409);
    const [still] = await q<{ status: string }>(
      `select status::text from ba_export_statuses where enrolment_id = $1`,
      [exported?.id],
    );
    expect(still?.status).toBe('completed-exported');
    const ok = await post([exported?.user_id ?? 0]);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ graduated: [exported?.user_id], unchanged: [] });
    const again = await post([exported?.user_id ?? 0]);
    expect(again.json()).toEqual({ graduated: [], unchanged: [exported?.user_id] });
    const [logged] = await q<{ n: number }>(
      `select count(*)::int as n from audit_log where action = 'bachelor.export-status' and entity_id = $1`,
      [String(exported?.id)],
    );
    expect(logged?.n).toBe(1);
    expect((await post([999_999_999])).statusCode).toBe(404);
  });

  it('need BA_API rights: the university representative is refused', async () => {
    const rep = await t.as('university_representative');
    const res = await get('/api/en/integration/programme/bachelor', rep);
    expect(res.statusCode).toBe(403);
    expect(res.json<{ missingRight: string }>().missingRight).toBe('BA_API__DISPLAY');
    const viewer = await t.as('view_only_user');
    expect((await get('/api/en/integration/programme/bachelor', viewer)).statusCode).toBe(403);
  });

  it('are documented in the OpenAPI with the token scheme', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{
      paths: Record<string, Record<string, { tags: string[]; security: unknown[] }>>;
      components: { securitySchemes: Record<string, unknown> };
    }>();
    expect(doc.components.securitySchemes.apiToken).toBeTruthy();
    const students = doc.paths['/api/{locale}/integration/programme/bachelor/{id}/students'];
    expect(students?.get?.tags).toEqual(['integration']);
    expect(students?.get?.security).toEqual([{ apiToken: [] }]);
  });
});
