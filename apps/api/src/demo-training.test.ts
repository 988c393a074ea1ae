import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helpers';
import { addDemoTraining } from './demo-training';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

describe('demo training', () => {
  it('gives the demo student a playable training in BUS102 once', async () => {
    expect(await addDemoTraining(t.deps)).toBe(true);
    expect(await addDemoTraining(t.deps)).toBe(false);
    const [item] = await t.database.query<{ id: number; unit_id: number; package_id: number }>(
      `select i.id, i.unit_id, (i.settings->>'packageId')::int as package_id
       from learning_items i join programme_courses c on c.id = i.course_id
       where c.code = 'BUS102' and i.kind = 'wbt' and i.is_published`,
    );
    expect(item).toBeDefined();
    const [pkg] = await t.database.query<{ standard: string; title: string; files: number }>(
      `select p.standard, p.title, (select count(*)::int from wbt_package_files f where f.package_id = p.id) as files
       from wbt_packages p where p.id = $1`,
      [item?.package_id],
    );
    expect(pkg).toEqual({ standard: 'scorm12', title: 'Counting the till', files: 2 });
    // The student finds it beside the unit's other work.
    const headers = await t.as('student');
    const unit = await t.app.inject({
      url: `/api/en/lms/unit/${String(item?.unit_id)}`,
      headers,
    });
    expect(unit.statusCode, unit.body).toBe(200);
    const kinds = unit.json<{ items: { kind: string }[] }>().items.map((i) => i.kind);
    for (const kind of ['quiz', 'discussion', 'voice_task', 'wbt']) expect(kinds).toContain(kind);
  });
});
