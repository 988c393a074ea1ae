import { sql, type SQL } from 'drizzle-orm';
import {
  COURSE_STATUS_LABELS,
  VERIFICATION_LEVEL_LABELS,
  type CourseStatus,
  type VerificationLevel,
} from '@lantern/contracts/bachelor';
import type {
  GradeFlag,
  VerificationGrade,
  VerificationGradePage,
} from '@lantern/contracts/bachelor-verification';
import type { Db } from '@lantern/db/client';
import { AppError } from '../../../lib/errors';
import { clcScope } from '../../../lib/scope';
import { containsPattern, intArray, rows } from '../../../lib/sql';
import type { ExportColumn } from '../../../lib/export';
import type { AuthContext } from '../../../plugins/auth';
import { currentApproval, termOf } from './verification.service';

// The grade table of a term (paged, in the caller's CLCs) and the export of the verified set.

type Row = {
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

const toGrade = (r: Row): VerificationGrade => ({
  studentCourseId: r.id,
  enrolmentId: r.enrolment_id,
  student: r.student,
  jwlId: r.jwl_id,
  clcName: r.clc_name,
  courseCode: r.course_code,
  courseTitle: r.course_title,
  status: r.status,
  score: r.score === null ? null : Number(r.score),
  isFinal: r.is_final ?? false,
  version: r.version ?? 0,
  flag: r.flag,
});

function scopeWhere(auth: AuthContext, clcId: number | undefined): SQL[] {
  const reach = clcScope(auth);
  const where: SQL[] = [sql`true`];
  if (reach !== null) where.push(sql`e.clc_id = any(${intArray(reach)})`);
  if (clcId !== undefined) where.push(sql`e.clc_id = ${clcId}`);
  return where;
}

/** The grade table: search by student or course, filter by CLC and flagged, paged. */
export async function gradesPage(
  db: Db,
  auth: AuthContext,
  programmeId: number,
  query: {
    termKey: string;
    clcId?: number;
    flagged: boolean;
    q?: string;
    page: number;
    limit: number;
  },
): Promise<VerificationGradePage> {
  const term = await termOf(db, programmeId, query.termKey);
  const where = scopeWhere(auth, query.clcId);
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
        term.id,
        where,
        sql`order by u.last_name, u.first_name, u.jwl_id, pc.code, sc.id
            limit ${query.limit} offset ${offset}`,
      ),
    ),
    rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from (${gradeQuery(term.id, where, sql``)}) x`,
    ),
  ]);
  return {
    items: items.map(toGrade),
    total: total[0]?.n ?? 0,
    page: query.page,
    limit: query.limit,
  };
}

/**
 * The verified grade set of a term at a level: only while that level's approval is current
 * (then the set now is exactly the set approved), in the caller's CLCs.
 */
export async function verifiedSet(
  db: Db,
  auth: AuthContext,
  programmeId: number,
  termKey: string,
  level: VerificationLevel,
): Promise<{
  rows: VerificationGrade[];
  columns: ExportColumn<VerificationGrade>[];
  filename: string;
}> {
  const term = await termOf(db, programmeId, termKey);
  const approved = await currentApproval(db, term.id, level);
  if (!approved)
    throw new AppError(
      409,
      'CONFLICT',
      `Nothing to export: the term has no current ${VERIFICATION_LEVEL_LABELS[level].toLowerCase()}.`,
    );
  const list = await rows<Row>(
    db,
    gradeQuery(
      term.id,
      scopeWhere(auth, undefined),
      sql`order by u.last_name, u.first_name, pc.code, sc.id`,
    ),
  );
  const first = approved[0]?.hash ?? '';
  return {
    rows: list.map(toGrade),
    filename: `verified-grades-${term.key}-${level.toLowerCase()}`,
    columns: [
      { header: 'JWL-ID', value: (r) => r.jwlId },
      { header: 'Student', value: (r) => r.student },
      { header: 'CLC', value: (r) => r.clcName },
      { header: 'Course', value: (r) => r.courseCode },
      { header: 'Course title', value: (r) => r.courseTitle },
      { header: 'Course status', value: (r) => COURSE_STATUS_LABELS[r.status] },
      { header: 'Grade', value: (r) => r.score },
      { header: 'Result version', value: (r) => r.version },
      { header: 'Verified at', value: () => VERIFICATION_LEVEL_LABELS[level] },
      { header: 'Approval hash', value: () => (level === 'CLC' ? 'per CLC' : first) },
    ],
  };
}
