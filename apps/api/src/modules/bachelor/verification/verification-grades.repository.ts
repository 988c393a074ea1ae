import { sql, type SQL } from 'drizzle-orm';
import type { CourseStatus } from '@lantern/contracts/bachelor';
import type { GradeFlag } from '@lantern/contracts/bachelor-verification';
import type { Db } from '@lantern/db/client';
import { containsPattern, intArray, rows } from '../../../lib/sql';

// The grade table of a term (verification.grades.ts): its rows, in a CLC scope.

export type Row = {
  id: number;
  enrolment_id: number;
  student: string;
  jwl_id: number;
  clc_name: string | null;
  course_code: string;
  course_title: string;
  status: CourseStatus;
  score: string | number | null;
  is_final: boolean | null;
  version: number | null;
  flag: GradeFlag | null;
};

const FLAG = sql`case
    when r.score is null then case when sc.status in ('open', 'withdrawn') then null else 'missing' end
    when not r.is_final then 'not-final'
  end`;

function gradeQuery(termId: number, where: SQL[], tail: SQL): SQL {
  return sql`select sc.id, sc.enrolment_id, concat_ws(' ', u.first_name, u.last_name) as student,
      u.jwl_id, c.name as clc_name, pc.code as course_code, pc.title as course_title,
      sc.status::text as status, r.score, r.is_final, r.version, ${FLAG} as flag
    from ba_student_courses sc
    join ba_offerings o on o.id = sc.offering_id
    join enrolments e on e.id = sc.enrolment_id
    join users u on u.jwl_id = e.user_id
    join programme_courses pc on pc.id = o.course_id
    left join clcs c on c.id = e.clc_id
    left join ba_attempt_results r on r.student_course_id = sc.id
    where o.term_id = ${termId} and sc.status <> 'drop-delete' and ${sql.join(where, sql` and `)}
    ${tail}`;
}

function scopeWhere(reach: number[] | null, clcId: number | undefined): SQL[] {
  const where: SQL[] = [sql`true`];
  if (reach !== null) where.push(sql`e.clc_id = any(${intArray(reach)})`);
  if (clcId !== undefined) where.push(sql`e.clc_id = ${clcId}`);
  return where;
}

/** A page of the term's grades, searched and filtered, and the count of all. */
export async function gradePage(
  db: Db,
  scope: number[] | null,
  termId: number,
  query: { clcId?: number; flagged: boolean; q?: string; page: number; limit: number },
) {
  const where = scopeWhere(scope, query.clcId);
  if (query.flagged) where.push(sql`(${FLAG}) is not null`);
  if (query.q) {
    const like = containsPattern(query.q);
    where.push(
      sql`(concat_ws(' ', u.first_name, u.last_name) ilike ${like} or pc.code ilike ${like}
           or u.jwl_id::text = ${query.q})`,
    );
  }
  const offset = (query.page - 1) * query.limit;
  const [items, total] = await Promise.all([
    rows<Row>(
      db,
      gradeQuery(
        termId,
        where,
        sql`order by u.last_name, u.first_name, u.jwl_id, pc.code, sc.id
            limit ${query.limit} offset ${offset}`,
      ),
    ),
    rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from (${gradeQuery(termId, where, sql``)}) x`,
    ),
  ]);
  return { items, total: total[0]?.n ?? 0 };
}

/** All the term's grades in the scope, by student and course. */
export const termGradeRows = (db: Db, scope: number[] | null, termId: number) =>
  rows<Row>(
    db,
    gradeQuery(
      termId,
      scopeWhere(scope, undefined),
      sql`order by u.last_name, u.first_name, pc.code, sc.id`,
    ),
  );
