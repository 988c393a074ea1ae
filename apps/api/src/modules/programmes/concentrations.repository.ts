import { and, asc, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import { users } from '@lantern/db/schema/people';
import { programmes } from '@lantern/db/schema/programmes';
import type { EnrolmentState, ProgrammeType } from '@lantern/contracts/programme';
import { inList } from '../../lib/sql';
import { offeredInScope, PROGRAMME_ID, type Scope } from './programmes.repository';

/** The types the concentrations show (spec §3); GEL has its own screens. */
const SHOWN: ProgrammeType[] = ['professional', 'bachelor', 'language', 'orientation'];

/** A person's own programmes: those they applied to or study in, not those they left. */
const OWN_STATES: EnrolmentState[] = ['applied', 'active', 'completed', 'failed'];

/** Programmes a person is in: as an applicant or student, through an additional course
 * (decision 0019), or as staff of one of its classes. */
export function ownProgrammes(userId: number): SQL {
  return or(
    sql`exists (select 1 from enrolments e where e.programme_id = ${PROGRAMME_ID} and e.user_id = ${userId} and e.state in (${inList(OWN_STATES)}))`,
    sql`exists (select 1 from course_enrolments ce join programme_courses pco on pco.id = ce.course_id where pco.programme_id = ${PROGRAMME_ID} and ce.student_id = ${userId} and ce.source = 'additional' and ce.status = 'active')`,
    sql`exists (select 1 from classes c join class_staff cs on cs.class_id = c.id where c.programme_id = ${PROGRAMME_ID} and cs.user_id = ${userId})`,
  ) as SQL;
}

/**
 * The programmes of the concentrations, with their courses, in one statement. Orientation
 * comes by code; the others newest start first (spec §3).
 */
export async function findConcentrationProgrammes(db: Db, scope: Scope, own?: number) {
  return db
    .select({
      id: programmes.id,
      code: programmes.code,
      title: programmes.title,
      programmeType: programmes.type,
      startDate: programmes.startDate,
      endDate: programmes.endDate,
      courses: sql<
        { id: number; code: string; title: string; units: number }[]
      >`coalesce((select json_agg(json_build_object('id', pco.id, 'code', pco.code, 'title', pco.title, 'units', pco.units) order by pco.position, pco.id) from programme_courses pco where pco.programme_id = ${PROGRAMME_ID}), '[]'::json)`,
    })
    .from(programmes)
    .where(
      and(
        inArray(programmes.type, SHOWN),
        ne(programmes.status, 'cancelled'),
        offeredInScope(scope),
        own === undefined ? undefined : ownProgrammes(own),
      ),
    )
    .orderBy(
      sql`case when ${programmes.type} = 'orientation' then ${programmes.code} end asc nulls first`,
      desc(programmes.startDate),
      asc(programmes.code),
      asc(programmes.id),
    );
}

/** Whether a person exists within the scope (a person is in scope through one of their CLCs). */
export async function personInScope(db: Db, scope: Scope, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.jwlId })
    .from(users)
    .where(
      and(
        eq(users.jwlId, userId),
        scope
          ? sql`exists (select 1 from user_clcs uc where uc.user_id = "users"."jwl_id" and uc.clc_id in (${inList(scope.length ? scope : [-1])}))`
          : undefined,
      ),
    );
  return Boolean(row);
}
