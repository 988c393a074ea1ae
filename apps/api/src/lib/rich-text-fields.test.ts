import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findRichTextPaths } from '@lantern/contracts/rich-text';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { makeTeachingFixture, type TeachingFixture } from '../../test/teaching-fixture';
import { sanitiseRichText } from './rich-text';

/**
 * Every rich-text field of the contracts is sanitised on write: the fields are found through
 * the contracts' registry (packages/contracts/src/rich-text.ts), and each has a write below
 * that sends hostile HTML and reads back what was stored. A field added without a write here
 * fails the first test; a write that stores the text as sent fails the second.
 */

const LMS = '/api/en/lms';
const HOSTILE =
  '<p style="position:fixed;inset:0;z-index:9" onclick="steal()">Hello<script>alert(1)</script> <a href="javascript:alert(1)">more</a></p><style>body{display:none}</style><iframe src="https://evil.example"></iframe>';

let t: TestApp;
let f: TeachingFixture;
let author: Record<string, string>;
let expected = '';

async function send(method: 'POST' | 'PUT' | 'PATCH', url: string, payload: object) {
  const res = await t.app.inject({ method, url: `${LMS}${url}`, headers: author, payload });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json<{ id?: number }>();
}
const one = async (text: string, params: unknown[]) => {
  const [row] = await t.database.query<{ v: string }>(text, params);
  return row?.v;
};
const version = async (table: string, id: number) =>
  Number(await one(`select version::text as v from ${table} where id = $1`, [id]));
const contentVersion = async () =>
  Number(
    await one(`select content_version::text as v from programme_courses where id = $1`, [
      f.courseId,
    ]),
  );

const textTask = (body: string) => ({
  kind: 'text_task',
  title: 'Essay',
  body,
  delivery: 'online',
  maxPoints: 10,
  settings: { minWords: null, maxWords: null },
});

let bankId = 0;
const question = (field: 'prompt' | 'generalFeedback', html: string) => ({
  kind: 'true_false',
  title: 'Sky',
  prompt: '<p>Is the sky blue?</p>',
  generalFeedback: '',
  data: { correct: true },
  [field]: html,
});

/** One write per rich-text field (module.schema.path): sends `html`, answers what was stored. */
const WRITES: Record<string, (html: string) => Promise<string | undefined>> = {
  'learning-content.unitInputSchema.summary': async (html) => {
    const { id } = await send('POST', `/course/${f.courseId}/units`, { title: 'U', summary: html });
    return one('select summary as v from learning_units where id = $1', [id]);
  },
  'learning-content.unitUpdateSchema.summary': async (html) => {
    await send('PATCH', `/unit/${f.unitId}`, {
      summary: html,
      version: await version('learning_units', f.unitId),
    });
    return one('select summary as v from learning_units where id = $1', [f.unitId]);
  },
  'learning-content.syllabusInputSchema.syllabus': async (html) => {
    await send('PUT', `/course/${f.courseId}/syllabus`, {
      syllabus: html,
      contentVersion: await contentVersion(),
    });
    return one('select syllabus as v from programme_courses where id = $1', [f.courseId]);
  },
  'learning-content.resourceInputSchema.body': async (html) => {
    const { id } = await send('POST', `/unit/${f.unitId}/resources`, {
      title: 'R',
      body: html,
      settings: { format: 'text' },
    });
    return one('select body as v from learning_items where id = $1', [id]);
  },
  'learning-content.resourceUpdateSchema.body': async (html) => {
    const { id = 0 } = await send('POST', `/unit/${f.unitId}/resources`, {
      title: 'R2',
      settings: { format: 'text' },
    });
    await send('PATCH', `/resource/${String(id)}`, {
      title: 'R2',
      body: html,
      settings: { format: 'text' },
      version: await version('learning_items', id),
    });
    return one('select body as v from learning_items where id = $1', [id]);
  },
  'learning-content.taskInputSchema.body': async (html) => {
    const { id } = await send('POST', `/unit/${f.unitId}/tasks`, textTask(html));
    return one('select body as v from learning_items where id = $1', [id]);
  },
  'learning-content.taskUpdateSchema.body': async (html) => {
    const { id = 0 } = await send('POST', `/unit/${f.unitId}/tasks`, textTask(''));
    await send('PATCH', `/task/${String(id)}`, {
      ...textTask(html),
      version: await version('learning_items', id),
    });
    return one('select body as v from learning_items where id = $1', [id]);
  },
  'quiz.questionInputSchema.prompt': async (html) => {
    const { id } = await send(
      'POST',
      `/question-bank/${bankId}/questions`,
      question('prompt', html),
    );
    return one('select prompt as v from questions where id = $1', [id]);
  },
  'quiz.questionInputSchema.generalFeedback': async (html) => {
    const { id } = await send(
      'POST',
      `/question-bank/${bankId}/questions`,
      question('generalFeedback', html),
    );
    return one(
      `select q.general_feedback || '|' || v.general_feedback as v from questions q
       join question_versions v on v.question_id = q.id and v.version = q.version where q.id = $1`,
      [id],
    ).then((v) => (v?.split('|')[0] === v?.split('|')[1] ? v?.split('|')[0] : v));
  },
  'quiz.questionUpdateSchema.prompt': async (html) => {
    const { id = 0 } = await send(
      'POST',
      `/question-bank/${bankId}/questions`,
      question('prompt', ''),
    );
    await send('PATCH', `/question/${String(id)}`, {
      ...question('prompt', html),
      version: await version('questions', id),
    });
    return one('select prompt as v from questions where id = $1', [id]);
  },
  'quiz.questionUpdateSchema.generalFeedback': async (html) => {
    const { id = 0 } = await send(
      'POST',
      `/question-bank/${bankId}/questions`,
      question('generalFeedback', ''),
    );
    await send('PATCH', `/question/${String(id)}`, {
      ...question('generalFeedback', html),
      version: await version('questions', id),
    });
    return one(
      `select q.general_feedback || '|' || v.general_feedback as v from questions q
       join question_versions v on v.question_id = q.id and v.version = q.version where q.id = $1`,
      [id],
    ).then((v) => (v?.split('|')[0] === v?.split('|')[1] ? v?.split('|')[0] : v));
  },
};

/** Every rich-text field in every exported schema of the contracts. */
async function contractFields(): Promise<string[]> {
  const dir = fileURLToPath(new URL('../../../../packages/contracts/src/', import.meta.url));
  const found: string[] = [];
  for (const file of readdirSync(dir).filter((n) => n.endsWith('.ts') && !n.endsWith('.test.ts'))) {
    const module = file.slice(0, -3);
    const exported = (await import(`@lantern/contracts/${module}`)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(exported)) {
      if (typeof value !== 'object' || value === null || !('_zod' in value)) continue;
      for (const path of findRichTextPaths(value as Parameters<typeof findRichTextPaths>[0]))
        found.push(`${module}.${name}.${path}`);
    }
  }
  return found.sort();
}

beforeAll(async () => {
  t = await buildTestApp();
  f = await makeTeachingFixture(t, '957');
  author = await t.as('lead_faculty');
  expected = await sanitiseRichText(HOSTILE);
  const bank = await send('POST', `/course/${f.courseId}/question-banks`, { title: 'Rich' });
  bankId = bank.id ?? 0;
}, 180_000);
afterAll(async () => t.close());

describe('rich text in the contracts', () => {
  it('has a write in this test for every field', async () => {
    const fields = await contractFields();
    expect(fields.length).toBeGreaterThan(0);
    expect(fields).toEqual(Object.keys(WRITES).sort());
  });

  it('is stored sanitised by the one sanitiser, whichever field and route', async () => {
    expect(expected).toBe('<p>Hello <a>more</a></p>');
    for (const [field, write] of Object.entries(WRITES)) {
      expect({ field, stored: await write(HOSTILE) }).toEqual({ field, stored: expected });
    }
  });
});
