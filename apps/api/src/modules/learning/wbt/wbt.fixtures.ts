import { randomBytes } from 'node:crypto';
import type { Database } from '@lantern/db/client';

// A training package's rows made with SQL, for tests and the bench that play a package rather
// than upload one: a SCORM 1.2 package of `scoCount` SCOs (step1.html …) in a course.

export async function makePackageRows(
  database: Database,
  courseId: number,
  scoCount: number,
): Promise<number> {
  const [file] = await database.query<{ id: string }>(
    `insert into files (owner_id, kind, mime, size, sha256, storage_key)
     values (null, 'wbt-package', 'application/zip', 1000, $1, $2) returning id`,
    [randomBytes(32).toString('hex'), randomBytes(16).toString('hex')],
  );
  const scos = Array.from({ length: scoCount }, (_, i) => ({
    index: i,
    identifier: `S${i + 1}`,
    title: `Step ${i + 1}`,
    href: `step${i + 1}.html`,
    parameters: '',
  }));
  const [row] = await database.query<{ id: number }>(
    `insert into wbt_packages (course_id, file_id, standard, title, scos, entries, unpacked_bytes, sha256)
     values ($1, $2, 'scorm12', 'Safety basics', $3::jsonb, $4, 1000, $5) returning id`,
    [courseId, file?.id, JSON.stringify(scos), scoCount, randomBytes(32).toString('hex')],
  );
  if (!row) throw new Error('no package');
  return row.id;
}
