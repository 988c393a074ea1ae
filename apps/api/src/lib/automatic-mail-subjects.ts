import { sql, type SQL } from 'drizzle-orm';
import type { DropoutCriterion } from '@lantern/contracts/dropout';
import type { CourseStatus, VerificationLevel } from '@lantern/contracts/bachelor';
import type { EnrolmentState } from '@lantern/contracts/programme';
import { intArray } from './sql';

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

export const STUDENT_COLUMNS = sql`e.id as enrolment_id, u.jwl_id as student_id, u.first_name, u.last_name,
  u.email, e.state::text as state, e.clc_id, k.name as clc, e.class_id, c.name as class_name,
  p.title as programme, p.code as programme_code, p.start_date::text as start_date,
  p.end_date::text as end_date, p.status::text as programme_state`;
export const STUDENT_FROM = sql`enrolments e join users u on u.jwl_id = e.user_id
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
export function subjectsQuery(event: ProgrammeEvent): SQL {
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
