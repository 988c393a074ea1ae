import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { RouteInfo } from '../src/app';
import { buildTestApp, type TestApp } from './helpers';
import { HOSTILE_BODIES, hostileValue, inputSchemaOf, plausible } from './fuzz-values';

/**
 * Schema-driven fuzz of every route (issue 14, the permanent suite): each route of the app's
 * own route table gets requests derived from its zod schemas — plausible ones, and ones with one
 * hostile value (NUL, lone surrogates, a million characters, deep JSON, wrong types). Every
 * answer must be below 500, carry no stack trace or SQL, and be whole: requests go through a
 * real HTTP client to a listening app, so a 200 cut short is a failed body read.
 *
 * Seeded: LANTERN_FUZZ_SEED (the base seed, printed on failure), LANTERN_FUZZ_RUNS (cases per
 * route), LANTERN_FUZZ_ROUTE ("METHOD /url" to run one route).
 */

const BASE_SEED = Number(process.env.LANTERN_FUZZ_SEED ?? 20261125);
const RUNS = Number(process.env.LANTERN_FUZZ_RUNS ?? 8);
const ONLY = process.env.LANTERN_FUZZ_ROUTE;
/** LANTERN_FUZZ_REPORT=1 prints each route's time and answers (to keep the suite's cost in view). */
const REPORT = process.env.LANTERN_FUZZ_REPORT === '1';
/** Longer addresses than Node reads in a request head (16 KiB) go through inject instead. */
const MAX_URL_FOR_HTTP = 8000;

type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'form'; value: unknown }
  | { kind: 'raw'; text: string; label: string };

type Case = {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: Body;
  /** What is hostile in this case, for the failure report. */
  hostile: string;
};

/** Signs of internals in an answer: stack frames, source paths, SQL and database errors. */
const LEAKS: RegExp[] = [
  /\n\s+at [^\n]+:\d+:\d+/,
  /node:internal|node_modules\//,
  /\/src\/[\w/.-]+\.ts\b/,
  /Failed query/i,
  /syntax error at or near/i,
  /violates [\w ]*constraint/i,
  /relation "[^"]+" does not exist/i,
  /invalid input syntax for/i,
  /duplicate key value/i,
  /\bselect\s+("|\*|[a-z_]+\.[a-z_"]+|[a-z_]+\s*,)/i,
  /\binsert into\s+"/i,
  /\bupdate\s+"\w+"\s+set\b/i,
  /\bdelete from\s+"/i,
];

/** A stable number for a route, so each route's cases stay the same when others are added. */
function hashOf(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** URL-encodes a text, lone surrogates included (as the bytes a broken client would send). */
function encode(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (c >= 0xd800 && c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(text.slice(i, i + 2));
      i += 1;
    } else if (c >= 0xd800 && c <= 0xdfff) {
      out += '%ED%A0%80';
    } else {
      out += encodeURIComponent(text[i] ?? '');
    }
  }
  return out;
}

/** A value as the text of an address or form field: objects and lists as JSON. */
function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

function urlOf(route: RouteInfo, c: Case): string {
  const path = route.url.replace(/:(\w+)(\?)?/g, (_m, name: string) =>
    encode(asText(c.params[name])),
  );
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(c.query)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value])
      pairs.push(`${encode(key)}=${encode(asText(v))}`);
  }
  return pairs.length > 0 ? `${path}?${pairs.join('&')}` : path;
}

function payloadOf(body: Body): { text: string; type: string } | null {
  switch (body.kind) {
    case 'none':
      return null;
    case 'json':
      return { text: JSON.stringify(body.value ?? null), type: 'application/json' };
    case 'raw':
      return { text: body.text, type: 'application/json' };
    case 'form': {
      const fields = typeof body.value === 'object' && body.value !== null ? body.value : {};
      const pairs = Object.entries(fields).map(([k, v]) => `${encode(k)}=${encode(asText(v))}`);
      return { text: pairs.join('&'), type: 'application/x-www-form-urlencoded' };
    }
  }
}

/** A case for the report: long texts shortened, so a million characters print as a note. */
function describeCase(c: Case): string {
  const short = JSON.stringify(
    { params: c.params, query: c.query, body: c.body.kind === 'raw' ? c.body.label : c.body },
    (_k, v: unknown) =>
      typeof v === 'string' && v.length > 80 ? `${v.slice(0, 20)}… (${v.length} characters)` : v,
  );
  return `${c.hostile}: ${short.slice(0, 600)}`;
}

/** The shape of a route's input: its schemas as JSON Schema, and the keys of each part. */
function inputOf(route: RouteInfo) {
  const params = inputSchemaOf(route.schema?.params);
  const query = inputSchemaOf(route.schema?.querystring);
  const body = inputSchemaOf(route.schema?.body);
  return {
    params,
    query,
    body,
    takesBody: ['POST', 'PUT', 'PATCH'].includes(route.method),
    paramKeys: [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1] ?? ''),
    queryKeys: Object.keys(query?.properties ?? {}),
    bodyKeys: Object.keys(body?.properties ?? {}),
  };
}

/** Plausible params, query and body for a route, each derived from its schema. */
function plausibleInput(route: RouteInfo) {
  const { params, query, body } = inputOf(route);
  return fc.record({
    params: (params ? plausible(params) : fc.constant({})) as fc.Arbitrary<Record<string, unknown>>,
    query: (query ? plausible(query) : fc.constant({})) as fc.Arbitrary<Record<string, unknown>>,
    body: body ? plausible(body) : fc.constant({}),
  });
}

function baseCase(
  route: RouteInfo,
  input: { params: Record<string, unknown>; query: Record<string, unknown>; body: unknown },
  asForm: boolean,
): Case {
  const { takesBody, paramKeys } = inputOf(route);
  const c: Case = {
    params: { ...input.params },
    query: { ...input.query },
    body: takesBody ? { kind: asForm ? 'form' : 'json', value: input.body } : { kind: 'none' },
    hostile: 'plausible values',
  };
  for (const key of paramKeys) if (c.params[key] === undefined) c.params[key] = 'x';
  return c;
}

/** Random cases: plausible, or with one hostile value in the address, query or body. */
function caseArbitrary(route: RouteInfo): fc.Arbitrary<Case> {
  const { takesBody, paramKeys, query } = inputOf(route);
  const queryKeys = [...inputOf(route).queryKeys, 'unknownFilter'];
  const bodyKeys = [...inputOf(route).bodyKeys, 'unknownField'];
  const modes = [
    'plausible',
    ...(paramKeys.length > 0 ? ['param', 'param'] : []),
    'query',
    ...(query ? ['query'] : []),
    ...(takesBody ? ['body field', 'body field', 'whole body'] : []),
  ];
  return fc
    .record({
      input: plausibleInput(route),
      mode: fc.constantFrom(...modes),
      pick: fc.nat(),
      hostile: hostileValue,
      hostileBody: fc.constantFrom(...HOSTILE_BODIES),
      asForm: fc.constantFrom(false, false, false, true),
    })
    .map((r) => {
      const c = baseCase(route, r.input, r.asForm);
      if (r.mode === 'param') {
        const key = paramKeys[r.pick % paramKeys.length] ?? '';
        c.params[key] = r.hostile;
        c.hostile = `hostile param ${key}`;
      } else if (r.mode === 'query') {
        const key = queryKeys[r.pick % queryKeys.length] ?? 'q';
        c.query[key] = r.hostile;
        c.hostile = `hostile query ${key}`;
      } else if (r.mode === 'body field') {
        const key = bodyKeys[r.pick % bodyKeys.length] ?? 'x';
        const value = typeof r.input.body === 'object' && r.input.body !== null ? r.input.body : {};
        c.body = { kind: r.asForm ? 'form' : 'json', value: { ...value, [key]: r.hostile } };
        c.hostile = `hostile body field ${key}`;
      } else if (r.mode === 'whole body') {
        c.body = { kind: 'raw', text: r.hostileBody.raw, label: r.hostileBody.label };
        c.hostile = `hostile body (${r.hostileBody.label})`;
      }
      return c;
    });
}

/** The text every targeted case puts in: a NUL byte, which PostgreSQL refuses in any text. */
const NUL_PROBE = 'Amina\u0000';

/**
 * Targeted cases, the same on every run: a NUL byte in each parameter of the address and the
 * query in turn (the others plausible), and in every field of the body at once. Random cases
 * rarely put it in the one filter that reaches the database; these always do.
 */
function targetedCases(route: RouteInfo, seed: number): Case[] {
  const [input] = fc.sample(plausibleInput(route), { seed, numRuns: 1 });
  if (!input) return [];
  const { paramKeys, queryKeys, bodyKeys, takesBody } = inputOf(route);
  const cases: Case[] = [];
  for (const key of paramKeys.filter((k) => k !== 'locale')) {
    const c = baseCase(route, input, false);
    c.params[key] = NUL_PROBE;
    c.hostile = `NUL in param ${key}`;
    cases.push(c);
  }
  // Only the query's required filters beside the probe: another random filter the schema
  // refuses (a made-up date) would answer 400 before the probe reaches the database.
  const required = new Set(inputOf(route).query?.required ?? []);
  for (const key of queryKeys) {
    const c = baseCase(route, input, false);
    c.query = Object.fromEntries(Object.entries(c.query).filter(([k]) => required.has(k)));
    c.query[key] = NUL_PROBE;
    c.hostile = `NUL in query ${key}`;
    cases.push(c);
  }
  if (takesBody && bodyKeys.length > 0) {
    const c = baseCase(route, input, false);
    const value = typeof input.body === 'object' && input.body !== null ? input.body : {};
    c.body = {
      kind: 'json',
      value: { ...value, ...Object.fromEntries(bodyKeys.map((k) => [k, NUL_PROBE])) },
    };
    c.hostile = 'NUL in every body field';
    cases.push(c);
  }
  return cases;
}

let t: TestApp;
let origin: string;
let authorization = '';

async function signIn(): Promise<void> {
  const res = await fetch(`${origin}/api/login_check`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'super_admin', password: 'lantern-demo' }),
  });
  if (res.status !== 200) throw new Error(`super_admin cannot sign in: ${await res.text()}`);
  authorization = `Bearer ${((await res.json()) as { token: string }).token}`;
}

type Answer = { status: number; body: string; whole: boolean; note: string };

/** Sends a case through a real HTTP client (inject only past Node's request-head limit). */
async function send(route: RouteInfo, c: Case): Promise<Answer> {
  const url = urlOf(route, c);
  const payload = payloadOf(c.body);
  const headers: Record<string, string> = { authorization };
  if (payload) headers['content-type'] = payload.type;
  if (url.length > MAX_URL_FOR_HTTP) {
    const res = await t.app.inject({
      method: route.method as 'GET',
      url,
      headers,
      ...(payload ? { payload: payload.text } : {}),
    });
    return { status: res.statusCode, body: res.body, whole: true, note: 'inject' };
  }
  const res = await fetch(`${origin}${url}`, {
    method: route.method,
    headers,
    redirect: 'manual',
    signal: AbortSignal.timeout(30_000),
    ...(payload ? { body: payload.text } : {}),
  });
  let bytes: Buffer;
  try {
    bytes = Buffer.from(await res.arrayBuffer());
  } catch (error) {
    return { status: res.status, body: '', whole: false, note: String(error) };
  }
  const length = res.headers.get('content-length');
  const whole = length === null || Number(length) === bytes.length;
  return { status: res.status, body: bytes.toString('utf8'), whole, note: `${bytes.length} bytes` };
}

/** What is wrong with an answer, or null when it is fine. */
function problemOf(answer: Answer): string | null {
  if (answer.status >= 500) return `answered ${answer.status}: ${answer.body.slice(0, 300)}`;
  if (!answer.whole) return `answered ${answer.status} but the body was cut short (${answer.note})`;
  const leak = LEAKS.find((pattern) => pattern.test(answer.body));
  if (leak) return `the answer shows internals (${String(leak)}): ${answer.body.slice(0, 300)}`;
  return null;
}

/** Routes that speak for a sign-in (sign-in attempts count per address) go last. */
const isSignInRoute = (r: RouteInfo) =>
  r.access === 'public' && /login_check|forgot-password|token\//.test(r.url);

beforeAll(async () => {
  t = await buildTestApp();
  origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  await signIn();
}, 180_000);
afterAll(async () => t.close());

describe('schema-driven fuzz of every route', () => {
  it(`answers every case below 500, whole, without internals (${RUNS} cases a route, seed ${BASE_SEED})`, async () => {
    const routes = t.routes
      .filter((r) => r.method !== 'HEAD' && !r.url.startsWith('/api/docs') && r.url !== '/*')
      .filter((r) => !ONLY || `${r.method} ${r.url}` === ONLY)
      .sort((a, b) => Number(isSignInRoute(a)) - Number(isSignInRoute(b)));
    expect(routes.length).toBeGreaterThan(ONLY ? 0 : 100);
    const failures: string[] = [];
    const cpuAtStart = process.cpuUsage();
    let requests = 0;
    for (const route of routes) {
      const state = { signedOut: false };
      const statuses: number[] = [];
      const started = performance.now();
      const seed = (BASE_SEED ^ hashOf(`${route.method} ${route.url}`)) >>> 0;
      const check = async (c: Case) => {
        const answer = await send(route, c);
        requests += 1;
        statuses.push(answer.status);
        if (answer.status === 401 || /MISSING_RIGHT/.test(answer.body)) state.signedOut = true;
        const problem = problemOf(answer);
        if (problem) throw new Error(`${problem}\n    case ${describeCase(c)}`);
      };
      for (const c of targetedCases(route, seed)) {
        try {
          await check(c);
        } catch (error) {
          failures.push(`${route.method} ${route.url} (targeted): ${(error as Error).message}`);
          break;
        }
      }
      const details = await fc.check(fc.asyncProperty(caseArbitrary(route), check), {
        seed,
        numRuns: RUNS,
        endOnFailure: true,
      });
      if (details.failed) {
        const error = details.errorInstance;
        failures.push(
          `${route.method} ${route.url} (route seed ${seed}, path ${details.counterexamplePath ?? ''}): ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      if (REPORT)
        console.log(
          `${Math.round(performance.now() - started)} ms ${route.method} ${route.url}: ${statuses.join(' ')}`,
        );
      // A case may switch the role, narrow the CLCs or end the sign-in: start the next route afresh.
      if (state.signedOut || route.url.includes('/profile/')) await signIn();
    }
    if (REPORT) {
      const cpu = process.cpuUsage(cpuAtStart);
      console.log(
        `${requests} requests; this process used ${Math.round((cpu.user + cpu.system) / 1000)} ms of CPU`,
      );
    }
    expect(requests).toBeGreaterThan(0);
    expect(
      failures,
      `replay with LANTERN_FUZZ_SEED=${BASE_SEED} (and LANTERN_FUZZ_ROUTE='METHOD /url' for one route)`,
    ).toEqual([]);
  }, 600_000);
});
