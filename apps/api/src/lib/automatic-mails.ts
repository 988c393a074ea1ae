import { sql, type SQL } from 'drizzle-orm';
import {
  renderPlaceholders,
  type AutomaticMailEvent,
  type MailPlaceholder,
  type RecipientRole,
} from '@lantern/contracts/automatic-mail';
import { DROPOUT_CRITERION_LABELS, type DropoutCriterion } from '@lantern/contracts/dropout';
import {
  COURSE_STATUS_LABELS,
  TRANSFER_STATE_LABELS,
  VERIFICATION_LEVEL_LABELS,
  type CourseStatus,
  type VerificationLevel,
} from '@lantern/contracts/bachelor';
import { ENROLMENT_STATE_LABELS, type EnrolmentState } from '@lantern/contracts/programme';
import type { Db } from '@lantern/db/client';
import { intArray, rows } from './sql';
import { statusText } from './programme-status';

/** Something that happened in a programme that automatic mails may go out on. */
export type ProgrammeEvent =
  | { type: 'application_received'; programmeId: number; enrolmentIds: number[] }
  | {
      type: 'student_state_changed';
      programmeId: number;
      enrolmentIds: number[];
      state: EnrolmentState;
    }
  | { type: 'programme_state_changed'; programmeId: number; status: string }
  | {
      type: 'study_break_started' | 'study_break_ended';
      programmeId: number;
      breakIds: number[];
    }
  | { type: 'certificate_issued'; programmeId: number; certificateIds: string[] }
  | { type: 'dropout_flagged'; programmeId: number; flagIds: number[] }
  | BachelorMailEvent;

/**
 * The bachelor events (decision 0022, as built: integration). Each names the rows the change
 * wrote; a mail goes once per occurrence (the outbox key), whatever the retries.
 */
export type BachelorMailEvent =
  /** Students placed in a term's offerings: one mail per student and term, naming the courses. */
  | { type: 'bachelor_term_enrolment'; programmeId: number; studentCourseIds: number[] }
  /** Students' course statuses changed to `status` (the rows' new version is the occurrence). */
  | {
      type: 'bachelor_course_status_changed';
      programmeId: number;
      studentCourseIds: number[];
      status: CourseStatus;
    }
  /** Transfers approved or rejected (each transfer is its own occurrence). */
  | {
      type: 'bachelor_transfer_decided';
      programmeId: number;
      transferIds: number[];
      decision: 'approved' | 'rejected';
    }
  /** A term's final grades approved at a level: every student of the term (or of its CLC). */
  | {
      type: 'bachelor_verification_completed';
      programmeId: number;
      verificationId: number;
      level: VerificationLevel;
    }
  /** Students whose export status became graduated. */
  | { type: 'bachelor_graduated'; programmeId: number; enrolmentIds: number[] };

type MailRow = {
  id: number;
  subject: string;
  body: string;
  recipient_role: RecipientRole;
};

/** One student the event is about, with what the placeholders need. */
export type SubjectRow = {
  /** What makes this event for this student one occurrence (the outbox's dedupe key part). */
  event_key: string;
  enrolment_id: number | null;
  student_id: number | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  state: string | null;
  clc_id: number | null;
  clc: string | null;
  class_id: number | null;
  class_name: string | null;
  break_starts_on: string | null;
  break_ends_on: string | null;
  certificate_code: string | null;
  /** dropout_flagged: the flag's criterion and its first day (else absent). */
  criterion?: DropoutCriterion | null;
  flagged_on?: string | null;
  /** Bachelor events (else absent). */
  term?: string | null;
  course?: string | null;
  course_status?: CourseStatus | null;
  transfer_decision?: 'approved' | 'rejected' | 'proposed' | null;
  credits?: string | number | null;
  verification_level?: VerificationLevel | null;
  /** bachelor_term_enrolment: the courses of the term the student was placed in. */
  courses?: string | null;
  programme: string;
  programme_code: string;
  start_date: string;
  end_date: string;
  programme_state: string;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Certificate ids as one array parameter, like `intArray` (only well-formed ones). */
const uuidArray = (values: readonly string[]) =>
  sql`${`{${values.filter((v) => UUID.test(v)).join(',')}}`}::uuid[]`;

const STUDENT_COLUMNS = sql`e.id as enrolment_id, u.jwl_id as student_id, u.first_name, u.last_name,
  u.email, e.state::text as state, e.clc_id, k.name as clc, e.class_id, c.name as class_name,
  p.title as programme, p.code as programme_code, p.start_date::text as start_date,
  p.end_date::text as end_date, p.status::text as programme_state`;
const STUDENT_FROM = sql`enrolments e join users u on u.jwl_id = e.user_id
  join programmes p on p.id = e.programme_id
  left join clcs k on k.id = e.clc_id left join classes c on c.id = e.class_id`;

/** A bachelor student in an offered course: the classroom is the course's, not the enrolment's. */
const BA_COURSE_COLUMNS = sql`e.id as enrolment_id, u.jwl_id as student_id, u.first_name, u.last_name,
  u.email, e.state::text as state, e.clc_id, k.name as clc, sc.class_id, c.name as class_name,
  p.title as programme, p.code as programme_code, p.start_date::text as start_date,
  p.end_date::text as end_date, p.status::text as programme_state,
  null::text as break_starts_on, null::text as break_ends_on, null::text as certificate_code,
  t.name as term, coalesce(pc.code || ' ' || pc.title, o.title) as course,
  sc.status::text as course_status`;
const BA_COURSE_FROM = sql`ba_student_courses sc join ba_offerings o on o.id = sc.offering_id
  join ba_terms t on t.id = o.term_id left join programme_courses pc on pc.id = o.course_id
  join enrolments e on e.id = sc.enrolment_id join users u on u.jwl_id = e.user_id
  join programmes p on p.id = e.programme_id
  left join clcs k on k.id = e.clc_id left join classes c on c.id = sc.class_id`;

function bachelorSubjectsQuery(event: BachelorMailEvent): SQL {
  const none = sql`null::text as break_starts_on, null::text as break_ends_on, null::text as certificate_code`;
  switch (event.type) {
    case 'bachelor_term_enrolment':
      // One occurrence per student and term, however many courses they were placed in.
      return sql`select distinct on (e.id, t.id) 'ba-term:' || t.id || ':' || e.id as event_key,
          ${BA_COURSE_COLUMNS},
          (select string_agg(coalesce(pc2.code, o2.title), ', ' order by coalesce(pc2.code, o2.title))
             from ba_student_courses sc2 join ba_offerings o2 on o2.id = sc2.offering_id
             left join programme_courses pc2 on pc2.id = o2.course_id
             where sc2.enrolment_id = e.id and o2.term_id = t.id
               and sc2.id = any(${intArray(event.studentCourseIds)})) as courses
        from ${BA_COURSE_FROM}
        where sc.id = any(${intArray(event.studentCourseIds)}) and e.programme_id = ${event.programmeId}
        order by e.id, t.id, sc.id`;
    case 'bachelor_course_status_changed':
      return sql`select 'ba-course:' || sc.id || ':v' || sc.version as event_key, ${BA_COURSE_COLUMNS}
        from ${BA_COURSE_FROM}
        where sc.id = any(${intArray(event.studentCourseIds)}) and e.programme_id = ${event.programmeId}
          and sc.status = ${event.status}`;
    case 'bachelor_transfer_decided':
      return sql`select 'ba-transfer:' || tr.id as event_key, ${STUDENT_COLUMNS}, ${none},
          coalesce(pc.code || ' ' || pc.title, tr.source_course_title) as course,
          tr.state::text as transfer_decision, tr.credits
        from ba_transfers tr left join programme_courses pc on pc.id = tr.course_id
        join ${STUDENT_FROM} on e.id = tr.enrolment_id
        where tr.id = any(${intArray(event.transferIds)}) and e.programme_id = ${event.programmeId}
          and tr.state = ${event.decision}`;
    case 'bachelor_verification_completed':
      return sql`select distinct on (e.id) 'ba-verification:' || v.id || ':' || e.id as event_key,
          ${STUDENT_COLUMNS}, ${none}, t.name as term, v.level::text as verification_level
        from ba_verifications v join ba_terms t on t.id = v.term_id
        join ba_offerings o on o.term_id = t.id
        join ba_student_courses sc on sc.offering_id = o.id and sc.status <> 'drop-delete'
        join ${STUDENT_FROM} on e.id = sc.enrolment_id
        where v.id = ${event.verificationId} and t.programme_id = ${event.programmeId}
          and (v.clc_id is null or e.clc_id = v.clc_id)
        order by e.id`;
    case 'bachelor_graduated':
      return sql`select 'ba-graduated:' || e.id as event_key, ${STUDENT_COLUMNS}, ${none}
        from ${STUDENT_FROM} join ba_export_statuses x on x.enrolment_id = e.id
        where e.id = any(${intArray(event.enrolmentIds)}) and e.programme_id = ${event.programmeId}
          and x.status = 'graduated'`;
  }
}

/** The students an event is about, each with the key of this occurrence. */
function subjectsQuery(event: ProgrammeEvent): SQL {
  const none = sql`null::text as break_starts_on, null::text as break_ends_on, null::text as certificate_code`;
  switch (event.type) {
    case 'application_received':
      return sql`select 'enrolment:' || e.id || ':applied' as event_key, ${STUDENT_COLUMNS}, ${none}
        from ${STUDENT_FROM} where e.id = any(${intArray(event.enrolmentIds)})`;
    case 'student_state_changed':
      // The version after the change: the same change retried is one occurrence, a later
      // change to the same state another.
      return sql`select 'enrolment:' || e.id || ':v' || e.version as event_key, ${STUDENT_COLUMNS}, ${none}
        from ${STUDENT_FROM} where e.id = any(${intArray(event.enrolmentIds)})`;
    case 'programme_state_changed':
      return sql`select 'programme:' || p.id || ':v' || p.version as event_key, ${STUDENT_COLUMNS}, ${none}
        from ${STUDENT_FROM} where p.id = ${event.programmeId} and e.state in ('applied', 'active')`;
    case 'study_break_started':
    case 'study_break_ended': {
      const which = event.type === 'study_break_started' ? 'started' : 'ended';
      return sql`select 'break:' || b.id || ':' || ${which}::text as event_key, ${STUDENT_COLUMNS},
          b.starts_on::text as break_starts_on, b.ends_on::text as break_ends_on, null::text as certificate_code
        from study_breaks b join ${STUDENT_FROM} on e.id = b.enrolment_id
        where b.id = any(${intArray(event.breakIds)})`;
    }
    case 'certificate_issued':
      return sql`select 'certificate:' || ce.id as event_key, ${STUDENT_COLUMNS},
          null::text as break_starts_on, null::text as break_ends_on, ce.code as certificate_code
        from certificates ce join ${STUDENT_FROM} on e.id = ce.enrolment_id
        where ce.id = any(${uuidArray(event.certificateIds)})`;
    case 'dropout_flagged':
      // A flag is one occurrence: a student flagged again later (a new flag) is another.
      return sql`select 'dropout-flag:' || f.id as event_key, ${STUDENT_COLUMNS}, ${none},
          d.criterion::text as criterion, (f.first_flagged_at at time zone 'UTC')::date::text as flagged_on
        from dropout_flags f join dropout_flagging_items d on d.id = f.item_id
        join ${STUDENT_FROM} on e.id = f.enrolment_id
        where f.id = any(${intArray(event.flagIds)}) and f.programme_id = ${event.programmeId}`;
    default:
      return bachelorSubjectsQuery(event);
  }
}

type Recipient = { key: string; subject: SubjectRow; userId: number; email: string };

/** Who receives a mail of `role` about each student: one row per student and recipient. */
async function recipients(db: Db, role: RecipientRole, subjects: SubjectRow[]) {
  const out: Recipient[] = [];
  if (role === 'student') {
    for (const s of subjects)
      if (s.email && s.student_id)
        out.push({ key: s.event_key, subject: s, userId: s.student_id, email: s.email });
    return out;
  }
  const found =
    role === 'coordinator'
      ? await rows<{ anchor: number; id: number; email: string }>(
          db,
          sql`select distinct uc.clc_id as anchor, u.jwl_id as id, u.email from user_clcs uc
              join users u on u.jwl_id = uc.user_id and u.email is not null and u.status = 'active'
              join user_roles r on r.user_id = u.jwl_id and r.role_key in ('COORDINATOR', 'LEAD_COORDINATOR')
              where uc.clc_id = any(${intArray(subjects.map((s) => s.clc_id ?? -1))})`,
        )
      : await rows<{ anchor: number; id: number; email: string }>(
          db,
          sql`select s.class_id as anchor, u.jwl_id as id, u.email from class_staff s
              join users u on u.jwl_id = s.user_id and u.email is not null and u.status = 'active'
              where s.kind = ${role} and s.class_id = any(${intArray(subjects.map((s) => s.class_id ?? -1))})`,
        );
  for (const s of subjects) {
    const anchor = role === 'coordinator' ? s.clc_id : s.class_id;
    for (const r of found)
      if (r.anchor === anchor)
        out.push({ key: s.event_key, subject: s, userId: r.id, email: r.email });
  }
  return out;
}

/** The placeholders' values for one student (what an event does not know stays empty). */
export function placeholderValues(
  s: SubjectRow,
  publicUrl: string,
): Partial<Record<MailPlaceholder, string>> {
  return {
    firstName: s.first_name ?? '',
    lastName: s.last_name ?? '',
    jwlId: s.student_id === null ? '' : String(s.student_id),
    programme: s.programme,
    programmeCode: s.programme_code,
    startDate: s.start_date,
    endDate: s.end_date,
    state: s.state ? ENROLMENT_STATE_LABELS[s.state as EnrolmentState] : '',
    programmeState: statusText(s.programme_state),
    clc: s.clc ?? '',
    className: s.class_name ?? '',
    breakStartsOn: s.break_starts_on ?? '',
    breakEndsOn: s.break_ends_on ?? '',
    certificateCode: s.certificate_code ?? '',
    verificationUrl: s.certificate_code
      ? `${publicUrl}/en/certificate-verification/${s.certificate_code}`
      : '',
    criterion: s.criterion ? DROPOUT_CRITERION_LABELS[s.criterion] : '',
    flaggedOn: s.flagged_on ?? '',
    term: s.term ?? '',
    course: s.courses ?? s.course ?? '',
    courseStatus: s.course_status ? COURSE_STATUS_LABELS[s.course_status] : '',
    transferDecision: s.transfer_decision ? TRANSFER_STATE_LABELS[s.transfer_decision] : '',
    credits: s.credits === null || s.credits === undefined ? '' : String(Number(s.credits)),
    verificationLevel: s.verification_level ? VERIFICATION_LEVEL_LABELS[s.verification_level] : '',
  };
}

/** The status a mail's "event status" is matched against, for events that have one. */
function eventStatusOf(event: ProgrammeEvent): string | null {
  switch (event.type) {
    case 'student_state_changed':
      return event.state;
    case 'programme_state_changed':
    case 'bachelor_course_status_changed':
      return event.status;
    case 'bachelor_transfer_decided':
      return event.decision;
    case 'bachelor_verification_completed':
      return event.level;
    default:
      return null;
  }
}

/**
 * What a bachelor change needs to mail: the database, the public address for links and the
 * dispatcher to call after the commit (`Deps` has all three; a bench passes its own).
 */
export type BachelorMailDeps = {
  db: Db;
  config: { publicUrl: string };
  mailer: { dispatch: (ids: number[]) => void };
};

/**
 * The helper the bachelor areas call inside the transaction of their change (decision 0022,
 * as built: integration), e.g. after a course-status move:
 * `ids.push(...await queueBachelorMail(tx, { type: 'bachelor_course_status_changed', programmeId,
 * studentCourseIds, status: 'withdrawn' }, deps.config.publicUrl))`, then, after the commit,
 * `deps.mailer.dispatch(ids)`. Answers the new outbox ids; an event nobody wrote a published
 * mail for queues nothing and costs one query.
 */
export async function queueBachelorMail(
  db: Db,
  event: BachelorMailEvent,
  publicUrl: string,
): Promise<number[]> {
  return queueAutomaticMails(db, event, publicUrl);
}

/**
 * Puts the published automatic mails of an event in the outbox, inside the caller's
 * transaction: one mail per mail template, occurrence and recipient, never two (the outbox's
 * dedupe key), so the change and its mails commit or roll back together. Answers the new
 * outbox ids, for the caller to dispatch after the commit.
 */
export async function queueAutomaticMails(
  db: Db,
  event: ProgrammeEvent,
  publicUrl: string,
): Promise<number[]> {
  const status = eventStatusOf(event);
  const mails = await rows<MailRow>(
    db,
    sql`select id, subject, body, recipient_role from automatic_mails
        where programme_id = ${event.programmeId} and published
          and event_type = ${event.type satisfies AutomaticMailEvent}
          and (event_status is null or event_status = ${status})
        order by id`,
  );
  if (mails.length === 0) return [];
  const subjects = await rows<SubjectRow>(db, subjectsQuery(event));
  if (subjects.length === 0) return [];
  const queued: number[] = [];
  for (const mail of mails) {
    const to = await recipients(db, mail.recipient_role, subjects);
    // Large programmes: a few hundred rows a statement.
    for (let i = 0; i < to.length; i += 500) {
      const batch = to.slice(i, i + 500).map((r) => {
        const values = placeholderValues(r.subject, publicUrl);
        return sql`(${r.email}, ${r.userId}, ${renderPlaceholders(mail.subject, values)},
          ${renderPlaceholders(mail.body, values)}, 'automatic', ${`auto:${String(mail.id)}:${r.key}:${String(r.userId)}`})`;
      });
      const inserted = await rows<{ id: number }>(
        db,
        sql`insert into mail_outbox (to_address, to_user_id, subject, text_body, kind, dedupe_key)
            values ${sql.join(batch, sql`, `)}
            on conflict (dedupe_key) do nothing returning id`,
      );
      queued.push(...inserted.map((r) => r.id));
    }
  }
  return queued;
}

/**
 * Study breaks whose first day or the day after whose last day has come (by today, UTC) raise
 * their started / ended events. Run often; the outbox's key keeps each mail to one.
 */
export async function queueBreakEvents(
  db: Db,
  publicUrl: string,
  today: string,
): Promise<number[]> {
  const due = await rows<{ id: number; programme_id: number; kind: 'started' | 'ended' }>(
    db,
    sql`select b.id, e.programme_id, case when b.ends_on < ${today}::date then 'ended' else 'started' end as kind
        from study_breaks b join enrolments e on e.id = b.enrolment_id
        join automatic_mails m on m.programme_id = e.programme_id and m.published
          and m.event_type in ('study_break_started', 'study_break_ended')
        where (b.starts_on <= ${today}::date and b.starts_on > ${today}::date - 7)
           or (b.ends_on < ${today}::date and b.ends_on >= ${today}::date - 7)
        group by b.id, e.programme_id, b.ends_on`,
  );
  const queued: number[] = [];
  for (const row of due)
    queued.push(
      ...(await queueAutomaticMails(
        db,
        {
          type: row.kind === 'started' ? 'study_break_started' : 'study_break_ended',
          programmeId: row.programme_id,
          breakIds: [row.id],
        },
        publicUrl,
      )),
    );
  return queued;
}

/**
 * A real student's data for a preview: the one asked for, else the programme's first student;
 * with no student yet, the programme's data and sample names.
 */
export async function previewSubject(
  db: Db,
  programmeId: number,
  studentId: number | undefined,
): Promise<{ subject: SubjectRow; real: boolean } | null> {
  const [student] = await rows<SubjectRow>(
    db,
    sql`select 'preview' as event_key, ${STUDENT_COLUMNS},
          (select b.starts_on::text from study_breaks b where b.enrolment_id = e.id order by b.starts_on desc limit 1) as break_starts_on,
          (select b.ends_on::text from study_breaks b where b.enrolment_id = e.id order by b.starts_on desc limit 1) as break_ends_on,
          (select ce.code from certificates ce where ce.enrolment_id = e.id) as certificate_code
        from ${STUDENT_FROM}
        where e.programme_id = ${programmeId} ${studentId === undefined ? sql`` : sql`and u.jwl_id = ${studentId}`}
        order by e.id limit 1`,
  );
  if (student) return { subject: student, real: true };
  if (studentId !== undefined) return null;
  const [programme] = await rows<SubjectRow>(
    db,
    sql`select 'preview' as event_key, null::int as enrolment_id, null::int as student_id,
          'Amina' as first_name, 'Example' as last_name, null::text as email, 'active' as state,
          null::int as clc_id, null::text as clc, null::int as class_id, null::text as class_name,
          p.title as programme, p.code as programme_code, p.start_date::text as start_date,
          p.end_date::text as end_date, p.status::text as programme_state,
          null::text as break_starts_on, null::text as break_ends_on, null::text as certificate_code
        from programmes p where p.id = ${programmeId}`,
  );
  return programme ? { subject: programme, real: false } : null;
}
