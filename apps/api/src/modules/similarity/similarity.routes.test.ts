import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  MySimilarity,
  SimilarityChecksPage,
  SimilarityMatchDetail,
  SimilarityReport,
} from '@lantern/contracts/similarity';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { makeTeachingFixture, type TeachingFixture } from '../../../test/teaching-fixture';
import { runCheck } from './checks.service';
import { extractText, SCANNED_PDF } from './extract';
import { docxWithText, essay, pdfWithoutText, pdfWithText } from './similarity.fixtures';
import { firstHandedIn } from './report.service';

/**
 * Similarity reports (decision 0020 §5) on the API: checks queued with a hand-in and run after
 * it, copies found and originals not flagged, reverse matches, extraction, failures that hold
 * nothing else, retries, and what each of the three rights sees.
 */

const LMS = '/api/en/lms';
let t: TestApp;
let f: TeachingFixture;
const h: Record<string, Record<string, string>> = {};
let task = 0;
/** submission ids by name */
const s: Record<string, number> = {};

// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the answer's type, as inject's res.json<T>() does
async function get<T>(url: string, who: string) {
  const res = await t.app.inject({ method: 'GET', url: `${LMS}${url}`, headers: h[who] ?? {} });
  return { status: res.statusCode, body: res.json<T>() };
}
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the answer's type, as inject's res.json<T>() does
async function post<T>(url: string, who: string) {
  const res = await t.app.inject({ method: 'POST', url: `${LMS}${url}`, headers: h[who] ?? {} });
  return { status: res.statusCode, body: res.json<T>() };
}

async function handIn(
  itemId: number,
  studentId: number,
  text: string,
  minutesAgo: number,
): Promise<number> {
  const [row] = await t.database.query<{ id: number }>(
    `insert into submissions (item_id, student_id, course_id, attempt, status, text, word_count, item_version, submitted_at)
     values ($1, $2, $3, 1, 'submitted', $4, 0, 1, now() - interval '1 minute' * $5) returning id::int as id`,
    [itemId, studentId, f.courseId, text, minutesAgo],
  );
  if (!row) throw new Error('no submission');
  return row.id;
}

async function queue(submissionId: number, itemId = task): Promise<number> {
  const [row] = await t.database.query<{ id: number }>(
    `insert into similarity_checks (submission_id, item_id, course_id, provider) values ($1, $2, $3, 'local')
     returning id::int as id`,
    [submissionId, itemId, f.courseId],
  );
  if (!row) throw new Error('no check');
  return row.id;
}

const checkOf = async (submissionId: number) => {
  const [row] = await t.database.query<{
    id: number;
    status: string;
    score: string | null;
    flagged: boolean;
    error: string | null;
    tries: number;
  }>(
    `select id::int as id, status, score, flagged, error, tries from similarity_checks where submission_id = $1`,
    [submissionId],
  );
  return row;
};

const INSTRUCTIONS =
  'Write about the river and the mountain near your home and what the people of the village do there in the morning';

beforeAll(async () => {
  t = await buildTestApp();
  f = await makeTeachingFixture(t, '961');
  for (const who of ['student', 'student_2', 'facilitator', 'facilitator_2', 'admin', 'faculty'])
    h[who] = await t.as(who);
  const [item] = await t.database.query<{ id: number }>(
    `insert into learning_items (unit_id, course_id, kind, title, body, position, is_published, published_at, delivery, max_points, grading)
     values ($1, $2, 'text_task', 'Essay', $3, 9, true, now(), 'online', 10, 'points') returning id`,
    [f.unitId, f.courseId, `<p>${INSTRUCTIONS}</p>`],
  );
  task = item?.id ?? 0;
  const [k1a = 0, k1b = 0, k1c = 0, k1d = 0] = f.students.k1;
  const [k2a = 0, k2b = 0, k2c = 0] = f.students.k2;
  const original = essay(1, 240);
  const words = original.split(' ');
  // A copies 60 % of the original (the first student's), handed in later.
  s.original = await handIn(task, k2b, original, 120);
  s.copy = await handIn(task, k1a, `${essay(2, 100)} ${words.slice(40, 190).join(' ')}`, 60);
  s.own1 = await handIn(task, k1b, `${INSTRUCTIONS}. ${essay(3, 220)}`, 50);
  s.own2 = await handIn(task, k1c, `${essay(4, 220)} ${INSTRUCTIONS}.`, 40);
  s.own3 = await handIn(task, k1d, essay(5, 220), 30);
  s.own4 = await handIn(task, k2a, essay(6, 220), 20);
  s.own5 = await handIn(task, k2c, essay(7, 220), 10);
});
afterAll(async () => t.close());

describe('the local matcher', () => {
  it('finds the seeded copy, marks the earlier work by reverse match, and flags no original', async () => {
    for (const name of ['original', 'own1', 'own2', 'own3', 'own4', 'own5', 'copy']) {
      const id = await queue(s[name] ?? 0);
      expect(await runCheck(t.deps, id, { final: true })).toBe('done');
    }
    const copy = await checkOf(s.copy ?? 0);
    expect(copy?.flagged).toBe(true);
    expect(Number(copy?.score)).toBeGreaterThan(50);
    // The first of the two shows the second too, its score from the mirrored passages.
    const original = await checkOf(s.original ?? 0);
    expect(original?.flagged).toBe(true);
    expect(Number(original?.score)).toBeGreaterThan(50);
    // Quoting the instructions is nobody's copying.
    for (const name of ['own1', 'own2', 'own3', 'own4', 'own5']) {
      const c = await checkOf(s[name] ?? 0);
      expect(c?.status).toBe('done');
      expect(c?.flagged, name).toBe(false);
      expect(Number(c?.score)).toBeLessThan(20);
    }
    const [m] = await t.database.query<{ other: number; passages: number[][] }>(
      `select other_submission_id::int as other, passages from similarity_matches m join similarity_checks c on c.id = m.check_id
       where c.submission_id = $1`,
      [s.copy],
    );
    expect(m?.other).toBe(s.original);
    const [text] = await t.database.query<{ text: string }>(
      `select text from submission_texts where submission_id = $1`,
      [s.copy],
    );
    const p = m?.passages[0] ?? [];
    expect(text?.text.slice(p[1], p[2])).toContain(
      essay(1, 240).split(' ').slice(50, 60).join(' '),
    );
  });
});

describe('extraction', () => {
  it('reads PDF and DOCX files the test builds, and skips a PDF without text with its sentence', async () => {
    const pdf = await extractText(
      'pdf',
      new Uint8Array(await pdfWithText(['The lantern over the harbour', 'was lit at dusk.'])),
    );
    expect(pdf.ok && pdf.text).toContain('The lantern over the harbour');
    const docx = await extractText(
      'docx',
      new Uint8Array(await docxWithText(['First paragraph of an essay.', 'Second one.'])),
    );
    expect(docx.ok && docx.text).toContain('First paragraph of an essay.');
    const scanned = await extractText('pdf', new Uint8Array(await pdfWithoutText()));
    expect(scanned).toEqual({ ok: false, source: 'pdf', reason: SCANNED_PDF });
    const broken = await extractText('docx', new Uint8Array(Buffer.from('not a zip')));
    expect(broken.ok).toBe(false);
  });

  it('checks a file task through the worker: a scanned PDF is skipped, one failing check holds no other', async () => {
    const put = async (bytes: Buffer, mime: string) => {
      const stored = await t.deps.files.put(bytes);
      const [file] = await t.database.query<{ id: string }>(
        `insert into files (kind, mime, size, sha256, storage_key) values ('submission', $1, $2, $3, $4) returning id`,
        [mime, bytes.length, stored.sha256, stored.storageKey],
      );
      return { id: file?.id ?? '', key: stored.storageKey };
    };
    const withFile = async (studentId: number, file: { id: string }) => {
      const [row] = await t.database.query<{ id: number }>(
        `insert into submissions (item_id, student_id, course_id, attempt, status, word_count, item_version, submitted_at)
         values ($1, $2, $3, 2, 'submitted', 0, 1, now()) returning id::int as id`,
        [f.fileTask, studentId, f.courseId],
      );
      await t.database.query(
        `insert into submission_files (submission_id, file_id, name) values ($1, $2, 'work.pdf')`,
        [row?.id, file.id],
      );
      return row?.id ?? 0;
    };
    const [a = 0, b = 0, c = 0] = f.students.k1.slice(1);
    const scanned = await withFile(a, await put(await pdfWithoutText(), 'application/pdf'));
    const gone = await put(await pdfWithText(['A file whose bytes are lost']), 'application/pdf');
    const lost = await withFile(b, gone);
    await t.deps.files.remove(gone.key);
    const good = await withFile(
      c,
      await put(
        await docxWithText([essay(11, 80)]),
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      ),
    );
    const ids = await Promise.all([scanned, lost, good].map((id) => queue(id, f.fileTask)));
    const outcomes = await Promise.allSettled(
      ids.map((id) => runCheck(t.deps, id, { final: false })),
    );
    expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value : 'threw'))).toEqual([
      'skipped',
      'threw',
      'done',
    ]);
    expect((await checkOf(scanned))?.error).toBe(SCANNED_PDF);
    // The sentence is for those who teach: the learner sees the work unchecked, without it.
    const [other] = await t.database.query<{ id: number }>(
      `insert into learning_items (unit_id, course_id, kind, title, position, is_published, published_at, delivery, max_points, grading)
       select unit_id, course_id, kind, 'Scanned work', 12, true, now(), delivery, max_points, grading
         from learning_items where id = $1 returning id`,
      [f.fileTask],
    );
    const otherTask = other?.id ?? 0;
    const file = await put(await pdfWithoutText(), 'application/pdf');
    const [own] = await t.database.query<{ id: number }>(
      `insert into submissions (item_id, student_id, course_id, attempt, status, word_count, item_version, submitted_at)
       values ($1, $2, $3, 1, 'submitted', 0, 1, now()) returning id::int as id`,
      [otherTask, f.students.k1[0], f.courseId],
    );
    const ownId = own?.id ?? 0;
    await t.database.query(
      `insert into submission_files (submission_id, file_id, name) values ($1, $2, 'scan.pdf')`,
      [ownId, file.id],
    );
    expect(await runCheck(t.deps, await queue(ownId, otherTask), { final: false })).toBe('skipped');
    const mine = await get<MySimilarity>(`/task/${String(otherTask)}/my-similarity`, 'student');
    expect(mine.status).toBe(200);
    expect(mine.body.check).toMatchObject({ status: 'skipped', error: null });
    expect(JSON.stringify(mine.body)).not.toContain('No text could be read');
    const theirs = await get<SimilarityReport>(
      `/submission/${String(ownId)}/similarity`,
      'facilitator',
    );
    expect(theirs.body.check?.error).toBe(SCANNED_PDF);
    // Not the last try: queued again with its error, for the retry.
    const retrying = await checkOf(lost);
    expect(retrying?.status).toBe('queued');
    expect(retrying?.tries).toBe(1);
    expect(retrying?.error).toBeTruthy();
    // The last try fails the check with its sentence.
    expect(await runCheck(t.deps, ids[1] ?? 0, { final: true })).toBe('failed');
    expect((await checkOf(lost))?.status).toBe('failed');
    expect((await checkOf(lost))?.tries).toBe(2);
  });
});

describe('the hand-in', () => {
  it('queues a check in its transaction and runs it after the response', async () => {
    const clientId = crypto.randomUUID();
    const [student] = f.students.k1;
    // The demo student has an answer in the fixture's text task: use a fresh task.
    const [item] = await t.database.query<{ id: number }>(
      `insert into learning_items (unit_id, course_id, kind, title, position, is_published, published_at, delivery, max_points, grading)
       values ($1, $2, 'text_task', 'Second essay', 10, true, now(), 'online', 10, 'points') returning id`,
      [f.unitId, f.courseId],
    );
    const itemId = item?.id ?? 0;
    await handIn(itemId, f.students.k2[0] ?? 0, essay(21, 200), 30);
    const draft = await t.app.inject({
      method: 'PUT',
      url: `${LMS}/task/${String(itemId)}/draft`,
      headers: h.student,
      payload: { clientId, version: null, text: `${essay(22, 50)} ${essay(21, 200)}` },
    });
    expect(draft.statusCode, draft.body).toBe(200);
    const sent = await t.app.inject({
      method: 'POST',
      url: `${LMS}/task/${String(itemId)}/submit`,
      headers: h.student,
      payload: { clientId, version: draft.json<{ version: number }>().version },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const id = sent.json<{ id: number }>().id;
    expect(student).toBeDefined();
    await t.deps.similarity.idle();
    const c = await checkOf(id);
    expect(c?.status).toBe('done');
    expect(c?.flagged).toBe(true);
    // The learner's own panel: score and own passages, no name or text of the other.
    const mine = await get<MySimilarity>(`/task/${String(itemId)}/my-similarity`, 'student');
    expect(mine.status).toBe(200);
    expect(mine.body.check?.flagged).toBe(true);
    expect(mine.body.passages.length).toBeGreaterThan(0);
    expect(JSON.stringify(mine.body)).not.toContain(
      essay(21, 200).slice(0, 60).replace(/^.{0}/, 'x'),
    );
    expect(Object.keys(mine.body.passages[0] ?? {})).toEqual([
      'part',
      'start',
      'end',
      'otherSubmittedAt',
    ]);
  });
});

describe('who sees what', () => {
  it('gives the instructor the report, the other text only in reach', async () => {
    const own = await get<SimilarityReport>(
      `/submission/${String(s.copy)}/similarity`,
      'facilitator',
    );
    expect(own.status).toBe(200);
    expect(own.body.check?.flagged).toBe(true);
    expect(own.body.parts[0]?.text).toBeTruthy();
    const match = own.body.matches[0];
    // The original's learner is in K2, out of the K1 facilitator's reach.
    expect(match?.otherSubmissionId).toBe(s.original);
    expect(match?.other).toBeNull();
    // Both are flagged alike: the order says which is the original, also out of reach.
    expect(match?.firstHandedIn).toBe('other');
    const detail = await get<SimilarityMatchDetail>(
      `/submission/${String(s.copy)}/similarity/match/${String(s.original)}`,
      'facilitator',
    );
    expect(detail.status).toBe(200);
    expect(detail.body.otherParts).toBeNull();
    expect(detail.body.otherExcerpts[0]).toBeTruthy();
    // A facilitator of K2 does not reach the K1 work at all.
    expect((await get(`/submission/${String(s.copy)}/similarity`, 'facilitator_2')).status).toBe(
      404,
    );
    // Faculty reaches both classes' learners? Only K1 (class staff): the other stays hidden there too.
    const admin = await get<SimilarityReport>(
      `/similarity-check/${String((await checkOf(s.copy ?? 0))?.id)}`,
      'admin',
    );
    expect(admin.status).toBe(200);
    expect(admin.body.matches[0]?.other?.name).toBeTruthy();
    const original = await get<SimilarityReport>(
      `/similarity-check/${String((await checkOf(s.original ?? 0))?.id)}`,
      'admin',
    );
    expect(original.body.matches.find((m) => m.otherSubmissionId === s.copy)?.firstHandedIn).toBe(
      'this',
    );
  });

  it('tells who handed in first by time, the same moment by the older submission', () => {
    const at = '2026-11-30T10:00:00.000Z';
    expect(
      firstHandedIn({ id: 9, submittedAt: at }, { id: 3, submittedAt: '2026-11-30T10:00:01Z' }),
    ).toBe('this');
    expect(firstHandedIn({ id: 9, submittedAt: at }, { id: 3, submittedAt: at })).toBe('other');
    expect(firstHandedIn({ id: 9, submittedAt: at }, { id: 3, submittedAt: null })).toBeNull();
  });

  it('refuses the views to those without their right', async () => {
    expect((await get(`/submission/${String(s.copy)}/similarity`, 'student')).status).toBe(403);
    expect((await get(`/similarity-checks`, 'facilitator')).status).toBe(403);
    expect((await get(`/task/${String(task)}/my-similarity`, 'facilitator')).status).toBe(403);
    // A learner's own attempt only.
    expect(
      (await get(`/task/${String(task)}/my-similarity?submission=${String(s.original)}`, 'student'))
        .status,
    ).toBe(404);
  });

  it('lists checks for the admin, retries one and rechecks a task', async () => {
    const list = await get<SimilarityChecksPage>(`/similarity-checks?status=done&limit=3`, 'admin');
    expect(list.status).toBe(200);
    expect(list.body.items).toHaveLength(3);
    expect(list.body.nextCursor).toBeTruthy();
    const more = await get<SimilarityChecksPage>(
      `/similarity-checks?status=done&limit=3&cursor=${list.body.nextCursor ?? ''}`,
      'admin',
    );
    expect(more.body.items[0]?.id).not.toBe(list.body.items[0]?.id);
    const failed = await get<SimilarityChecksPage>(`/similarity-checks?status=failed`, 'admin');
    const one = failed.body.items[0];
    expect(one?.error).toBeTruthy();
    const retried = await post<{ status: string }>(
      `/similarity-check/${String(one?.id)}/retry`,
      'admin',
    );
    expect(retried.status).toBe(200);
    expect(retried.body.status).toBe('queued');
    await t.deps.similarity.idle();
    const recheck = await post<{ queued: number }>(
      `/task/${String(task)}/similarity/recheck`,
      'admin',
    );
    expect(recheck.status).toBe(200);
    expect(recheck.body.queued).toBe(7);
    await t.deps.similarity.idle();
    expect((await checkOf(s.copy ?? 0))?.flagged).toBe(true);
    expect((await checkOf(s.own3 ?? 0))?.flagged).toBe(false);
    expect((await checkOf(s.own3 ?? 0))?.status).toBe('done');
    const [audit] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from audit_log where action like 'similarity.%'`,
    );
    expect(audit?.n).toBe(2);
  });

  it('shows the badge in the grading queue and grade page to the instructor right only', async () => {
    const page = await get<{ similarity?: { score: number } | null }>(
      `/submission/${String(s.copy)}`,
      'facilitator',
    );
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect(page.body.similarity?.score).toBeGreaterThan(50);
  });
});
