import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/helpers';
import { runDataSteps } from '../../../lib/data-steps';
import { sanitiseRichText } from '../../../lib/rich-text';
import { DATA_STEPS } from '../../../data-steps';
import { quizFeedbackSanitised } from './feedback.data-step';

/**
 * The quiz general feedback stored before it was sanitised on write is cleaned once, by the
 * same sanitiser, in the live questions and their versions; one audit row per changed row; a
 * second start changes nothing.
 */

const DIRTY =
  '<p style="position:fixed;inset:0" onclick="steal()">Well done<script>alert(1)</script> <a href="javascript:alert(1)">more</a></p><style>body{display:none}</style>';
const CLEAN = '<p>Right: <strong>photosynthesis</strong>.</p>';

let t: TestApp;
const ids: number[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  const [course] = await t.database.query<{ id: number }>(
    'select id from programme_courses order by id limit 1',
  );
  if (!course) throw new Error('no course');
  const [bank] = await t.database.query<{ id: number }>(
    `insert into question_banks (course_id, title) values ($1, 'Old bank') returning id`,
    [course.id],
  );
  for (const feedback of [DIRTY, CLEAN, '']) {
    const [row] = await t.database.query<{ id: number }>(
      `insert into questions (bank_id, course_id, kind, title, prompt, data, general_feedback, version)
       values ($1, $2, 'true_false', 'Old question', '<p>Q</p>', '{"correct": true}', $3, 2)
       returning id`,
      [bank?.id, course.id, feedback],
    );
    ids.push(row?.id ?? 0);
    // Version 1 held the hostile text too; version 2 is the current one.
    await t.database.query(
      `insert into question_versions (question_id, version, kind, title, prompt, data, general_feedback)
       values ($1, 1, 'true_false', 'Old question', '<p>Q</p>', '{"correct": true}', $2),
              ($1, 2, 'true_false', 'Old question', '<p>Q</p>', '{"correct": true}', $3)`,
      [row?.id, feedback === CLEAN ? CLEAN : DIRTY, feedback],
    );
  }
}, 180_000);
afterAll(async () => t.close());

const feedbackOf = async () => ({
  questions: await t.database.query<{ id: number; general_feedback: string }>(
    'select id, general_feedback from questions where id = any($1) order by id',
    [ids],
  ),
  versions: await t.database.query<{
    question_id: number;
    version: number;
    general_feedback: string;
  }>(
    `select question_id, version, general_feedback from question_versions
     where question_id = any($1) order by question_id, version`,
    [ids],
  ),
});

const auditRows = async () =>
  t.database.query<{ action: string; entity_id: string; changes: { generalFeedback: unknown } }>(
    `select action, entity_id, changes from audit_log
     where action in ('question.feedback-sanitised', 'question-version.feedback-sanitised')
     order by id`,
  );

describe('the quiz feedback data step', () => {
  it('is one of the steps the server runs before it listens', () => {
    expect(DATA_STEPS).toContain(quizFeedbackSanitised);
  });

  it('cleans every stored feedback with the one sanitiser, audits each changed row, and runs once', async () => {
    const sanitised = await sanitiseRichText(DIRTY);
    expect(sanitised).not.toMatch(/script|style|onclick|javascript/);
    const [first] = await runDataSteps(t.database.db, [quizFeedbackSanitised]);
    // The dirty question, its two versions, and the emptied question's dirty version 1.
    const [dirty, clean, empty] = ids;
    expect(first).toEqual({ name: quizFeedbackSanitised.name, changed: 4, skipped: false });
    const after = await feedbackOf();
    expect(after.questions).toEqual([
      { id: dirty, general_feedback: sanitised },
      { id: clean, general_feedback: CLEAN },
      { id: empty, general_feedback: '' },
    ]);
    expect(after.versions.map((v) => v.general_feedback)).toEqual([
      sanitised,
      sanitised,
      CLEAN,
      CLEAN,
      sanitised,
      '',
    ]);
    const audits = await auditRows();
    expect(audits.map((a) => [a.action, a.entity_id])).toEqual([
      ['question.feedback-sanitised', String(dirty)],
      ['question-version.feedback-sanitised', `${String(dirty)}:1`],
      ['question-version.feedback-sanitised', `${String(dirty)}:2`],
      ['question-version.feedback-sanitised', `${String(empty)}:1`],
    ]);
    expect(audits[0]?.changes.generalFeedback).toEqual({ from: DIRTY, to: sanitised });
    const [recorded] = await t.database.query<{ changed: number }>(
      'select changed from data_steps where name = $1',
      [quizFeedbackSanitised.name],
    );
    expect(recorded?.changed).toBe(4);

    // Recorded: the next start skips it, even with a hostile row written behind the app's back.
    await t.database.query('update questions set general_feedback = $1 where id = $2', [
      DIRTY,
      clean,
    ]);
    const [second] = await runDataSteps(t.database.db, [quizFeedbackSanitised]);
    expect(second).toEqual({ name: quizFeedbackSanitised.name, changed: 0, skipped: true });
    expect((await auditRows()).length).toBe(audits.length);
  });

  it('changes nothing when run again on clean rows (idempotent)', async () => {
    await t.database.query('update questions set general_feedback = $1 where id = $2', [
      CLEAN,
      ids[1],
    ]);
    const before = await feedbackOf();
    const changed = await quizFeedbackSanitised.run(t.database.db);
    expect(changed).toBe(0);
    expect(await feedbackOf()).toEqual(before);
  });
});
