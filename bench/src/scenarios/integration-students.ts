import type { Context, Scenario } from '../lib/context';
import { signIn } from '../lib/load';
import { quantile, startAppWithStudents } from '../lib/people';
import { log, result, type Result } from '../lib/report';

// Decision 0022 (as built: integration): the BA_API student list of a 5,000-student bachelor
// programme, read a page of 100 at a time with an API token, on PostgreSQL. The token's
// authentication (hash lookup, principal, last-use mark at most once a minute) must cost about
// what a signed-in request's does: measured against the same page with an access token, and
// against the bare SQL of the page.

const STUDENTS = 5_000;
const RUNS = 200;
const WARMUP = 20;
const LIMIT = 100;

/** The page's statement as integration.service.ts listStudents runs it (no CLC condition). */
const FLOOR_SQL = `select e.id as enrolment_id, u.jwl_id, u.first_name, u.last_name, u.email, k.code as clc,
    (select c.code from ba_cohort_members m join ba_cohorts c on c.id = m.cohort_id
      where m.enrolment_id = e.id limit 1) as cohort,
    e.state::text as state, x.status::text as export_status,
    (select coalesce(sum(l.credits), 0) from ba_credit_ledger l where l.enrolment_id = e.id) as credits
  from enrolments e join users u on u.jwl_id = e.user_id
  left join clcs k on k.id = e.clc_id
  left join ba_export_statuses x on x.enrolment_id = e.id
  where e.programme_id = $1 and e.state in ('active', 'withdrawn', 'completed', 'failed')
    and e.id > $2
  order by e.id limit ${String(LIMIT + 1)}`;

async function measure(context: Context): Promise<Result[]> {
  const people = await startAppWithStudents(
    context,
    'postgres',
    { LANTERN_WORKERS: '0' },
    STUDENTS,
  );
  try {
    const db = people.floor;
    const [programme] = await db.query<{ id: number }>(
      `insert into programmes (type, code, internal_name, title, start_date, end_date, status, certifying_university)
       values ('bachelor', 'BAPI', 'Integration bench', 'Integration bench', '2024-09-01', '2028-06-30',
         'running', 'Bench University') returning id`,
    );
    const programmeId = programme?.id ?? 0;
    await db.query(
      `insert into programme_clcs (programme_id, clc_id)
       select distinct $1::int, uc.clc_id from user_clcs uc on conflict do nothing`,
      [programmeId],
    );
    await db.query(
      `insert into enrolments (programme_id, user_id, clc_id, state)
       select $1::int, u.jwl_id, (select min(uc.clc_id) from user_clcs uc where uc.user_id = u.jwl_id), 'active'
       from users u join user_roles r on r.user_id = u.jwl_id and r.role_key = 'STUDENT'
       where not exists (select 1 from enrolments e where e.user_id = u.jwl_id)
       order by u.jwl_id limit $2`,
      [programmeId, STUDENTS],
    );
    // Every student has three earned courses in the ledger and a third an export status.
    await db.query(
      `insert into ba_credit_ledger (enrolment_id, kind, credits)
       select e.id, 'earned', 3 from enrolments e cross join generate_series(1, 3)
       where e.programme_id = $1`,
      [programmeId],
    );
    await db.query(
      `insert into ba_export_statuses (enrolment_id, status)
       select e.id, 'completed' from enrolments e where e.programme_id = $1 and e.id % 3 = 0`,
      [programmeId],
    );
    await db.exec('vacuum analyze');
    const [count] = await db.query<{ n: number }>(
      `select count(*)::int as n from enrolments where programme_id = $1`,
      [programmeId],
    );
    const total = count?.n ?? 0;

    const { token: adminToken } = await signIn(people.app.url, 'admin');
    const [apiUser] = await db.query<{ id: number }>(
      `select jwl_id as id from users where username = 'api_user'`,
    );
    const made = await fetch(`${people.app.url}/api/en/api-tokens`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ userId: apiUser?.id, name: 'bench' }),
    });
    if (!made.ok) throw new Error(`Creating a token answered ${String(made.status)}`);
    const apiToken = ((await made.json()) as { token: string }).token;

    const url = (after: number) =>
      `${people.app.url}/api/en/integration/programme/bachelor/${String(programmeId)}/students?limit=${String(LIMIT)}&after=${String(after)}`;
    const page = async (bearer: string, after: number) => {
      const response = await fetch(url(after), { headers: { authorization: `Bearer ${bearer}` } });
      const text = await response.text();
      if (!response.ok)
        throw new Error(
          `The student list answered ${String(response.status)}: ${text.slice(0, 300)}`,
        );
      return JSON.parse(text) as { items: unknown[]; next: number | null };
    };
    // The whole list through the API token, page by page.
    const walkStarted = performance.now();
    let after = 0;
    let rows = 0;
    for (;;) {
      const body = await page(apiToken, after);
      rows += body.items.length;
      if (body.next === null) break;
      after = body.next;
    }
    const walkMs = performance.now() - walkStarted;
    if (rows !== total) throw new Error(`The walk read ${String(rows)} of ${String(total)}`);

    const [first] = await db.query<{ id: number }>(
      `select min(id)::int as id from enrolments where programme_id = $1`,
      [programmeId],
    );
    const offsets = Array.from(
      { length: RUNS + WARMUP },
      (_, k) => (first?.id ?? 0) + ((k * 97) % STUDENTS),
    );
    const tokenMs: number[] = [];
    const jwtMs: number[] = [];
    const sqlMs: number[] = [];
    for (let k = 0; k < offsets.length; k += 1) {
      const at = offsets[k] ?? 0;
      let t0 = performance.now();
      await db.query(FLOOR_SQL, [programmeId, at]);
      const sql = performance.now() - t0;
      t0 = performance.now();
      await page(apiToken, at);
      const viaToken = performance.now() - t0;
      t0 = performance.now();
      await page(adminToken, at);
      const viaJwt = performance.now() - t0;
      if (k < WARMUP) continue;
      sqlMs.push(sql);
      tokenMs.push(viaToken);
      jwtMs.push(viaJwt);
    }
    const tokenP99 = quantile(tokenMs, 0.99);
    const jwtP99 = quantile(jwtMs, 0.99);
    const sqlP99 = quantile(sqlMs, 0.99);
    log(
      `  ${String(total)} students; whole list through the token in pages of ${String(LIMIT)}: ${walkMs.toFixed(0)} ms; one page p50/p99: token ${quantile(tokenMs, 0.5).toFixed(1)}/${tokenP99.toFixed(1)} ms, access token ${quantile(jwtMs, 0.5).toFixed(1)}/${jwtP99.toFixed(1)} ms, bare SQL ${quantile(sqlMs, 0.5).toFixed(1)}/${sqlP99.toFixed(1)} ms`,
    );
    const detail = {
      students: total,
      walkMs: Math.round(walkMs),
      tokenP50ms: Number(quantile(tokenMs, 0.5).toFixed(2)),
      tokenP99ms: Number(tokenP99.toFixed(2)),
      jwtP50ms: Number(quantile(jwtMs, 0.5).toFixed(2)),
      jwtP99ms: Number(jwtP99.toFixed(2)),
      sqlP50ms: Number(quantile(sqlMs, 0.5).toFixed(2)),
      sqlP99ms: Number(sqlP99.toFixed(2)),
      note: `${String(RUNS)} pages after ${String(WARMUP)} warm-up at spread offsets: bare SQL on a pg Pool, then the route with the API token, then with an access token (admin)`,
    };
    return [
      result({
        scenario: 'integration-students',
        name: `BA_API students page of ${String(LIMIT)} with an API token, p99 (PostgreSQL, ${String(STUDENTS)} students)`,
        unit: 'ms',
        value: tokenP99,
        floor: sqlP99,
        target: { on: 'value', op: '<=', limit: 50 },
        detail,
      }),
      result({
        scenario: 'integration-students',
        name: 'the same page: API token ÷ access token, p99',
        unit: 'ms',
        value: tokenP99,
        floor: jwtP99,
        target: { on: 'ratio', op: '<=', limit: 1.5 },
        detail,
      }),
    ];
  } finally {
    await people.close();
  }
}

export const integrationStudents: Scenario = {
  name: 'integration-students',
  summary:
    'BA_API student list of a 5,000-student bachelor programme with an API token (PostgreSQL): page p99 against bare SQL and against an access token',
  run: measure,
};
