import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  integrationGraduatedInputSchema,
  integrationResultQuerySchema,
  integrationStudentQuerySchema,
} from '@lantern/contracts/bachelor-integration';
import { parseTermKey, termKeyOf, type ExportStatus } from '@lantern/contracts/bachelor';
import type { EnrolmentState } from '@lantern/contracts/programme';
import type { CourseStatus, TermSeason } from '@lantern/contracts/bachelor';
import type { AuthContext } from '../../plugins/auth';
import type { Deps } from '../../lib/deps';
import { auditMany } from '../../lib/audit';
import { AppError, notFound } from '../../lib/errors';
import { programmeInReach } from '../../lib/programme-reach';
import { clcScope } from '../../lib/scope';
import { inScope, intArray, rows } from '../../lib/sql';
import { queueBachelorMail } from '../../lib/automatic-mails';

/**
 * BA_API (decision 0022, as built: integration): what a certifying university's system reads
 * and the one thing it writes (graduated). Rows are in the caller's CLC reach, like the screens.
 */

/** The students of a programme an integration sees: admitted ones (not applicants). */
const STUDENT_STATES = sql`e.state in ('active', 'withdrawn', 'completed', 'failed')`;

export async function listProgrammes(deps: Deps, auth: AuthContext) {
  const scope = clcScope(auth);
  const items = await rows<{
    id: number;
    code: string;
    title: string;
    status: string;
    certifying_university: string | null;
    students: number;
  }>(
    deps.db,
    sql`select p.id, p.code, p.title, p.status::text as status, p.certifying_university,
          (select count(*)::int from enrolments e where e.programme_id = p.id and ${STUDENT_STATES}
             and ${inScope(sql`e.clc_id`, scope)}) as students
        from programmes p
        where p.type = 'bachelor' and ${programmeInReach(sql`p.id`, scope)}
        order by p.code, p.id`,
  );
  return {
    items: items.map((p) => ({
      id: p.id,
      code: p.code,
      title: p.title,
      status: p.status,
      certifyingUniversity: p.certifying_university,
      students: p.students,
    })),
  };
}

type StudentQuery = z.output<typeof integrationStudentQuerySchema>;

export async function listStudents(
  deps: Deps,
  auth: AuthContext,
  programmeId: number,
  query: StudentQuery,
) {
  const found = await rows<{
    enrolment_id: number;
    jwl_id: number;
    first_name: string;
    last_name: string;
    email: string | null;
    clc: string | null;
    cohort: string | null;
    state: EnrolmentState;
    export_status: ExportStatus | null;
    credits: string | number | null;
  }>(
    deps.db,
    sql`select e.id as enrolment_id, u.jwl_id, u.first_name, u.last_name, u.email, k.code as clc,
          (select c.code from ba_cohort_members m join ba_cohorts c on c.id = m.cohort_id
            where m.enrolment_id = e.id limit 1) as cohort,
          e.state::text as state, x.status::text as export_status,
          (select coalesce(sum(l.credits), 0) from ba_credit_ledger l where l.enrolment_id = e.id) as credits
        from enrolments e join users u on u.jwl_id = e.user_id
        left join clcs k on k.id = e.clc_id
        left join ba_export_statuses x on x.enrolment_id = e.id
        where e.programme_id = ${programmeId} and ${STUDENT_STATES}
          and ${inScope(sql`e.clc_id`, clcScope(auth))} and e.id > ${query.after}
          ${query.exportStatus ? sql`and x.status = ${query.exportStatus}` : sql``}
        order by e.id limit ${query.limit + 1}`,
  );
  const page = found.slice(0, query.limit);
  return {
    items: page.map((s) => ({
      enrolmentId: s.enrolment_id,
      jwlId: s.jwl_id,
      firstName: s.first_name,
      lastName: s.last_name,
      email: s.email,
      clc: s.clc,
      cohort: s.cohort,
      state: s.state,
      exportStatus: s.export_status,
      credits: Number(s.credits ?? 0),
    })),
    next: found.length > query.limit ? (page.at(-1)?.enrolment_id ?? null) : null,
  };
}

export async function listTerms(deps: Deps, auth: AuthContext, programmeId: number) {
  const scope = clcScope(auth);
  const found = await rows<{
    year: number;
    season: TermSeason;
    name: string;
    start_date: string;
    weeks: number;
    offerings: number;
    students: number;
  }>(
    deps.db,
    sql`select t.year, t.season::text as season, t.name, t.start_date::text as start_date, t.weeks,
          (select count(*)::int from ba_offerings o where o.term_id = t.id) as offerings,
          (select count(distinct sc.enrolment_id)::int from ba_offerings o
            join ba_student_courses sc on sc.offering_id = o.id
            join enrolments e on e.id = sc.enrolment_id
            where o.term_id = t.id and ${inScope(sql`e.clc_id`, scope)}) as students
        from ba_terms t where t.programme_id = ${programmeId}
        order by t.start_date`,
  );
  return {
    items: found.map((t) => ({
      key: termKeyOf(t.year, t.season),
      year: t.year,
      season: t.season,
      name: t.name,
      startDate: t.start_date,
      weeks: t.weeks,
      offerings: t.offerings,
      students: t.students,
    })),
  };
}

type ResultQuery = z.output<typeof integrationResultQuerySchema>;

/** The course results of a term: each student in each offered course, with its status and grade. */
export async function listResults(
  deps: Deps,
  auth: AuthContext,
  programmeId: number,
  termKey: string,
  query: ResultQuery,
) {
  const term = parseTermKey(termKey);
  if (!term) throw notFound('The term');
  const [found] = await rows<{ id: number }>(
    deps.db,
    sql`select id from ba_terms where programme_id = ${programmeId} and year = ${term.year}
        and season = ${term.season}`,
  );
  if (!found) throw notFound('The term');
  const results = await rows<{
    id: number;
    jwl_id: number;
    enrolment_id: number;
    course_code: string | null;
    course_title: string;
    status: CourseStatus;
    score: string | number | null;
    final: boolean | null;
  }>(
    deps.db,
    sql`select sc.id, e.user_id as jwl_id, e.id as enrolment_id, pc.code as course_code,
          coalesce(pc.title, o.title, 'Internship') as course_title, sc.status::text as status,
          r.score, r.is_final as final
        from ba_student_courses sc
        join ba_offerings o on o.id = sc.offering_id
        join enrolments e on e.id = sc.enrolment_id
        left join programme_courses pc on pc.id = o.course_id
        left join ba_attempt_results r on r.student_course_id = sc.id
        where o.term_id = ${found.id} and sc.id > ${query.after}
          and ${inScope(sql`e.clc_id`, clcScope(auth))}
          ${query.finalOnly ? sql`and r.is_final` : sql``}
        order by sc.id limit ${query.limit + 1}`,
  );
  const page = results.slice(0, query.limit);
  return {
    term: termKey,
    items: page.map((r) => ({
      jwlId: r.jwl_id,
      enrolmentId: r.enrolment_id,
      courseCode: r.course_code,
      courseTitle: r.course_title,
      status: r.status,
      score: r.score === null ? null : Number(r.score),
      final: r.final ?? false,
    })),
    next: results.length > query.limit ? (page.at(-1)?.id ?? null) : null,
  };
}

type GraduatedInput = z.output<typeof integrationGraduatedInputSchema>;

/**
 * BA_API__EDIT: the university reports students graduated. Only a student whose record was
 * exported (completed-exported) may graduate; one already graduated is left as is, so a
 * repeated call changes nothing. All or nothing: one student who may not graduate refuses the
 * call (409) and names them.
 */
export async function markGraduated(
  deps: Deps,
  auth: AuthContext,
  programmeId: number,
  input: GraduatedInput,
) {
  const ids = [...new Set(input.jwlIds)];
  const mailIds: number[] = [];
  const result = await deps.db.transaction(async (tx) => {
    const found = await rows<{
      jwl_id: number;
      enrolment_id: number;
      status: ExportStatus | null;
    }>(
      tx,
      sql`select e.user_id as jwl_id, e.id as enrolment_id, x.status::text as status
          from enrolments e left join ba_export_statuses x on x.enrolment_id = e.id
          where e.programme_id = ${programmeId} and e.user_id = any(${intArray(ids)})
            and ${inScope(sql`e.clc_id`, clcScope(auth))}
          for update of e`,
    );
    const known = new Set(found.map((f) => f.jwl_id));
    const unknown = ids.filter((id) => !known.has(id));
    if (unknown.length)
      throw new AppError(
        404,
        'NOT_FOUND',
        `Not students of this programme: ${unknown.slice(0, 20).join(', ')}.`,
      );
    const refused = found.filter(
      (f) => f.status !== 'completed-exported' && f.status !== 'graduated',
    );
    if (refused.length)
      throw new AppError(
        409,
        'CONFLICT',
        `Only exported students can graduate; not yet exported: ${refused
          .slice(0, 20)
          .map((f) => f.jwl_id)
          .join(', ')}.`,
      );
    const moving = found.filter((f) => f.status === 'completed-exported');
    if (moving.length) {
      await tx.execute(
        sql`update ba_export_statuses set status = 'graduated', changed_by = ${auth.user.jwlId},
              version = version + 1, updated_at = now()
            where enrolment_id = any(${intArray(moving.map((m) => m.enrolment_id))})`,
      );
      await auditMany(
        tx,
        auth,
        moving.map((m) => ({
          action: 'bachelor.export-status',
          entityType: 'enrolment',
          entityId: m.enrolment_id,
          changes: { from: 'completed-exported', to: 'graduated', via: 'api' },
        })),
      );
      mailIds.push(
        ...(await queueBachelorMail(
          tx,
          {
            type: 'bachelor_graduated',
            programmeId,
            enrolmentIds: moving.map((m) => m.enrolment_id),
          },
          deps.config.publicUrl,
        )),
      );
    }
    return {
      graduated: moving.map((m) => m.jwl_id),
      unchanged: found.filter((f) => f.status === 'graduated').map((f) => f.jwl_id),
    };
  });
  deps.mailer.dispatch(mailIds);
  return result;
}
