import { z } from 'zod';
import { requiredText } from './common';
import { VALIDATION } from './messages';
import {
  ENROLMENT_STATES,
  PROGRAMME_STATUSES,
  PROGRAMME_TYPES,
  type ProgrammeType,
} from './programme';
import { COURSE_STATUSES, VERIFICATION_LEVELS } from './bachelor';

/** The events an automatic mail goes out on (spec §2 automatic-mail; issue 4). */
export const AUTOMATIC_MAIL_EVENTS = [
  'application_received',
  'student_state_changed',
  'programme_state_changed',
  'study_break_started',
  'study_break_ended',
  'certificate_issued',
  // A student newly flagged by a dropout item whose action mails the student (decision 0021 §3.5).
  'dropout_flagged',
  // Bachelor programmes only (decision 0022, as built: integration; queueBachelorMail).
  'bachelor_term_enrolment',
  'bachelor_course_status_changed',
  'bachelor_transfer_decided',
  'bachelor_verification_completed',
  'bachelor_graduated',
] as const;
export type AutomaticMailEvent = (typeof AUTOMATIC_MAIL_EVENTS)[number];
export const AUTOMATIC_MAIL_EVENT_LABELS: Record<AutomaticMailEvent, string> = {
  application_received: 'Application received',
  student_state_changed: 'Student state changed',
  programme_state_changed: 'Programme state changed',
  study_break_started: 'Study break started',
  study_break_ended: 'Study break ended',
  certificate_issued: 'Certificate issued',
  dropout_flagged: 'Flagged for dropout',
  bachelor_term_enrolment: 'Enrolled in a term',
  bachelor_course_status_changed: 'Course status changed',
  bachelor_transfer_decided: 'Credit transfer decided',
  bachelor_verification_completed: 'Final grades verified',
  bachelor_graduated: 'Graduated',
};

/** The events only a bachelor programme has. */
export const BACHELOR_MAIL_EVENTS = [
  'bachelor_term_enrolment',
  'bachelor_course_status_changed',
  'bachelor_transfer_decided',
  'bachelor_verification_completed',
  'bachelor_graduated',
] as const satisfies readonly AutomaticMailEvent[];
export type BachelorMailEvent = (typeof BACHELOR_MAIL_EVENTS)[number];
const isBachelorEvent = (e: AutomaticMailEvent) =>
  (BACHELOR_MAIL_EVENTS as readonly AutomaticMailEvent[]).includes(e);

/** The events a programme of this type can send mails on. */
export const mailEventsOf = (type: ProgrammeType | null | undefined): AutomaticMailEvent[] =>
  AUTOMATIC_MAIL_EVENTS.filter((e) => type === 'bachelor' || !isBachelorEvent(e));

/** Which states an event's "event status" may name (none: the event has no status). */
export const EVENT_STATUSES: Record<AutomaticMailEvent, readonly string[]> = {
  application_received: [],
  student_state_changed: ENROLMENT_STATES,
  programme_state_changed: PROGRAMME_STATUSES,
  study_break_started: [],
  study_break_ended: [],
  certificate_issued: [],
  dropout_flagged: [],
  bachelor_term_enrolment: [],
  bachelor_course_status_changed: COURSE_STATUSES,
  bachelor_transfer_decided: ['approved', 'rejected'],
  bachelor_verification_completed: VERIFICATION_LEVELS,
  bachelor_graduated: [],
};

/** Who receives it, seen from the student the event is about. */
export const RECIPIENT_ROLES = ['student', 'coordinator', 'facilitator', 'faculty'] as const;
export type RecipientRole = (typeof RECIPIENT_ROLES)[number];
export const RECIPIENT_ROLE_LABELS: Record<RecipientRole, string> = {
  student: 'The student',
  coordinator: 'The coordinators of their CLC',
  facilitator: 'The facilitators of their class',
  faculty: 'The faculty of their class',
};

/** What `{{name}}` a subject or body may hold. */
export const MAIL_PLACEHOLDERS = [
  'firstName',
  'lastName',
  'jwlId',
  'programme',
  'programmeCode',
  'startDate',
  'endDate',
  'state',
  'programmeState',
  'clc',
  'className',
  'breakStartsOn',
  'breakEndsOn',
  'certificateCode',
  'verificationUrl',
  // dropout_flagged: what flagged the student, and the day it first did.
  'criterion',
  'flaggedOn',
  // Bachelor events: the term and course, the new course status, the transfer's decision and
  // credits, the verification level.
  'term',
  'course',
  'courseStatus',
  'transferDecision',
  'credits',
  'verificationLevel',
] as const;
export type MailPlaceholder = (typeof MAIL_PLACEHOLDERS)[number];

const PLACEHOLDER = /\{\{\s*([A-Za-z]+)\s*\}\}/g;

/** The placeholders of a text that are not in MAIL_PLACEHOLDERS. */
export function unknownPlaceholders(text: string): string[] {
  const known = new Set<string>(MAIL_PLACEHOLDERS);
  return [...text.matchAll(PLACEHOLDER)].map((m) => m[1] ?? '').filter((name) => !known.has(name));
}

/** Fills `{{name}}` with the values; a value missing for the event is left empty. */
export function renderPlaceholders(
  text: string,
  values: Partial<Record<MailPlaceholder, string>>,
): string {
  return text.replace(PLACEHOLDER, (_all, name: string) =>
    name in values ? (values[name as MailPlaceholder] ?? '') : '',
  );
}

const templateText = (max: number) =>
  requiredText(max).superRefine((text, ctx) => {
    const unknown = unknownPlaceholders(text);
    if (unknown.length)
      ctx.addIssue({
        code: 'custom',
        message: `Unknown placeholder ${unknown.map((u) => `{{${u}}}`).join(', ')}`,
      });
  });

export const automaticMailInputSchema = z
  .object({
    eventType: z.enum(AUTOMATIC_MAIL_EVENTS, { error: VALIDATION.select }),
    eventStatus: z
      .string()
      .trim()
      .max(40)
      .nullish()
      .transform((v) => (v ? v : null)),
    subject: templateText(200),
    body: templateText(10_000),
    recipientRole: z.enum(RECIPIENT_ROLES, { error: VALIDATION.select }),
    published: z
      .union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')])
      .default(false),
  })
  .superRefine((v, ctx) => {
    const allowed = EVENT_STATUSES[v.eventType];
    if (v.eventStatus !== null && !allowed.includes(v.eventStatus))
      ctx.addIssue({ code: 'custom', path: ['eventStatus'], message: VALIDATION.select });
  });
export type AutomaticMailInput = z.infer<typeof automaticMailInputSchema>;

export const automaticMailUpdateSchema = automaticMailInputSchema.and(
  z.object({ version: z.coerce.number().int().positive() }),
);

export const automaticMailSchema = z.object({
  id: z.number().int(),
  programmeId: z.number().int(),
  eventType: z.enum(AUTOMATIC_MAIL_EVENTS),
  eventStatus: z.string().nullable(),
  subject: z.string(),
  body: z.string(),
  recipientRole: z.enum(RECIPIENT_ROLES),
  published: z.boolean(),
  /** Mails this one has put in the outbox so far. */
  sent: z.number().int(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type AutomaticMail = z.infer<typeof automaticMailSchema>;

export const automaticMailListSchema = z.object({
  programme: z.object({
    id: z.number().int(),
    code: z.string(),
    title: z.string(),
    type: z.enum(PROGRAMME_TYPES),
  }),
  items: z.array(automaticMailSchema),
});

export const automaticMailParams = z.object({
  programmeType: z.enum(PROGRAMME_TYPES),
  programmeId: z.coerce.number().int().positive().max(2_147_483_647),
});

export const previewInputSchema = z.object({
  /** The student whose data fills the placeholders; the programme's first student if absent. */
  studentId: z.coerce.number().int().positive().optional(),
});
export const previewSchema = z.object({
  subject: z.string(),
  body: z.string(),
  /** Whose data filled it, or null when the programme has no student yet (sample data). */
  student: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  recipients: z.array(z.string()),
});
