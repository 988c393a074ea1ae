import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  FLAG_PAGE_SIZE,
  type Evidence,
  type Flag,
  type FlagSort,
  type flagQuerySchema,
} from '@lantern/contracts/dropout';
import type { Db } from '@lantern/db/client';
import { classInScope, type ClassScope } from '../../lib/class-scope';
import { containsPattern, inList, rows } from '../../lib/sql';

export type FlagRow = {
  /** bigint: a string from node-postgres. */
  id: number | string;
  item_id: number;
  criterion: Flag['criterion'];
  enrolment_id: number;
  student_id: number;
  name: string;
  class_name: string | null;
  status: Flag['status'];
  evidence: Evidence;
  first_flagged_at: Date | string;
  evaluated_at: Date | string;
  cleared_at: Date | string | null;
};

/** Flags whose student's CLC the scope reaches (a coordinator sees their CLCs' only). */
const flagInScope = (scope: number[] | null) => {
  if (scope === null) return sql`true`;
  if (scope.length === 0) return sql`false`;
  return sql`e.clc_id in (${inList(scope)})`;
};

const FLAG_COLUMNS = sql`f.id, f.item_id, d.criterion, f.enrolment_id, f.student_id,
  u.first_name || ' ' || u.last_name as name, cl.name as class_name, f.status, f.evidence,
  f.first_flagged_at, f.evaluated_at, f.cleared_at`;
const FLAG_FROM = sql`dropout_flags f
  join dropout_flagging_items d on d.id = f.item_id
  join enrolments e on e.id = f.enrolment_id
  join users u on u.jwl_id = f.student_id
  left join classes cl on cl.id = e.class_id`;
/**
 * The enrolment `e` is in class `classId`: its programme's class, or (a bachelor student, seated
 * per course) a class it learns a course in, as `course_learners` says.
 */
/**
 * Whether the flag's student is in the class: in their enrolment's class, or (bachelor) seated in
 * it for a course (`ba_student_courses.class_id`; a bachelor enrolment names no class).
 */
const inClass = (classId: SQL) => sql`(e.class_id = ${classId} or exists (
  select 1 from ba_student_courses s
  where s.enrolment_id = e.id and s.class_id = ${classId} and s.status <> 'drop-delete'))`;
const FLAG_SELECT = sql`select ${FLAG_COLUMNS} from ${FLAG_FROM}`;

const FLAG_ORDER: Record<FlagSort, SQL> = {
  name: sql`u.last_name, u.first_name, f.id`,
  class: sql`cl.name nulls last, u.last_name, u.first_name, f.id`,
  criterion: sql`d.criterion, u.last_name, u.first_name, f.id`,
  flagged: sql`f.first_flagged_at desc, f.id desc`,
};

/** A page of a programme's flags in the CLC scope, filtered, each with the count of them all. */
export async function flagPage(
  db: Db,
  id: number,
  scope: number[] | null,
  query: z.output<typeof flagQuerySchema>,
) {
  const where = sql`f.programme_id = ${id} and ${flagInScope(scope)}
    and ${query.status === 'open' ? sql`f.cleared_at is null` : sql`f.cleared_at is not null`}
    ${query.itemId === undefined ? sql`` : sql`and f.item_id = ${query.itemId}`}
    ${query.termKey === undefined ? sql`` : sql`and d.term_key = ${query.termKey}`}
    ${query.classId === undefined ? sql`` : sql`and ${inClass(sql`${query.classId}`)}`}
    ${query.criterion === undefined ? sql`` : sql`and d.criterion = ${query.criterion}`}
    ${query.flagStatus === undefined ? sql`` : sql`and f.status = ${query.flagStatus}`}
    ${query.q ? sql`and (u.first_name || ' ' || u.last_name) ilike ${containsPattern(query.q)}` : sql``}`;
  const found = await rows<FlagRow & { total: number }>(
    db,
    sql`select ${FLAG_COLUMNS}, count(*) over ()::int as total from ${FLAG_FROM} where ${where}
        order by ${FLAG_ORDER[query.sort]}
        limit ${FLAG_PAGE_SIZE} offset ${(query.page - 1) * FLAG_PAGE_SIZE}`,
  );
  // A page past the end has no row to carry the count.
  const [counted] =
    found.length === 0 && query.page > 1
      ? await rows<{ total: number }>(
          db,
          sql`select count(*)::int as total from ${FLAG_FROM} where ${where}`,
        )
      : found;
  return { found, total: counted?.total ?? 0 };
}

export async function flagRow(db: Db, id: number, flagId: number, scope: number[] | null) {
  const [row] = await rows<FlagRow>(
    db,
    sql`${FLAG_SELECT} where f.id = ${flagId} and f.programme_id = ${id} and ${flagInScope(scope)}`,
  );
  return row;
}

/** How many students of the class (if in the scope) are flagged now; no row if not. */
export async function classFlagRow(db: Db, classId: number, scope: ClassScope) {
  const [row] = await rows<{ flagged: number }>(
    db,
    sql`select (select count(distinct f.enrolment_id)::int from dropout_flags f
                  join enrolments e on e.id = f.enrolment_id
                 where ${inClass(sql`k.id`)} and f.cleared_at is null) as flagged
          from classes k
         where k.id = ${classId} and ${classInScope(sql`k.id`, sql`k.clc_id`, scope)}`,
  );
  return row;
}
