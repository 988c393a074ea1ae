import { sql } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import { rows } from '../../lib/sql';

// What finishing and reopening a programme read (results.ledger.ts).

type Schema = { id: number; version: number; scale_max: string | number };

export async function schemaOf(tx: Db, programmeId: number): Promise<Schema | null> {
  const [schema] = await rows<Schema>(
    tx,
    sql`select gs.id, gs.version, gs.scale_max from programmes p
        join grading_schemas gs on gs.id = p.grading_schema_id where p.id = ${programmeId}`,
  );
  return schema ?? null;
}

/** The programme's finished enrolments (completed or failed). */
export const finishedEnrolments = (tx: Db, programmeId: number) =>
  rows<{ id: number; user_id: number }>(
    tx,
    sql`select id, user_id from enrolments
          where programme_id = ${programmeId} and state in ('completed', 'failed')`,
  );

/** The results entered for the programme's finished enrolments. */
export const enteredResults = (tx: Db, programmeId: number) =>
  rows<{ enrolment_id: number; course_id: number }>(
    tx,
    sql`select r.enrolment_id, r.course_id from course_results r
        join enrolments e on e.id = r.enrolment_id
        where e.programme_id = ${programmeId} and e.state in ('completed', 'failed')`,
  );

/** The programme's final results. */
export const finalResults = (tx: Db, programmeId: number) =>
  rows<{ enrolment_id: number; course_id: number }>(
    tx,
    sql`select r.enrolment_id, r.course_id from course_results r
        join enrolments e on e.id = r.enrolment_id
        where e.programme_id = ${programmeId} and r.is_final`,
  );
