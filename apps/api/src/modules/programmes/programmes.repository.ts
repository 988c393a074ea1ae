import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type {
  EnrolmentState,
  ProgrammeListQuery,
  ProgrammeSort,
  ProgrammeStatus,
  ProgrammeType,
} from '@lantern/contracts/programme';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '@lantern/db/client';
import {
  courseResults,
  enrolments,
  gradingSchemas,
  programmeClcs,
  programmeCourses,
  programmes,
} from '@lantern/db/schema/programmes';
import { containsPattern, inList } from '../../lib/sql';
import { programmeInReach } from '../../lib/programme-reach';

/** The CLCs a request reaches (lib/scope): null for every CLC. */
export type Scope = number[] | null;

/**
 * Subqueries on the current programme row. Written with their own aliases: in a single-table
 * select Drizzle renders columns unqualified, and an inner table's `id` would shadow ours.
 */
export const PROGRAMME_ID = sql.raw('"programmes"."id"');

/** A programme is in scope when one of the scope's CLCs offers it. */
export function offeredInScope(scope: Scope): SQL | undefined {
  return scope ? programmeInReach(PROGRAMME_ID, scope) : undefined;
}

/** Enrolments that count as students of a programme (the others are applicants or gone). */
const STUDENT_STATES: EnrolmentState[] = ['active', 'completed', 'failed'];

const enrolmentCount = (states: EnrolmentState[]) =>
  sql<number>`(select count(*)::int from enrolments e where e.programme_id = ${PROGRAMME_ID} and e.state in (${inList(states)}))`;
const students = enrolmentCount(STUDENT_STATES);
const applicants = enrolmentCount(['applied']);
const clcCodes = sql<
  string[]
>`array(select c.code from programme_clcs pc join clcs c on c.id = pc.clc_id where pc.programme_id = ${PROGRAMME_ID} order by c.code)`;

const SORTS: Record<ProgrammeSort, SQL | AnyPgColumn> = {
  code: programmes.code,
  title: sql`lower(${programmes.title})`,
  startDate: programmes.startDate,
  endDate: programmes.endDate,
  status: programmes.status,
  students,
};

export type ProgrammeFilter = Omit<ProgrammeListQuery, 'page' | 'limit' | 'sort' | 'dir'>;

function listCondition(scope: Scope, query: ProgrammeFilter): SQL | undefined {
  const pattern = query.q ? containsPattern(query.q) : null;
  return and(
    eq(programmes.type, query.type),
    offeredInScope(scope),
    pattern
      ? or(
          ilike(programmes.code, pattern),
          ilike(programmes.title, pattern),
          ilike(programmes.internalName, pattern),
        )
      : undefined,
    query.status ? eq(programmes.status, query.status) : undefined,
    // A range on the date, so the (type, start_date) index serves the year filter.
    query.year
      ? and(
          gte(programmes.startDate, `${query.year}-01-01`),
          lt(programmes.startDate, `${query.year + 1}-01-01`),
        )
      : undefined,
    query.clc
      ? sql`exists (select 1 from programme_clcs pc where pc.programme_id = ${PROGRAMME_ID} and pc.clc_id = ${query.clc})`
      : undefined,
  );
}

/** One page of programmes of a type in scope, with their student counts, and the filtered total. */
export async function findProgrammes(db: Db, scope: Scope, query: ProgrammeListQuery) {
  const where = listCondition(scope, query);
  const order = query.dir === 'asc' ? asc : desc;
  const [items, [total]] = await Promise.all([
    db
      .select({
        id: programmes.id,
        type: programmes.type,
        code: programmes.code,
        title: programmes.title,
        internalName: programmes.internalName,
        startDate: programmes.startDate,
        endDate: programmes.endDate,
        status: programmes.status,
        clcs: clcCodes,
        students,
        applicants,
      })
      .from(programmes)
      .where(where)
      .orderBy(order(SORTS[query.sort]), asc(programmes.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(programmes).where(where),
  ]);
  return { items, total: total?.n ?? 0 };
}

type ClcRef = { id: number; code: string; name: string };
type CourseRow = { id: number; code: string; title: string; units: number };

/** Today in UTC: study breaks and their end dates are UTC days (decision 0006). */
const TODAY = sql`(now() at time zone 'utc')::date`;

/** A programme with everything its page shows, in one statement; null when out of scope. */
export async function getProgramme(
  db: Db,
  scope: Scope,
  id: number,
  type?: ProgrammeType,
): Promise<ProgrammeRow | null> {
  const [row] = await db
    .select({
      id: programmes.id,
      type: programmes.type,
      code: programmes.code,
      internalName: programmes.internalName,
      title: programmes.title,
      startDate: programmes.startDate,
      endDate: programmes.endDate,
      status: programmes.status,
      gradingSchemaId: programmes.gradingSchemaId,
      gradingSchemaName: gradingSchemas.name,
      certifyingUniversity: programmes.certifyingUniversity,
      certificateText: programmes.certificateText,
      version: programmes.version,
      createdAt: programmes.createdAt,
      updatedAt: programmes.updatedAt,
      clcs: sql<
        ClcRef[]
      >`coalesce((select json_agg(json_build_object('id', c.id, 'code', c.code, 'name', c.name) order by c.code) from programme_clcs pc join clcs c on c.id = pc.clc_id where pc.programme_id = ${PROGRAMME_ID}), '[]'::json)`,
      courses: sql<
        CourseRow[]
      >`coalesce((select json_agg(json_build_object('id', pco.id, 'code', pco.code, 'title', pco.title, 'units', pco.units) order by pco.position, pco.id) from programme_courses pco where pco.programme_id = ${PROGRAMME_ID}), '[]'::json)`,
      enrolments: sql<
        Partial<Record<EnrolmentState, number>>
      >`coalesce((select json_object_agg(s.state, s.n) from (select e.state, count(*)::int as n from enrolments e where e.programme_id = ${PROGRAMME_ID} group by e.state) s), '{}'::json)`,
      onBreak: sql<number>`(select count(*)::int from enrolments e where e.programme_id = ${PROGRAMME_ID} and e.state = 'active' and exists (select 1 from study_breaks b where b.enrolment_id = e.id and b.starts_on <= ${TODAY} and b.ends_on >= ${TODAY}))`,
      certificates: sql<number>`(select count(*)::int from certificates ce join enrolments e on e.id = ce.enrolment_id where e.programme_id = ${PROGRAMME_ID} and ce.revoked_at is null)`,
    })
    .from(programmes)
    .leftJoin(gradingSchemas, eq(gradingSchemas.id, programmes.gradingSchemaId))
    .where(
      and(
        eq(programmes.id, id),
        type ? eq(programmes.type, type) : undefined,
        offeredInScope(scope),
      ),
    );
  return row ?? null;
}
export type ProgrammeRow = {
  id: number;
  type: ProgrammeType;
  code: string;
  internalName: string;
  title: string;
  startDate: string;
  endDate: string;
  status: ProgrammeStatus;
  gradingSchemaId: number | null;
  gradingSchemaName: string | null;
  certifyingUniversity: string | null;
  certificateText: string | null;
  version: number;
  createdAt: Date;
  updatedAt: Date;
  clcs: ClcRef[];
  courses: CourseRow[];
  enrolments: Partial<Record<EnrolmentState, number>>;
  onBreak: number;
  certificates: number;
};

/** Status and version of a programme in scope (of a type, when given); null when out of it. */
export async function getProgrammeState(db: Db, scope: Scope, id: number, type?: ProgrammeType) {
  const [row] = await db
    .select({ id: programmes.id, status: programmes.status, version: programmes.version })
    .from(programmes)
    .where(
      and(
        eq(programmes.id, id),
        type ? eq(programmes.type, type) : undefined,
        offeredInScope(scope),
      ),
    );
  return row ?? null;
}

export async function codeTaken(
  db: Db,
  type: ProgrammeType,
  code: string,
  exceptId?: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: programmes.id })
    .from(programmes)
    .where(
      and(
        eq(programmes.type, type),
        eq(programmes.code, code),
        exceptId ? sql`${programmes.id} <> ${exceptId}` : undefined,
      ),
    );
  return Boolean(row);
}

export async function gradingSchemaName(db: Db, id: number): Promise<string | null> {
  const [row] = await db
    .select({ name: gradingSchemas.name })
    .from(gradingSchemas)
    .where(eq(gradingSchemas.id, id));
  return row?.name ?? null;
}

export type ProgrammeValues = {
  type: ProgrammeType;
  code: string;
  internalName: string;
  title: string;
  startDate: string;
  endDate: string;
  gradingSchemaId: number;
  certifyingUniversity: string;
  certificateText: string;
};

export async function insertProgramme(db: Db, values: ProgrammeValues): Promise<number> {
  const [row] = await db.insert(programmes).values(values).returning({ id: programmes.id });
  if (!row) throw new Error('The programme could not be saved.');
  return row.id;
}

/** Updates a programme at the version the editor saw; false when someone else changed it since. */
export async function updateProgramme(
  db: Db,
  id: number,
  version: number,
  values: Omit<ProgrammeValues, 'type'>,
): Promise<boolean> {
  const updated = await db
    .update(programmes)
    .set({ ...values, version: sql`${programmes.version} + 1`, updatedAt: new Date() })
    .where(and(eq(programmes.id, id), eq(programmes.version, version)))
    .returning({ id: programmes.id });
  return updated.length > 0;
}

export async function replaceClcs(db: Db, programmeId: number, clcIds: number[]): Promise<void> {
  await db.delete(programmeClcs).where(eq(programmeClcs.programmeId, programmeId));
  if (clcIds.length)
    await db.insert(programmeClcs).values(clcIds.map((clcId) => ({ programmeId, clcId })));
}

export type CourseValues = { code: string; title: string; units: number; position: number };

export async function insertCourses(
  db: Db,
  programmeId: number,
  courses: CourseValues[],
): Promise<void> {
  if (courses.length)
    await db.insert(programmeCourses).values(courses.map((c) => ({ ...c, programmeId })));
}

/** The codes of those courses that have results (such a course may not be removed). */
export async function coursesWithResults(db: Db, courseIds: number[]): Promise<string[]> {
  if (courseIds.length === 0) return [];
  const found = await db
    .selectDistinct({ code: programmeCourses.code })
    .from(programmeCourses)
    .innerJoin(courseResults, eq(courseResults.courseId, programmeCourses.id))
    .where(inArray(programmeCourses.id, courseIds))
    .orderBy(asc(programmeCourses.code));
  return found.map((r) => r.code);
}

export async function deleteCourses(
  db: Db,
  programmeId: number,
  courseIds: number[],
): Promise<void> {
  if (courseIds.length === 0) return;
  await db
    .delete(programmeCourses)
    .where(
      and(eq(programmeCourses.programmeId, programmeId), inArray(programmeCourses.id, courseIds)),
    );
}

export async function updateCourse(
  db: Db,
  programmeId: number,
  id: number,
  values: Partial<CourseValues>,
): Promise<void> {
  await db
    .update(programmeCourses)
    .set(values)
    .where(and(eq(programmeCourses.id, id), eq(programmeCourses.programmeId, programmeId)));
}

/** Moves a programme to `to` when it is still at `version` in one of `from`; false otherwise. */
export async function setStatus(
  db: Db,
  id: number,
  version: number,
  from: readonly ProgrammeStatus[],
  to: ProgrammeStatus,
): Promise<boolean> {
  const moved = await db
    .update(programmes)
    .set({ status: to, version: sql`${programmes.version} + 1`, updatedAt: new Date() })
    .where(
      and(
        eq(programmes.id, id),
        eq(programmes.version, version),
        inArray(programmes.status, [...from]),
      ),
    )
    .returning({ id: programmes.id });
  return moved.length > 0;
}

export async function countActiveStudents(db: Db, programmeId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(enrolments)
    .where(and(eq(enrolments.programmeId, programmeId), eq(enrolments.state, 'active')));
  return row?.n ?? 0;
}
