import type { Context, Scenario } from '../lib/context';
import { LatencyClient, signIn } from '../lib/load';
import { quantile, startAppWithStudents, type PeopleApp } from '../lib/people';
import { log, median, result, type Result } from '../lib/report';

/** Ten announcements to every student: 10 × ~100,000 notifications, a million in the table. */
const ROUNDS = 10;
const COUNT_SAMPLES = 1000;
const WARMUP = 50;
const POLL_MS = 50;
const DELIVERY_TIMEOUT_MS = 120_000;
/** 3 % of generated students are locked and receive nothing: this many make 100,000 active. */
const STUDENTS = 103_200;

type Announcement = { id: number; received: number; deliveredAt: string | null };

async function api<T>(app: PeopleApp, token: string, path: string, init: RequestInit = {}) {
  const response = await fetch(`${app.app.url}${path}`, {
    ...init,
    headers: {
      authorization: `Bearer ${token}`,
      ...(init.body ? { 'content-type': 'application/json' } : {}),
    },
  });
  const text = await response.text();
  if (!response.ok)
    throw new Error(`${path} answered ${String(response.status)}: ${text.slice(0, 500)}`);
  return JSON.parse(text) as T;
}

/**
 * Publishes an announcement to the role STUDENT through the API and waits until the background
 * job has made every notification (the announcement says it is delivered, with its reach).
 */
async function publishAndWait(app: PeopleApp, token: string, round: number, expected: number) {
  const started = performance.now();
  const created = await api<Announcement>(app, token, '/api/en/announcements', {
    method: 'POST',
    body: JSON.stringify({
      title: `Bench announcement ${String(round)}`,
      body: 'To every student of the network.',
      audience: { roles: ['STUDENT'] },
      publish: true,
    }),
  });
  for (;;) {
    const now = await api<Announcement>(app, token, `/api/en/announcements/${String(created.id)}`);
    if (now.deliveredAt !== null && now.received === expected) break;
    if (performance.now() - started > DELIVERY_TIMEOUT_MS)
      throw new Error(
        `Announcement ${String(created.id)} reached ${String(now.received)} of ${String(expected)} in ${String(DELIVERY_TIMEOUT_MS)} ms.`,
      );
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  return performance.now() - started;
}

const STUDENTS_SQL = `select u.jwl_id from users u
  join user_roles r on r.user_id = u.jwl_id and r.role_key = 'STUDENT' where u.status = 'active'`;

export const announcementsScenario: Scenario = {
  name: 'announcements',
  summary: `an announcement to every student (~100,000) on PGlite, until all notifications exist (against a bare INSERT … SELECT of the same rows); the bell's unread count with ${String(ROUNDS / 10)} million notifications, p99 (against the bare indexed count)`,
  run: async (context: Context): Promise<Result[]> => {
    const people = await startAppWithStudents(context, 'pglite', {}, STUDENTS);
    try {
      const { token } = await signIn(people.app.url, 'admin');
      const [students] = await people.floor.query<{ n: number }>(
        `select count(*)::int as n from (${STUDENTS_SQL}) s`,
      );
      const expected = students?.n ?? 0;
      if (expected < 100_000) throw new Error(`Only ${String(expected)} students to address.`);

      const deliveryMs: number[] = [];
      const floorMs: number[] = [];
      for (let round = 1; round <= ROUNDS; round += 1) {
        deliveryMs.push(await publishAndWait(people, token, round, expected));
        // The floor: the same rows by a bare INSERT … SELECT into the same table, in process.
        const [a] = await people.floor.query<{ id: number }>(
          `insert into announcements (title, body, audience_roles, status)
           values ('Floor', 'Floor', '{STUDENT}', 'published') returning id`,
        );
        const started = performance.now();
        await people.floor.query(
          `insert into notifications (user_id, type, announcement_id)
           select s.jwl_id, 'announcement', $1 from (${STUDENTS_SQL}) s`,
          [a?.id ?? 0],
        );
        floorMs.push(performance.now() - started);
        log(
          `  round ${String(round)}: ${String(expected)} notifications in ${(deliveryMs.at(-1) ?? 0).toFixed(0)} ms (floor ${(floorMs.at(-1) ?? 0).toFixed(0)} ms)`,
        );
      }
      await people.floor.exec('analyze notifications');
      const [total] = await people.floor.query<{ n: number }>(
        `select count(*)::int as n from notifications`,
      );

      // The bell of the demo student: the app's whole request against the bare count.
      const { token: studentToken } = await signIn(people.app.url, 'student');
      const [student] = await people.floor.query<{ jwl_id: number }>(
        `select jwl_id from users where username = 'student'`,
      );
      const studentId = student?.jwl_id ?? 0;
      // The requests first, then the bare counts: interleaved, the bare count's garbage in this
      // process (its own PGlite) was collected during the next request and timed with it.
      const countMs: number[] = [];
      const bareMs: number[] = [];
      let unread = -1;
      const bell = new LatencyClient(people.app.url, studentToken);
      try {
        for (let i = 0; i < WARMUP + COUNT_SAMPLES; i += 1) {
          const started = performance.now();
          const answer = await bell.get<{ total: number }>('/api/en/notifications/unread-count');
          const ms = performance.now() - started;
          if (i >= WARMUP) countMs.push(ms);
          unread = answer.total;
        }
      } finally {
        bell.close();
      }
      for (let i = 0; i < WARMUP + COUNT_SAMPLES; i += 1) {
        const bareStarted = performance.now();
        await people.floor.query(
          `select type, count(*)::int from notifications
            where user_id = $1 and is_read = false and (expires_at is null or expires_at > now())
            group by type`,
          [studentId],
        );
        const bare = performance.now() - bareStarted;
        if (i >= WARMUP) bareMs.push(bare);
      }
      const p99 = quantile(countMs, 0.99);
      const floorP99 = quantile(bareMs, 0.99);
      log(
        `  unread count (${String(unread)} unread of ${String(total?.n ?? 0)} notifications): p50 ${quantile(countMs, 0.5).toFixed(2)} ms, p99 ${p99.toFixed(2)} ms; bare count p99 ${floorP99.toFixed(2)} ms`,
      );

      return [
        result({
          scenario: 'announcements',
          name: `announcement to ${String(expected)} students, until all notifications exist`,
          unit: 'ms',
          value: median(deliveryMs),
          floor: median(floorMs),
          target: { on: 'value', op: '<=', limit: 10_000 },
          detail: {
            recipients: expected,
            rounds: ROUNDS,
            deliveryMs: deliveryMs.map((ms) => Math.round(ms)),
            floorMs: floorMs.map((ms) => Math.round(ms)),
            note: 'as admin on PGlite with 103,200 generated students over 50 CLCs (100,000 of them active) and the demo data: POST /api/en/announcements (audience: role STUDENT, publish) until GET …/announcements/:id says delivered with every recipient; the notifications are made by the pg-boss job, whose worker the app wakes when it sends it; the median of 10 rounds, the table growing to a million rows; floor: a bare INSERT … SELECT of the same recipients into the same table on a copy of the data in this process',
          },
        }),
        result({
          scenario: 'announcements',
          name: `unread count with ${String(total?.n ?? 0)} notifications, p99`,
          unit: 'ms',
          value: p99,
          floor: floorP99,
          target: { on: 'value', op: '<=', limit: 10 },
          detail: {
            notifications: total?.n ?? 0,
            unread,
            samples: COUNT_SAMPLES,
            p50: Number(quantile(countMs, 0.5).toFixed(3)),
            floorP50: Number(quantile(bareMs, 0.5).toFixed(3)),
            note: 'GET /api/en/notifications/unread-count of the demo student, one request at a time over one kept-alive connection (node:http; the whole HTTP request: sign-in check, rights, the count by type), 50 warm-up requests first; floor: the same count SQL on the copy in this process, measured after the requests',
          },
        }),
      ];
    } catch (error) {
      log(`  the app said:\n${people.app.output().slice(-3000)}`);
      throw error;
    } finally {
      await people.close();
    }
  },
};
