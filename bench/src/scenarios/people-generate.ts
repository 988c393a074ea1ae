import { openDatabase } from '@lantern/db/client';
import { migrate } from '@lantern/db/migrate';
import { syncCatalogue } from '@lantern/db/catalogue';
import { generateClcs, generateStudents, insertStudents } from '@lantern/db/generate';
import { clcs } from '@lantern/db/schema/people';
import type { Scenario } from '../lib/context';
import { CLC_COUNT, SEED, STUDENTS } from '../lib/people';
import { log, result } from '../lib/report';

/**
 * 100,000 generated students over 50 CLCs into a new PGlite folder (migrated, catalogue synced),
 * with packages/db insertStudents: users, STUDENT role, CLC, profile, then ANALYZE. The floor is
 * making the same rows in JavaScript without a database, so the ratio is the database's share.
 */
export const peopleGenerate: Scenario = {
  name: 'people-generate',
  summary: `${String(STUDENTS)} generated students over ${String(CLC_COUNT)} CLCs into a new PGlite folder (insertStudents)`,
  run: async (context) => {
    const dir = context.newDir('people-generate');
    const database = await openDatabase({ dataDir: dir });
    let insertMs: number;
    let batches: number;
    let clcIds: number[];
    try {
      await migrate(database);
      await syncCatalogue(database.db);
      const rows = await database.db
        .insert(clcs)
        .values(generateClcs(CLC_COUNT, SEED))
        .returning({ id: clcs.id, code: clcs.code, country: clcs.country });
      clcIds = rows.map((r) => r.id);
      const started = performance.now();
      const counts = await insertStudents(database.db, { clcIds, count: STUDENTS, seed: SEED });
      insertMs = performance.now() - started;
      batches = counts.batches;
      const [stored] = await database.query<{ n: number }>(
        'select count(*)::int as n from student_profiles',
      );
      if (stored?.n !== STUDENTS)
        throw new Error(`Expected ${String(STUDENTS)} profiles, found ${String(stored?.n)}.`);

      // The floor: the same rows made in memory, in this process, after the insert.
      const refs = rows;
      const floorStarted = performance.now();
      let made = 0;
      for (const _ of generateStudents({ clcs: refs, count: STUDENTS, seed: SEED })) made += 1;
      const floorMs = performance.now() - floorStarted;
      const rowsPerSecond = STUDENTS / (insertMs / 1000);
      log(
        `  ${String(STUDENTS)} students in ${(insertMs / 1000).toFixed(1)} s (${rowsPerSecond.toFixed(0)} rows/s, ${String(batches)} statements); generating them alone ${(floorMs / 1000).toFixed(1)} s`,
      );
      return [
        result({
          scenario: 'people-generate',
          name: `insert ${String(STUDENTS)} students (PGlite)`,
          unit: 's',
          value: insertMs / 1000,
          floor: floorMs / 1000,
          target: { on: 'value', op: '<=', limit: 60 },
          detail: {
            students: made,
            clcs: CLC_COUNT,
            rowsPerSecond: Number(rowsPerSecond.toFixed(0)),
            statements: batches,
            note: 'value: insertStudents (1000 students a statement: users, user_roles, user_clcs, student_profiles; then ANALYZE) on a new PGlite folder; floor: generateStudents of the same rows in memory',
          },
        }),
      ];
    } finally {
      await database.close();
    }
  },
};
