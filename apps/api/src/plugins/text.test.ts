import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fieldLabel, textFault } from '@lantern/contracts/text';
import { registerBodyParsing } from './body';
import { createFileStore } from './storage';
import { registerErrorHandling } from './errors';
import { MAX_BODY_DEPTH, registerTextGuard } from './text';

/** A small app with the real body parsing, text guard and error handling, and two echo routes. */
let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app, { spaIndex: () => false });
  await registerBodyParsing(app, {
    files: createFileStore({ dir: join(tmpdir(), 'lantern-text-test'), secret: 'test' }),
  });
  registerTextGuard(app);
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/search/:id', {
    schema: {
      querystring: z.object({ q: z.string().optional(), entityId: z.string().optional() }),
    },
    handler: async (request) => request.query,
  });
  r.post('/echo', {
    schema: { body: z.object({ data: z.record(z.string(), z.unknown()) }).partial() },
    handler: async (request) => request.body,
  });
  await app.ready();
});
afterAll(async () => app.close());

type ErrorBody = { detail: string; code: string; fields?: Record<string, string> };

describe('text rule (contracts)', () => {
  it('finds C0 controls, and tab, line feed and return only in one-line text', () => {
    expect(textFault('Amina\u0000', { multiline: true })).toEqual({
      kind: 'control',
      codePoint: 0,
    });
    expect(textFault('a\u001fb', { multiline: true })).toEqual({ kind: 'control', codePoint: 31 });
    expect(textFault('line 1\r\n\tline 2', { multiline: true })).toBeNull();
    expect(textFault('a\tb', { multiline: false })).toEqual({ kind: 'control', codePoint: 9 });
    expect(textFault('Ünïcödé – ок 😀 ‮', { multiline: false })).toBeNull();
  });

  it('finds a lone surrogate, but not a whole pair', () => {
    expect(textFault('x\ud800', { multiline: true })).toEqual({
      kind: 'surrogate',
      codePoint: 0xd800,
    });
    expect(textFault('\udc00\ud83d', { multiline: true })?.codePoint).toBe(0xdc00);
    expect(textFault('\ud83d\ude00', { multiline: false })).toBeNull();
  });

  it('names fields as a person would', () => {
    expect(fieldLabel('q')).toBe('search');
    expect(fieldLabel('firstName')).toBe('first name');
    expect(fieldLabel('entityId')).toBe('entity ID');
    expect(fieldLabel('birth_country')).toBe('birth country');
    expect(fieldLabel('a\u0000b')).toBe('request');
  });
});

describe('the text guard on every route', () => {
  it('refuses a control character in the query, naming the field', async () => {
    const res = await app.inject({ url: '/search/1?q=Amina%00' });
    expect(res.statusCode).toBe(400);
    const body = res.json<ErrorBody>();
    expect(body.detail).toBe(
      'The search contains an invisible control character (U+0000), which is not allowed. Remove it and try again.',
    );
    expect(body.code).toBe('VALIDATION');
    expect(Object.keys(body.fields ?? {})).toEqual(['q']);
    const tab = await app.inject({ url: '/search/1?entityId=a%09b' });
    expect(tab.statusCode).toBe(400);
    expect(tab.json<ErrorBody>().detail).toMatch(/^The entity ID contains .* \(U\+0009\)/);
  });

  it('refuses a control character in the address', async () => {
    const res = await app.inject({ url: '/search/1%00' });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().detail).toMatch(/^The ID contains an invisible control character/);
  });

  it('lets ordinary text through, tab and new lines included in a body', async () => {
    expect((await app.inject({ url: '/search/1?q=Ünïcödé%20😀' })).json()).toEqual({
      q: 'Ünïcödé 😀',
    });
    const body = { data: { text: 'line 1\r\n\tline 2', emoji: '😀' } };
    const res = await app.inject({ method: 'POST', url: '/echo', payload: body });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(body);
  });

  it('refuses a NUL, a lone surrogate or a control key anywhere in a JSON body', async () => {
    for (const [payload, detail] of [
      ['{"data":{"firstName":"Amina\\u0000"}}', /^The first name contains an invisible control/],
      ['{"data":{"roles":["A","\\ud800"]}}', /^The roles contains a broken character .*U\+D800/],
      ['{"data":{"a\\u0001":1}}', /^The request contains an invisible control character/],
    ] as const) {
      const res = await app.inject({
        method: 'POST',
        url: '/echo',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json<ErrorBody>().detail, payload).toMatch(detail);
    }
  });

  it('refuses the same in a form and a multipart body', async () => {
    const form = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'data=%7B%22note%22%3A%22a%5Cu0000%22%7D',
    });
    expect(form.statusCode).toBe(400);
    expect(form.json<ErrorBody>().detail).toMatch(/^The note contains/);
    const boundary = 'lantern';
    const multipart = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\ncontent-disposition: form-data; name="data"\r\n\r\n{"x":"\u0000"}\r\n--${boundary}--\r\n`,
    });
    expect(multipart.statusCode).toBe(400);
  });

  it(`refuses a body nested deeper than ${MAX_BODY_DEPTH} levels without overflowing the stack`, async () => {
    for (const payload of [
      `{"data":{"x":${'['.repeat(100_000)}${']'.repeat(100_000)}}}`,
      `{"data":${'{"a":'.repeat(MAX_BODY_DEPTH)}1${'}'.repeat(MAX_BODY_DEPTH)}}`,
    ]) {
      const res = await app.inject({
        method: 'POST',
        url: '/echo',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>().detail).toBe(
        `The request is nested more than ${MAX_BODY_DEPTH} levels deep.`,
      );
    }
  });
});
