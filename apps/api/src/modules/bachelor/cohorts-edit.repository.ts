import { and, eq, sql } from 'drizzle-orm';
import type { CohortEdit, CohortInput } from '@lantern/contracts/bachelor-cohorts';
import type { Db } from '@lantern/db/client';
import { baCohortMembers, baCohorts } from '@lantern/db/schema/bachelor';

/** A new cohort of the programme; its id. */
export async function insertCohort(
  tx: Db,
  programmeId: number,
  input: CohortInput,
  createdBy: number,
) {
  const [row] = await tx
    .insert(baCohorts)
    .values({
      programmeId,
      code: input.code,
      intakeTerm: input.intakeTerm,
      createdBy,
    })
    .returning({ id: baCohorts.id });
  return row;
}

/** The code and intake term, if the cohort is still at the version the user saw. */
export async function updateCohortRow(
  tx: Db,
  programmeId: number,
  cohortId: number,
  input: CohortEdit,
) {
  const [row] = await tx
    .update(baCohorts)
    .set({
      code: input.code,
      intakeTerm: input.intakeTerm,
      version: sql`${baCohorts.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(baCohorts.id, cohortId),
        eq(baCohorts.programmeId, programmeId),
        eq(baCohorts.version, input.version),
      ),
    )
    .returning({ id: baCohorts.id });
  return row;
}

/** Whether the cohort has a member, in reach of the caller or not. */
export async function hasMember(tx: Db, cohortId: number): Promise<boolean> {
  const [member] = await tx
    .select({ id: baCohortMembers.enrolmentId })
    .from(baCohortMembers)
    .where(eq(baCohortMembers.cohortId, cohortId))
    .limit(1);
  return member !== undefined;
}

export async function deleteCohortRow(tx: Db, cohortId: number) {
  await tx.delete(baCohorts).where(eq(baCohorts.id, cohortId));
}
