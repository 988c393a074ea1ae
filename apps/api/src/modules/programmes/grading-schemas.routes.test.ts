import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GradingSchema } from '@lantern/contracts/programme';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import {
  clcIdsByCode,
  createProgramme,
  freeCode,
  programmeInput,
  type Headers,
} from './programmes.fixtures';

let t: TestApp;
let admin: Headers;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.as('admin');
});
afterAll(async () => t.close());

const BASE = '/api/en/grading-schema';
type Fields = { fields: Record<string, string> };

const schema = (over: Record<string, unknown> = {}) => ({
  name: 'Zeta percentage',
  scaleMax: 100,
  passMark: 60,
  bands: [
    { label: 'Pass', min: 60 },
    { label: 'Excellent', min: 90 },
    { label: 'Good', min: 75 },
  ],
  ...over,
});

const post = (payload: object, headers: Headers = admin) =>
  t.app.inject({ method: 'POST', url: BASE, headers, payload });
const put = (id: number, payload: object, headers: Headers = admin) =>
  t.app.inject({ method: 'PUT', url: `${BASE}/${id}`, headers, payload });

describe('grading schemas', () => {
  let zeta: GradingSchema;

  it('creates a schema with its bands highest first', async () => {
    const res = await post(schema());
    expect(res.statusCode, res.body).toBe(200);
    zeta = res.json<GradingSchema>();
    expect(zeta).toMatchObject({
      name: 'Zeta percentage',
      scaleMax: 100,
      passMark: 60,
      programmes: 0,
      version: 1,
      bands: [
        { label: 'Excellent', min: 90 },
        { label: 'Good', min: 75 },
        { label: 'Pass', min: 60 },
      ],
    });
    const [row] = await t.database.query<{ action: string }>(
      `select action from audit_log where entity_type = 'grading_schema' and entity_id = $1`,
      [String(zeta.id)],
    );
    expect(row?.action).toBe('grading_schema.created');
  });

  it('refuses a name in use whatever its case, a pass mark beyond the scale, and empty fields', async () => {
    const taken = await post(schema({ name: '  ZETA Percentage ' }));
    expect(taken.statusCode).toBe(400);
    expect(taken.json<Fields>().fields).toEqual({ name: 'This name is already in use' });
    const beyond = await post(
      schema({ name: 'Other', passMark: 120, bands: [{ label: 'Top', min: 101 }] }),
    );
    expect(beyond.json<Fields>().fields).toEqual({
      passMark: 'Must be within the scale',
      'bands.0.min': 'Must be within the scale',
    });
    const empty = await post({ name: '', scaleMax: 'x' });
    expect(empty.json<Fields>().fields).toMatchObject({
      name: 'This field must be filled',
      scaleMax: 'Must be a number',
    });
    const [n] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from grading_schemas where lower(name) in ('other', '')`,
    );
    expect(n?.n).toBe(0);
  });

  it('lists every schema by name, with how many programmes use it', async () => {
    await post(schema({ name: 'alpha points' }));
    await post(schema({ name: 'Beta marks' }));
    const kak = (await clcIdsByCode(t)).KAK;
    await createProgramme(
      t,
      admin,
      programmeInput({ code: await freeCode(t), gradingSchemaId: zeta.id, clcIds: [kak] }),
    );
    const res = await t.app.inject({ url: BASE, headers: await t.as('coordinator') });
    expect(res.statusCode).toBe(200);
    const list = res.json<GradingSchema[]>();
    const names = list.map((s) => s.name);
    // By name whatever the case: 'alpha' before 'Beta' before 'Zeta'.
    const mine = names.filter((n) => ['alpha points', 'Beta marks', 'Zeta percentage'].includes(n));
    expect(mine).toEqual(['alpha points', 'Beta marks', 'Zeta percentage']);
    expect(list.find((s) => s.id === zeta.id)?.programmes).toBe(1);
    expect(list.length).toBeLessThanOrEqual(1000);
  });

  it('edits at the version seen: 409 when stale, 400 on another’s name, 404 when unknown', async () => {
    const saved = await put(zeta.id, {
      ...schema({ name: 'Zeta percent', passMark: 50 }),
      version: 1,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<GradingSchema>()).toMatchObject({
      name: 'Zeta percent',
      passMark: 50,
      version: 2,
      programmes: 1,
    });
    const stale = await put(zeta.id, { ...schema({ name: 'Zeta late' }), version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'STALE_VERSION' });
    const clash = await put(zeta.id, { ...schema({ name: 'ALPHA POINTS' }), version: 2 });
    expect(clash.json<Fields>().fields).toEqual({ name: 'This name is already in use' });
    // Its own name in another case is no clash.
    const recased = await put(zeta.id, { ...schema({ name: 'ZETA PERCENT' }), version: 2 });
    expect(recased.statusCode).toBe(200);
    const unknown = await put(2_000_000_000, { ...schema({ name: 'Nobody' }), version: 1 });
    expect(unknown.statusCode).toBe(404);
    const history = await t.database.query<{ changes: Record<string, unknown> }>(
      `select changes from audit_log where entity_type = 'grading_schema' and entity_id = $1 and action = 'grading_schema.updated' order by id`,
      [String(zeta.id)],
    );
    expect(history[0]?.changes).toEqual({
      name: { from: 'Zeta percentage', to: 'Zeta percent' },
      passMark: { from: 60, to: 50 },
    });
    // Every edit records the schema under its version (decision 0019).
    const versions = await t.database.query<{ version: number; pass_mark: string }>(
      `select version, pass_mark from grading_schema_versions where grading_schema_id = $1 order by version`,
      [zeta.id],
    );
    expect(versions.map((v) => [v.version, Number(v.pass_mark)])).toEqual([
      [1, 60],
      [2, 50],
      [3, 60],
    ]);
  });

  it('needs PROGRAMME__CREATE to create and PROGRAMME__EDIT to edit', async () => {
    const coordinator = await t.as('coordinator');
    const create = await post(schema({ name: 'By a coordinator' }), coordinator);
    expect(create.statusCode).toBe(403);
    expect(create.json()).toMatchObject({ missingRight: 'PROGRAMME__CREATE' });
    const edit = await put(zeta.id, { ...schema(), version: 3 }, coordinator);
    expect(edit.json()).toMatchObject({ missingRight: 'PROGRAMME__EDIT' });
    const list = await t.app.inject({ url: BASE, headers: await t.as('student') });
    expect(list.json()).toMatchObject({ missingRight: 'PROGRAMME__DISPLAY' });
  });
});
