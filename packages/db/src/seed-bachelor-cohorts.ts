import { createHash } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from './client';
import { baCohortImports, baCohortMembers, baCohorts } from './schema/bachelor';
import { clcs, studentProfiles, users } from './schema/people';
import { enrolments, programmes } from './schema/programmes';

/** The demo cohorts of programme 512: code, intake term, how many of its students, the file. */
const COHORTS = [
  { code: 'BLS-2025', intakeTerm: '2025-fa', students: 10, file: 'bls-2025-intake.csv', days: 300 },
  { code: 'BLS-2026', intakeTerm: '2026-sp', students: 8, file: 'bls-2026-intake.xlsx', days: 200 },
] as const;

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

/**
 * Programme 512 (Bachelor of Liberal Studies) gets two cohorts, its active students shared
 * between them, each with one past import that listed them, with the values the students hold
 * now (so the next import of the same people shows no drift until someone edits one by hand).
 * The demo keeps the import files' names and hashes, not the files (file_id null).
 */
export async function seedBachelorCohorts(db: Db): Promise<{ cohorts: number; members: number }> {
  const [programme] = await db
    .select({ id: programmes.id })
    .from(programmes)
    .where(and(eq(programmes.type, 'bachelor'), eq(programmes.code, '512')));
  if (!programme) return { cohorts: 0, members: 0 };
  const students = await db
    .select({
      enrolmentId: enrolments.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
      gender: sql<string | null>`${users.gender}::text`,
      birthDate: sql<string | null>`${studentProfiles.birthDate}::text`,
      clcCode: clcs.code,
    })
    .from(enrolments)
    .innerJoin(users, eq(users.jwlId, enrolments.userId))
    .leftJoin(studentProfiles, eq(studentProfiles.userId, users.jwlId))
    .leftJoin(clcs, eq(clcs.id, enrolments.clcId))
    .where(and(eq(enrolments.programmeId, programme.id), eq(enrolments.state, 'active')))
    .orderBy(asc(enrolments.id));
  let at = 0;
  let members = 0;
  for (const cohort of COHORTS) {
    const listed = students.slice(at, at + cohort.students);
    at += cohort.students;
    const [saved] = await db
      .insert(baCohorts)
      .values({
        programmeId: programme.id,
        code: cohort.code,
        intakeTerm: cohort.intakeTerm,
        createdAt: daysAgo(cohort.days + 7),
        updatedAt: daysAgo(cohort.days + 7),
      })
      .returning({ id: baCohorts.id });
    if (!saved) continue;
    const [imported] = await db
      .insert(baCohortImports)
      .values({
        cohortId: saved.id,
        fileName: cohort.file,
        sha256: createHash('sha256')
          .update(`${cohort.file}:${String(listed.length)}`)
          .digest('hex'),
        rows: listed.length,
        added: listed.length,
        changed: 0,
        unlisted: 0,
        createdAt: daysAgo(cohort.days),
      })
      .returning({ id: baCohortImports.id });
    if (listed.length === 0) continue;
    await db.insert(baCohortMembers).values(
      listed.map(({ enrolmentId, ...values }) => ({
        cohortId: saved.id,
        enrolmentId,
        imported: values,
        lastImportId: imported?.id ?? null,
        createdAt: daysAgo(cohort.days),
      })),
    );
    members += listed.length;
  }
  return { cohorts: COHORTS.length, members };
}
