import { sql } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import { inScope, rows } from '../../lib/sql';
import { programmeInReach } from '../../lib/programme-reach';
import { applyResultEvents } from '../learning/teaching/public';

export type ProgrammeRow = {
  id: number;
  status: string;
  grading_schema: {
    id: number;
    name: string;
    /** The schema's version now: results record the version they were entered under. */
    version: number;
    scaleMax: number;
    passMark: number;
    bands: { label: string; min: number }[];
  } | null;
};

/** The programme with its grading schema, if offered at a CLC the request reaches. */
export async function findProgramme(
  db: Db,
  id: number,
  scope: number[] | null,
): Promise<ProgrammeRow | null> {
  const [found] = await rows<ProgrammeRow>(
    db,
    sql`select p.id, p.status::text as status,
          case when g.id is null then null else json_build_object('id', g.id, 'name', g.name, 'version', g.version,
            'scaleMax', g.scale_max::float8, 'passMark', g.pass_mark::float8, 'bands', g.bands) end
            as grading_schema
        from programmes p left join grading_schemas g on g.id = p.grading_schema_id
        where p.id = ${id} and ${programmeInReach(sql`p.id`, scope)}`,
  );
  return found ?? null;
}

export type CourseRow = { id: number; code: string; title: string; units: number };

export async function findCourses(db: Db, programmeId: number): Promise<CourseRow[]> {
  return rows<CourseRow>(
    db,
    sql`select id, code, title, units from programme_courses where programme_id = ${programmeId}
        order by position, id`,
  );
}

export type StudentRow = {
  enrolment_id: number;
  student_id: number;
  first_name: string;
  last_name: string;
  clc: string | null;
  state: string;
  on_break: boolean;
  scores: Record<string, number> | null;
  final_versions: Record<string, number> | null;
};

/** The students whose grades are reviewed: active, passed and failed, with their scores. */
export async function findStudents(
  db: Db,
  programmeId: number,
  scope: number[] | null,
): Promise<StudentRow[]> {
  const reach = inScope(sql`e.clc_id`, scope);
  return rows<StudentRow>(
    db,
    sql`select e.id as enrolment_id, u.jwl_id as student_id, u.first_name, u.last_name,
          k.code as clc, e.state::text as state,
          (e.state = 'active' and exists (select 1 from study_breaks b where b.enrolment_id = e.id
                  and current_date between b.starts_on and b.ends_on)) as on_break,
          (select json_object_agg(r.course_id::text, r.score::float8) from course_results r
            where r.enrolment_id = e.id) as scores,
          (select json_object_agg(r.course_id::text, r.version) from course_results r
            where r.enrolment_id = e.id and r.is_final) as final_versions
        from enrolments e join users u on u.jwl_id = e.user_id left join clcs k on k.id = e.clc_id
        where e.programme_id = ${programmeId} and e.state in ('active', 'completed', 'failed')
          and ${reach}
        order by lower(u.last_name), lower(u.first_name), u.jwl_id`,
  );
}

/**
 * Writes scores and clears those given as null, through the grade ledger (decision 0021): one
 * `save` event per result that changes, in the caller's transaction.
 */
export async function saveScores(
  db: Db,
  entries: { enrolmentId: number; courseId: number; score: number | null }[],
  by: { actorId: number; impersonatorId: number | null },
  schema: { id: number; version: number; scaleMax: number },
): Promise<void> {
  await applyResultEvents(db, {
    action: 'save',
    entries,
    schema,
    actorId: by.actorId,
    impersonatorId: by.impersonatorId,
  });
}
