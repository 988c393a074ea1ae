import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../../../test/helpers';
import { makeItem, makeUnit } from './work.fixtures';
import {
  progressMismatches,
  recordCompletion,
  recountCourseProgress,
  removeCompletion,
} from './progress.repository';

// Progress equals a recount after any sequence of events (decision 0019, Progress): learners
// mark and unmark resources, hand in tasks (each possibly resent), and authors change what
// counts, which recounts the course. After every sequence, each unit and course figure must
// equal one computed afresh from item_progress.

const COURSE = 4;
const STUDENTS = [10015, 10018];

let t: TestApp;
const resources: number[] = [];
const tasks: number[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  const units = [await makeUnit(t.database, COURSE), await makeUnit(t.database, COURSE)];
  for (const unit of units) {
    resources.push(await makeItem(t.database, unit, { kind: 'resource' }));
    resources.push(await makeItem(t.database, unit, { kind: 'resource' }));
    tasks.push(await makeItem(t.database, unit, { kind: 'text_task' }));
  }
});
afterAll(async () => {
  await t.close();
});

type Command =
  | { op: 'mark' | 'unmark'; student: number; item: number }
  | { op: 'submit'; student: number; item: number }
  | { op: 'toggleCounts'; item: number }
  | { op: 'moveUnit'; item: number };

const commandArb = (): fc.Arbitrary<Command> => {
  const student = fc.constantFrom(...STUDENTS);
  return fc.oneof(
    fc.record({
      op: fc.constantFrom('mark' as const, 'unmark' as const),
      student,
      item: fc.constantFrom(...resources),
    }),
    fc.record({ op: fc.constant('submit' as const), student, item: fc.constantFrom(...tasks) }),
    fc.record({
      op: fc.constant('toggleCounts' as const),
      item: fc.constantFrom(...resources, ...tasks),
    }),
    fc.record({
      op: fc.constant('moveUnit' as const),
      item: fc.constantFrom(...resources, ...tasks),
    }),
  );
};

async function reset(): Promise<void> {
  await t.database.query(`delete from item_progress where course_id = $1`, [COURSE]);
  await t.database.query(`delete from unit_progress where course_id = $1`, [COURSE]);
  await t.database.query(
    `update course_progress set items_done = 0, tasks_submitted = 0 where course_id = $1`,
    [COURSE],
  );
  await t.database.query(
    `update learning_items set counts_for_progress = true where course_id = $1`,
    [COURSE],
  );
}

async function apply(command: Command): Promise<void> {
  const db = t.database.db;
  await db.transaction(async (tx) => {
    switch (command.op) {
      case 'mark':
        await recordCompletion(tx, {
          studentId: command.student,
          itemId: command.item,
          source: 'done',
        });
        return;
      case 'unmark':
        await removeCompletion(tx, { studentId: command.student, itemId: command.item });
        return;
      case 'submit':
        await recordCompletion(tx, {
          studentId: command.student,
          itemId: command.item,
          source: 'submitted',
        });
        return;
      case 'toggleCounts':
        await tx.execute(
          sql`update learning_items set counts_for_progress = not counts_for_progress where id = ${command.item}`,
        );
        await recountCourseProgress(tx, COURSE);
        return;
      case 'moveUnit':
        // Into the first other unit of the course.
        await tx.execute(
          sql`update learning_items set unit_id = (select u.id from learning_units u where u.course_id = ${COURSE}
                and u.id <> (select unit_id from learning_items where id = ${command.item})
                and u.deleted_at is null order by u.id limit 1)
              where id = ${command.item}`,
        );
        await recountCourseProgress(tx, COURSE);
        return;
    }
  });
}

describe('progress counters', () => {
  it('equal a recount after any sequence of marks, unmarks, hand-ins and authoring changes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(commandArb(), { minLength: 1, maxLength: 25 }),
        async (commands) => {
          await reset();
          await recountCourseProgress(t.database.db, COURSE);
          for (const command of commands) await apply(command);
          expect(await progressMismatches(t.database.db, [COURSE])).toEqual([]);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('the check itself notices a figure that went wrong', async () => {
    await reset();
    await apply({ op: 'mark', student: STUDENTS[0] ?? 0, item: resources[0] ?? 0 });
    await t.database.query(
      `update course_progress set items_done = items_done + 1 where course_id = $1 and student_id = $2`,
      [COURSE, STUDENTS[0]],
    );
    const mismatches = await progressMismatches(t.database.db, [COURSE]);
    expect(mismatches).toHaveLength(1);
    expect(mismatches[0]).toMatchObject({ level: 'course', studentId: STUDENTS[0] });
  });
});
