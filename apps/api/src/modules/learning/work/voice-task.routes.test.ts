import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UnitView } from '@lantern/contracts/learning-content';
import type { Attempt, MyWork } from '@lantern/contracts/learning-work';
import type { Grade, SubmissionView } from '@lantern/contracts/teaching';
import { TUS_VERSION } from '@lantern/contracts/uploads';
import { VOICE_MIN_CAP_BYTES, voiceMaxFileBytes } from '@lantern/contracts/voice';
import { buildTestApp, type TestApp } from '../../../../test/helpers';
import { makeTeachingFixture, type TeachingFixture } from '../../../../test/teaching-fixture';

/**
 * Voice answers (decision 0020 §6) end to end on the API: an author adds a voice task, the
 * learner's recording is sent by tus and sniffed as an audio container, handed in like a file
 * task's file, and graded.
 */

const LMS = '/api/en/lms';
const tus = { 'tus-resumable': TUS_VERSION };
const b64 = (text: string) => Buffer.from(text).toString('base64');

/** An EBML element: id, one-byte size, data. */
const ebml = (id: string, data: Buffer) =>
  Buffer.concat([Buffer.from(id, 'hex'), Buffer.from([0x80 | data.length]), data]);

/** The head of a WebM file as MediaRecorder writes it (EBML header, doc type webm), then audio. */
const webm = (size: number) => {
  const head = ebml(
    '1a45dfa3',
    Buffer.concat([
      ebml('4286', Buffer.from([1])),
      ebml('42f7', Buffer.from([1])),
      ebml('42f2', Buffer.from([4])),
      ebml('42f3', Buffer.from([8])),
      ebml('4282', Buffer.from('webm')),
      ebml('4287', Buffer.from([4])),
      ebml('4285', Buffer.from([2])),
    ]),
  );
  return Buffer.concat([head, Buffer.alloc(size - head.length, 7)]);
};

/** The first page of an Ogg Opus file as Firefox records one. */
const oggOpus = (size: number) => {
  const opusHead = Buffer.concat([
    Buffer.from('OpusHead'),
    Buffer.from([1, 1, 0x38, 1, 0x80, 0xbb, 0, 0, 0, 0, 0]),
  ]);
  const page = Buffer.concat([
    Buffer.from('OggS'),
    Buffer.from([0, 2]),
    // granule position, serial, sequence and checksum
    Buffer.alloc(20),
    Buffer.from([1, opusHead.length]),
    opusHead,
  ]);
  return Buffer.concat([page, Buffer.alloc(size - page.length, 3)]);
};

let t: TestApp;
let f: TeachingFixture;
const h: Record<string, Record<string, string>> = {};
let voiceTask = 0;

// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the answer's type, as inject's res.json<T>() does
async function call<T>(
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  who: string,
  payload?: unknown,
) {
  const res = await t.app.inject({
    method,
    url: `${LMS}${url}`,
    headers: h[who] ?? {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return { status: res.statusCode, body: res.json<T & { detail?: string; fields?: object }>() };
}

/** Starts a tus upload for the voice task; the response. */
const create = (length: number, name = 'recording.webm', itemId = voiceTask) =>
  t.app.inject({
    method: 'POST',
    url: `${LMS}/submission-uploads`,
    headers: {
      ...h.student,
      ...tus,
      'upload-length': String(length),
      'upload-metadata': `itemId ${b64(String(itemId))},filename ${b64(name)}`,
    },
  });

/** Sends a whole file in one PATCH; the finished upload's id, or the refusal. */
async function upload(data: Buffer, name = 'recording.webm') {
  const created = await create(data.length, name);
  expect(created.statusCode, created.body).toBe(201);
  const url = String(created.headers.location);
  const res = await t.app.inject({
    method: 'PATCH',
    url,
    headers: {
      ...h.student,
      ...tus,
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
    },
    payload: data,
  });
  return { res, id: url.split('/').pop() ?? '' };
}

beforeAll(async () => {
  t = await buildTestApp();
  f = await makeTeachingFixture(t, '953');
  for (const who of ['student', 'faculty', 'lead_faculty']) h[who] = await t.as(who);
});
afterAll(async () => t.close());

describe('voice tasks', () => {
  it('are authored with their settings, and refused with a sentence when wrong', async () => {
    const task = {
      kind: 'voice_task',
      title: 'Introduce yourself',
      body: '<p>Tell us who you are, in a minute.</p>',
      delivery: 'online',
      maxPoints: 10,
      dueAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    };
    const short = await call('POST', `/unit/${f.unitId}/tasks`, 'lead_faculty', {
      ...task,
      settings: { maxSeconds: 5 },
    });
    expect(short.status).toBe(400);
    expect(JSON.stringify(short.body.fields)).toContain('At least 10 seconds.');
    const created = await call<{ id: number }>('POST', `/unit/${f.unitId}/tasks`, 'lead_faculty', {
      ...task,
      settings: { maxSeconds: 60 },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    voiceTask = created.body.id;
    const [row] = await t.database.query<{ kind: string; settings: unknown }>(
      `select kind::text, settings from learning_items where id = $1`,
      [voiceTask],
    );
    // The defaults are stored, so a later default change does not move old tasks.
    expect(row).toEqual({
      kind: 'voice_task',
      settings: { maxSeconds: 60, allowFile: false },
    });
    // The unit is live: the new item is published as authors do from the course page.
    await t.database.query(
      `update learning_items set is_published = true, published_at = now() where id = $1`,
      [voiceTask],
    );
  });

  it('read like a file task that takes one audio file, answered on submit_work', async () => {
    const unit = await call<UnitView>('GET', `/unit/${f.unitId}`, 'student');
    expect(unit.status).toBe(200);
    const item = unit.body.items.find((i) => i.id === voiceTask);
    expect(item?.task).toMatchObject({
      accept: ['webm', 'ogg', 'm4a', 'mp4'],
      maxFiles: 1,
      answerRoute: 'submit_work',
    });
    // Without a due date it is never late (the unit page once failed on such a task).
    await t.database.query(`update learning_items set due_at = null where id = $1`, [voiceTask]);
    const undated = await call<UnitView>('GET', `/unit/${f.unitId}`, 'student');
    expect(undated.status, JSON.stringify(undated.body)).toBe(200);
    expect(undated.body.items.find((i) => i.id === voiceTask)?.task?.mine?.late).toBe(false);
    const work = await call<MyWork>('GET', `/task/${voiceTask}/my-work`, 'student');
    expect(work.body.task.settings).toMatchObject({
      accept: ['webm', 'ogg', 'm4a', 'mp4'],
      maxFiles: 1,
      maxFileBytes: VOICE_MIN_CAP_BYTES,
      maxSeconds: 60,
      allowFile: false,
    });
  });

  it('caps a recording by the task’s longest one, never under 2 MB', () => {
    expect(voiceMaxFileBytes(60)).toBe(VOICE_MIN_CAP_BYTES);
    // 600 s at 64 kbit/s is 4.8 MB; half as much again for the container.
    expect(voiceMaxFileBytes(600)).toBe(7_200_000);
  });

  it('refuses a recording larger than the cap, and a file that is not audio', async () => {
    const big = await create(VOICE_MIN_CAP_BYTES + 1);
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      detail:
        '“recording.webm” is 2 MB (2,097,153 bytes): this task takes files of at most 2 MB (2,097,152 bytes).',
    });
    const pdf = Buffer.alloc(5000, 1);
    pdf.write('%PDF-1.7\n', 0, 'latin1');
    const { res, id } = await upload(pdf, 'recording.webm');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      detail:
        'File must be a valid file: this one is none of WebM video or audio, Ogg audio, M4A audio or MP4 video.',
    });
    const [left] = await t.database.query(`select id from uploads where id = $1`, [id]);
    expect(left).toBeUndefined();
  });

  it('takes a WebM or Ogg Opus recording, one at a time, hands it in and is graded', async () => {
    const ogg = await upload(oggOpus(3000), 'recording.ogg');
    expect(ogg.res.statusCode, ogg.res.body).toBe(204);
    const first = await upload(webm(40_000));
    expect(first.res.statusCode, first.res.body).toBe(204);
    const clientId = crypto.randomUUID();
    const two = await call('PUT', `/task/${voiceTask}/draft`, 'student', {
      clientId,
      version: null,
      files: [{ uploadId: ogg.id }, { uploadId: first.id }],
    });
    expect(two.status).toBe(400);
    expect(two.body.detail).toBe('This task takes one file.');
    const text = await call('PUT', `/task/${voiceTask}/draft`, 'student', {
      clientId,
      version: null,
      text: 'I would rather write.',
    });
    expect(text.status).toBe(400);
    const empty = await call('POST', `/task/${voiceTask}/submit`, 'student', {
      clientId,
      version: 1,
    });
    expect(empty.status).toBe(400);
    expect(empty.body.detail).toBe('Please add a file first');

    const saved = await call<Attempt>('PUT', `/task/${voiceTask}/draft`, 'student', {
      clientId,
      version: null,
      files: [{ uploadId: first.id }],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.files).toHaveLength(1);
    expect(saved.body.files[0]).toMatchObject({ name: 'recording.webm', size: 40_000 });
    const handedIn = await call<Attempt>('POST', `/task/${voiceTask}/submit`, 'student', {
      clientId,
      version: saved.body.version,
    });
    expect(handedIn.status, JSON.stringify(handedIn.body)).toBe(200);
    expect(handedIn.body.status).toBe('submitted');

    const view = await call<SubmissionView>('GET', `/submission/${handedIn.body.id}`, 'faculty');
    expect(view.status, JSON.stringify(view.body)).toBe(200);
    expect(view.body.task.kind).toBe('voice_task');
    expect(view.body.submission.files).toEqual([
      expect.objectContaining({ name: 'recording.webm', mime: 'video/webm', size: 40_000 }),
    ]);
    const graded = await call<Grade>('PUT', `/submission/${handedIn.body.id}/grade`, 'faculty', {
      outcome: 'graded',
      points: 8,
      comment: 'Clear and calm.',
      version: 0,
    });
    expect(graded.status, JSON.stringify(graded.body)).toBe(200);
    const published = await call(
      'POST',
      `/submission/${handedIn.body.id}/grade/publish`,
      'faculty',
      {
        version: graded.body.version,
      },
    );
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    // The learner's comment notification leads to the voice task's own answer page.
    const [note] = await t.database.query<{ link: string }>(
      `select link from notifications where user_id = $1 and type = 'grade_comment' order by id desc limit 1`,
      [f.user.student],
    );
    expect(note?.link).toBe(`/en/submit_work/${voiceTask}?submission=${handedIn.body.id}`);
  });
});
