import { sql } from 'drizzle-orm';
import {
  renderPlaceholders,
  type AutomaticMailEvent,
  type MailPlaceholder,
  type RecipientRole,
} from '@lantern/contracts/automatic-mail';
import { DROPOUT_CRITERION_LABELS } from '@lantern/contracts/dropout';
import {
  COURSE_STATUS_LABELS,
  TRANSFER_STATE_LABELS,
  VERIFICATION_LEVEL_LABELS,
} from '@lantern/contracts/bachelor';
import { ENROLMENT_STATE_LABELS, type EnrolmentState } from '@lantern/contracts/programme';
import type { Db } from '@lantern/db/client';
import { intArray, rows } from './sql';
import { statusText } from './programme-status';
import {
  STUDENT_COLUMNS,
  STUDENT_FROM,
  subjectsQuery,
  type BachelorMailEvent,
  type ProgrammeEvent,
  type SubjectRow,
} from './automatic-mail-subjects';

export type { BachelorMailEvent, ProgrammeEvent } from './automatic-mail-subjects';

type MailRow = {
  id: number;
  subject: string;
  body: string;
  recipient_role: RecipientRole;
};

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
