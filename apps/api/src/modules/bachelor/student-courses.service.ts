import { sql, type SQL } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import {
  COURSE_STATUS_ACTIONS,
  COURSE_STATUS_LABELS,
  inDropDeleteWindow,
  type CourseStatus,
  type CourseStatusAction,
} from '@lantern/contracts/bachelor';
import type {
  PlaceInput,
  StatusMove,
  StudentCourse,
  StudentCourseList,
  studentCourseExportQuerySchema,
  studentCourseQuerySchema,
} from '@lantern/contracts/bachelor-terms';
import type { OFFERING_KINDS } from '@lantern/contracts/bachelor';
import type { Db } from '@lantern/db/client';
import type { AuthContext } from '../../plugins/auth';
import type { Deps } from '../../lib/deps';
import { audit } from '../../lib/audit';
import { queueBachelorMail } from '../../lib/automatic-mails';
import { AppError, invalidFields, notFound } from '../../lib/errors';
import { sendExport } from '../../lib/export';
import { clcScope } from '../../lib/scope';
import { containsPattern, inScope, intArray, rows } from '../../lib/sql';
import { isoDay, offeringOf, termByKey } from './terms.service';
import { recordRetake } from './credits/credits.ledger';
import { syncCourseResults } from '@lantern/db/bachelor-attempts';

// Students in the offered courses of a bachelor programme's terms, and the one path every
// course-status move goes through (`moveCourseStatus`, decision 0022).

export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);

type Row = {
  id: number;
  enrolment_id: number;
  jwl_id: number;
  student: string;
  first_name: string;
  last_name: string;
  enrolment_state: StudentCourse['enrolmentState'];
  clc_id: number | null;
  clc: string | null;
  clc_name: string | null;
  term_key: string;
  start_date: string | Date;
  offering_id: number;
  kind: (typeof OFFERING_KINDS)[number];
  course_id: number;
  course_code: string;
  title: string;
  status: CourseStatus;
  classroom: string | null;
  class_id: number | null;
  reason: string | null;
  version: number;
};

const COLUMNS = sql`s.id, s.enrolment_id, u.jwl_id, u.first_name || ' ' || u.last_name as student,
  u.first_name, u.last_name, e.state::text as enrolment_state,
  e.clc_id, l.code as clc, l.name as clc_name, t.year::text || '-' || t.season::text as term_key, t.start_date,
  o.id as offering_id, o.kind::text as kind, o.course_id, c.code as course_code,
  coalesce(o.title, c.title) as title, s.status::text as status, k.name as classroom, s.class_id,
  s.reason, s.version`;
const FROM = sql`ba_student_courses s
  join ba_offerings o on o.id = s.offering_id
  join ba_terms t on t.id = o.term_id
  join programme_courses c on c.id = o.course_id
  join enrolments e on e.id = s.enrolment_id
  join users u on u.jwl_id = e.user_id
  left join clcs l on l.id = e.clc_id
  left join classes k on k.id = s.class_id`;

const toStudentCourse = (r: Row, today: string): StudentCourse => ({
  id: r.id,
  enrolmentId: r.enrolment_id,
  jwlId: r.jwl_id,
  student: r.student,
  firstName: r.first_name,
  lastName: r.last_name,
  enrolmentState: r.enrolment_state,
  clcId: r.clc_id,
  clc: r.clc,
  clcName: r.clc_name,
  termKey: r.term_key,
  offeringId: r.offering_id,
  kind: r.kind,
  courseId: r.course_id,
  courseCode: r.course_code,
  title: r.title,
  status: r.status,
  classroom: r.classroom,
  classId: r.class_id,
  reason: r.reason,
  inDropWindow: inDropDeleteWindow(isoDay(r.start_date), today),
  version: r.version,
});

type Query = z.output<typeof studentCourseQuerySchema>;
type Filter = Omit<Query, 'page' | 'limit' | 'sort' | 'dir'>;

const SORTS: Record<Query['sort'], SQL[]> = {
  name: [sql`lower(u.last_name)`, sql`lower(u.first_name)`],
  course: [sql`c.code`, sql`lower(coalesce(o.title, c.title))`],
  status: [sql`s.status`],
  clc: [sql`lower(l.name)`],
  jwlId: [sql`u.jwl_id`],
};

async function condition(db: Db, auth: AuthContext, programmeId: number, f: Filter) {
  const parts: SQL[] = [
    sql`t.programme_id = ${programmeId}`,
    sql`o.kind = ${f.kind}`,
    inScope(sql`e.clc_id`, clcScope(auth)),
  ];
  if (f.termKey) parts.push(sql`t.id = ${(await termByKey(db, programmeId, f.termKey)).id}`);
  else if (f.year !== undefined) parts.push(sql`t.year = ${f.year}`);
  if (f.status) parts.push(sql`s.status = ${f.status}`);
  if (f.courseId) parts.push(sql`o.course_id = ${f.courseId}`);
  if (f.clcId) parts.push(sql`e.clc_id = ${f.clcId}`);
  if (f.q) {
    const text = sql`lower(u.first_name || ' ' || u.last_name || ' ' || u.username || ' ' || coalesce(u.email, '')) like ${containsPattern(f.q.toLowerCase())}`;
    parts.push(/^\d{1,9}$/.test(f.q) ? sql`(u.jwl_id = ${Number(f.q)} or ${text})` : text);
  }
  return sql.join(parts, sql` and `);
}

/**
 * The tables a count needs for the filter: a student course, its offering and term always;
 * the enrolment for a CLC (scope or filter), the person for a search. Every student course has
 * both (foreign keys), so leaving them out counts the same rows, faster.
 */
function countFrom(auth: AuthContext, f: Filter): SQL {
  const enrolment = clcScope(auth) !== null || f.clcId !== undefined || Boolean(f.q);
  return sql`ba_student_courses s
    join ba_offerings o on o.id = s.offering_id
    join ba_terms t on t.id = o.term_id
    ${enrolment ? sql`join enrolments e on e.id = s.enrolment_id` : sql``}
    ${f.q ? sql`join users u on u.jwl_id = e.user_id` : sql``}`;
}

/** One page of the students of a term (or a year's terms), in the request's CLC scope. */
export async function listStudentCourses(
  deps: Deps,
  auth: AuthContext,
  programmeId: number,
  query: Query,
): Promise<StudentCourseList> {
  const where = await condition(deps.db, auth, programmeId, query);
  const dir = query.dir === 'desc' ? sql`desc` : sql`asc`;
  const order = sql.join(
    [...SORTS[query.sort], sql`s.id`].map((by) => sql`${by} ${dir}`),
    sql`, `,
  );
  // The page's ids first, sorted on their keys alone; then the page's 50 rows whole, in that
  // order, and the count beside them: one statement, and the wide columns and joins for the
  // page only (a window count over the whole term took twice as long, bench students-term).
  const found = await rows<Row & { total: number }>(
    deps.db,
    sql`select ${COLUMNS}, (select count(*)::int from ${countFrom(auth, query)} where ${where}) as total
        from unnest(array(select s.id from ${FROM} where ${where} order by ${order}
          limit ${query.limit} offset ${(query.page - 1) * query.limit})) with ordinality as p(id, n)
        join (${FROM}) on s.id = p.id
        order by p.n`,
  );
  let total = found[0]?.total ?? 0;
  if (found.length === 0 && query.page > 1) {
    const [count] = await rows<{ n: number }>(
      deps.db,
      sql`select count(*)::int as n from ${countFrom(auth, query)} where ${where}`,
    );
    total = count?.n ?? 0;
  }
  const today = todayUtc();
  return {
    rows: found.map((r) => toStudentCourse(r, today)),
    total,
    page: query.page,
    limit: query.limit,
  };
}

export async function exportStudentCourses(
  deps: Deps,
  auth: AuthContext,
  programmeId: number,
  query: z.output<typeof studentCourseExportQuerySchema>,
  reply: FastifyReply,
) {
  const where = await condition(deps.db, auth, programmeId, query);
  const db = deps.db;
  async function* batches() {
    let after = 0;
    for (;;) {
      const batch = await rows<Row>(
        db,
        sql`select ${COLUMNS} from ${FROM} where ${where} and s.id > ${after} order by s.id limit 1000`,
      );
      const last = batch.at(-1);
      if (!last) return;
      yield batch;
      after = last.id;
    }
  }
  return sendExport<Row>(reply, {
    format: query.format,
    filename: `students-${query.termKey ?? query.year ?? 'all'}`,
    columns: [
      { header: 'JWL ID', value: (r) => r.jwl_id },
      { header: 'Student', value: (r) => r.student },
      { header: 'CLC', value: (r) => r.clc_name },
      { header: 'CLC code', value: (r) => r.clc },
      { header: 'Term', value: (r) => r.term_key },
      { header: 'Course', value: (r) => r.course_code },
      { header: 'Title', value: (r) => r.title },
      { header: 'Status', value: (r) => COURSE_STATUS_LABELS[r.status] },
      { header: 'Classroom', value: (r) => r.classroom },
      { header: 'Reason', value: (r) => r.reason },
    ],
    batches: batches(),
  });
}

/** A student course of the programme in the request's scope, or "not found". */
export async function studentCourseOf(
  db: Db,
  auth: AuthContext,
  programmeId: number,
  id: number,
  lock = false,
): Promise<StudentCourse> {
  const [row] = await rows<Row>(
    db,
    sql`select ${COLUMNS} from ${FROM}
        where s.id = ${id} and t.programme_id = ${programmeId} and ${inScope(sql`e.clc_id`, clcScope(auth))}
        ${lock ? sql`for update of s` : sql``}`,
  );
  if (!row) throw notFound('The student course');
  return toStudentCourse(row, todayUtc());
}

/**
 * Places active students of the programme (in the request's scope) in an offering. The
 * offering row is locked, so two placements at once cannot pass its capacity together. Those
 * newly placed get the `bachelor_term_enrolment` mails, queued in the same transaction and
 * dispatched after the commit.
 */
export async function placeStudents(
  deps: Deps,
  auth: AuthContext,
  programmeId: number,
  offeringId: number,
  input: PlaceInput,
) {
  const { placed, mailIds } = await deps.db.transaction(async (tx) => {
    const offering = await offeringOf(tx, programmeId, offeringId);
    await tx.execute(sql`select id from ba_offerings where id = ${offeringId} for update`);
    const ids = [...new Set(input.enrolmentIds)];
    const students = await rows<{ id: number }>(
      tx,
      sql`select e.id from enrolments e where e.id = any(${intArray(ids)})
            and e.programme_id = ${programmeId} and e.state = 'active'
            and ${inScope(sql`e.clc_id`, clcScope(auth))}`,
    );
    if (students.length !== ids.length)
      throw invalidFields({ enrolmentIds: 'Choose active students of this programme.' });
    const [counts] = await rows<{ placed: number; already: number }>(
      tx,
      sql`select count(*)::int as placed,
            count(*) filter (where enrolment_id = any(${intArray(ids)}))::int as already
          from ba_student_courses where offering_id = ${offeringId}`,
    );
    const already = counts?.already ?? 0;
    const adding = ids.length - already;
    const free = offering.capacity - (counts?.placed ?? 0);
    if (adding > free)
      throw new AppError(
        409,
        'CONFLICT',
        free <= 0
          ? `${offering.title} is full: all ${offering.capacity} places are taken.`
          : `${offering.title} has ${free} free places of ${offering.capacity}; ${adding} students do not fit.`,
      );
    const added = await rows<{ id: number; enrolment_id: number }>(
      tx,
      sql`insert into ba_student_courses (offering_id, enrolment_id, changed_by)
          select ${offeringId}, x, ${auth.user.jwlId}::int from unnest(${intArray(ids)}) x
          on conflict (offering_id, enrolment_id) do nothing returning id, enrolment_id`,
    );
    if (added.length > 0)
      await audit(tx, auth, {
        action: 'ba_student_course.placed',
        entityType: 'ba_offering',
        entityId: offeringId,
        changes: { termKey: offering.termKey, enrolmentIds: added.map((a) => a.enrolment_id) },
      });
    const queued =
      added.length > 0
        ? await queueBachelorMail(
            tx,
            {
              type: 'bachelor_term_enrolment',
              programmeId,
              studentCourseIds: added.map((a) => a.id),
            },
            deps.config.publicUrl,
          )
        : [];
    return { placed: { placed: added.length, alreadyPlaced: already }, mailIds: queued };
  });
  deps.mailer.dispatch(mailIds);
  return placed;
}

const conflict = (detail: string) => new AppError(409, 'CONFLICT', detail);

/**
 * The one course-status move every path calls (a row action, a bulk action, the seed's
 * callers): the action's from-state, its right, its window, the version seen. A late
 * drop-delete needs `confirm` and a reason. Writes the move, its audit row, for a retake the
 * credit ledger's `replaced` entry (`recordRetake`), and the `bachelor_course_status_changed`
 * mails in one transaction; the mails are dispatched after the commit.
 */
export async function moveCourseStatus(
  deps: Deps,
  auth: AuthContext,
  programmeId: number,
  studentCourseId: number,
  move: StatusMove,
  today = todayUtc(),
): Promise<StudentCourse> {
  const action = move.action as CourseStatusAction;
  const rule = COURSE_STATUS_ACTIONS[action];
  if (!auth.rights.has(rule.right))
    throw new AppError(403, 'MISSING_RIGHT', `${rule.label} needs the right ${rule.right}.`, {
      missingRight: rule.right,
    });
  const { moved, mailIds } = await deps.db.transaction(async (tx) => {
    const current = await studentCourseOf(tx, auth, programmeId, studentCourseId, true);
    if (current.version !== move.version)
      throw new AppError(
        409,
        'STALE_VERSION',
        'Someone else changed this student’s course meanwhile: reload to see their change.',
        { current },
      );
    if (!(rule.from as readonly CourseStatus[]).includes(current.status))
      throw conflict(
        `${rule.label} is possible only from ${rule.from.map((s) => COURSE_STATUS_LABELS[s]).join(' or ')}; ${current.student}’s ${current.courseCode} is ${COURSE_STATUS_LABELS[current.status]}.`,
      );
    const reason = move.reason?.trim() || null;
    if (rule.window === 'first-two-weeks') {
      const [term] = await rows<{ start_date: string | Date }>(
        tx,
        sql`select t.start_date from ba_terms t join ba_offerings o on o.term_id = t.id
            where o.id = ${current.offeringId}`,
      );
      const late = term && !inDropDeleteWindow(isoDay(term.start_date), today);
      if (late && (move.confirm !== true || !reason))
        throw conflict(
          `The first two weeks of the term are over: dropping now needs your confirmation and a reason.`,
        );
    }
    await tx.execute(
      sql`update ba_student_courses set status = ${rule.to}, reason = ${reason},
            changed_by = ${auth.user.jwlId}, version = version + 1, updated_at = now()
          where id = ${studentCourseId}`,
    );
    // A dropped attempt no longer counts: the student's course result is the latest attempt's
    // that still has one (decision 0022, "results per attempt").
    if (rule.to === 'drop-delete') await syncCourseResults(tx, [current.enrolmentId]);
    // A retake takes back the credit the course holds (none when it has no final result yet).
    const replacedEntryId =
      rule.to === 'retaken'
        ? await recordRetake(tx, {
            enrolmentId: current.enrolmentId,
            courseId: current.courseId,
            approvedBy: auth.user.jwlId,
          })
        : undefined;
    await audit(tx, auth, {
      action: 'ba_student_course.status',
      entityType: 'ba_student_course',
      entityId: studentCourseId,
      changes: {
        action,
        status: [current.status, rule.to],
        reason,
        confirm: move.confirm ?? null,
        ...(replacedEntryId === undefined ? {} : { ledgerEntryId: replacedEntryId }),
      },
    });
    const queued = await queueBachelorMail(
      tx,
      {
        type: 'bachelor_course_status_changed',
        programmeId,
        studentCourseIds: [studentCourseId],
        status: rule.to,
      },
      deps.config.publicUrl,
    );
    return {
      moved: await studentCourseOf(tx, auth, programmeId, studentCourseId),
      mailIds: queued,
    };
  });
  deps.mailer.dispatch(mailIds);
  return moved;
}
