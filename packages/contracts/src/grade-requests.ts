import { z } from 'zod';
import { VALIDATION } from './messages';
import { GRADE_EVENT_SUBJECTS, GRADE_OUTCOMES } from './learning-enums';
import { gradeHistoryEntrySchema } from './ledger';
import { pointsSchema } from './teaching';

// Undo-publish and grade-change requests (spec §1; decision 0021 §2). Shared by the API
// (validation, answers) and the web (the queue, the request page, the ask forms).

const id = z.coerce.number({ error: VALIDATION.number }).int().positive().max(2_147_483_647);
const version = z.number({ error: VALIDATION.number }).int().min(1).max(2_147_483_647);

export const GRADE_REQUEST_KINDS = ['undo_publish', 'grade_change'] as const;
export type GradeRequestKind = (typeof GRADE_REQUEST_KINDS)[number];
export const GRADE_REQUEST_KIND_LABELS: Record<GradeRequestKind, string> = {
  undo_publish: 'Undo publish',
  grade_change: 'Grade change',
};

/** `open → approved | declined | withdrawn`; nothing leaves a decided state. */
export const GRADE_REQUEST_STATES = ['open', 'approved', 'declined', 'withdrawn'] as const;
export type GradeRequestState = (typeof GRADE_REQUEST_STATES)[number];
export const GRADE_REQUEST_STATE_LABELS: Record<GradeRequestState, string> = {
  open: 'Open',
  approved: 'Approved',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
};

const reasonSchema = z
  .string({ error: VALIDATION.required })
  .trim()
  .min(1, 'Say why this grade should change.')
  .max(2000, 'At most 2,000 characters');

/**
 * `POST …/grade-requests`. A task grade names its item; a course result (after the programme
 * finished) names none. An undo-publish carries no new value; a grade change carries the new
 * points (a task may also change its outcome and comment).
 */
export const gradeRequestInputSchema = z
  .object({
    kind: z.enum(GRADE_REQUEST_KINDS, { error: VALIDATION.select }),
    subject: z.enum(GRADE_EVENT_SUBJECTS).default('task'),
    itemId: id.optional(),
    courseId: id,
    studentId: id,
    /** The grade's version as the requester saw it. */
    gradeVersion: version,
    toPoints: pointsSchema.nullable().optional(),
    toOutcome: z.enum(GRADE_OUTCOMES).optional(),
    toComment: z.string().trim().max(10_000, 'At most 10,000 characters').nullable().optional(),
    reason: reasonSchema,
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.subject === 'task' && v.itemId === undefined) {
      ctx.addIssue({ code: 'custom', path: ['itemId'], message: VALIDATION.required });
    }
    if (v.subject === 'course_result' && v.itemId !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['itemId'], message: 'A course result has no task.' });
    }
    if (v.kind === 'undo_publish') {
      if (v.subject !== 'task') {
        ctx.addIssue({
          code: 'custom',
          path: ['subject'],
          message: 'Only a task grade can be unpublished.',
        });
      }
      if (v.toPoints !== undefined || v.toOutcome !== undefined || v.toComment !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['toPoints'],
          message: 'An undo-publish request takes no new value.',
        });
      }
    }
    if (v.kind === 'grade_change') {
      const returned = v.toOutcome === 'returned';
      if (!returned && (v.toPoints === undefined || v.toPoints === null)) {
        ctx.addIssue({ code: 'custom', path: ['toPoints'], message: 'Enter the new points.' });
      }
      if (
        v.subject === 'course_result' &&
        (v.toOutcome !== undefined || v.toComment !== undefined)
      ) {
        ctx.addIssue({
          code: 'custom',
          path: ['toOutcome'],
          message: 'A course result has a score only.',
        });
      }
    }
  });
export type GradeRequestInput = z.input<typeof gradeRequestInputSchema>;

const flag = z
  .union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')])
  .optional();

/** `GET …/grade-requests`: newest first, keyset on the id. */
export const gradeRequestQuerySchema = z.object({
  courseId: id.optional(),
  state: z.enum(GRADE_REQUEST_STATES).optional(),
  kind: z.enum(GRADE_REQUEST_KINDS).optional(),
  /** Only the caller's own requests. */
  mine: flag,
  /** Search by the student's or the task's name. */
  q: z.string().trim().max(100).optional(),
  /** The id of the last row of the previous page. */
  before: id.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type GradeRequestQuery = z.infer<typeof gradeRequestQuerySchema>;

const person = z.object({ id: z.number().int(), name: z.string() });
const value = z.object({
  points: z.number().nullable(),
  outcome: z.enum(GRADE_OUTCOMES).nullable(),
});

export const gradeRequestSchema = z.object({
  id: z.number().int(),
  kind: z.enum(GRADE_REQUEST_KINDS),
  subject: z.enum(GRADE_EVENT_SUBJECTS),
  state: z.enum(GRADE_REQUEST_STATES),
  course: z.object({ id: z.number().int(), code: z.string(), title: z.string() }),
  /** The task; null for a course result. */
  item: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  student: z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string() }),
  class: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The grade's version the requester saw. */
  gradeVersion: z.number().int(),
  from: value,
  /** The proposed value (grade change); null for an undo-publish. */
  to: value.extend({ comment: z.string().nullable() }).nullable(),
  /** The maximum of the task (a course result: the scale's) when asked. */
  maxPoints: z.number(),
  reason: z.string(),
  requestedBy: person,
  requestedAt: z.string(),
  decidedBy: person.nullable(),
  decidedAt: z.string().nullable(),
  /** Why it was declined (required then); an approver's optional note. */
  decisionNote: z.string().nullable(),
  version: z.number().int(),
  /** The caller may approve or decline it (the right, reach, not their own, open). */
  mayDecide: z.boolean(),
  /** The caller asked for it and it is open. */
  mayWithdraw: z.boolean(),
});
export type GradeRequest = z.infer<typeof gradeRequestSchema>;

const counts = z.object({
  open: z.number().int(),
  approved: z.number().int(),
  declined: z.number().int(),
  withdrawn: z.number().int(),
});

export const gradeRequestPageSchema = z.object({
  rows: z.array(gradeRequestSchema),
  /** `before` for the next page; null at the end. */
  next: z.number().int().nullable(),
  /** Per state, for the same filters but the state. */
  counts,
  /** Open requests per kind, for the same filters. */
  openByKind: z.object({ undo_publish: z.number().int(), grade_change: z.number().int() }),
  /** Courses the caller has requests in, for the filter. */
  courses: z.array(z.object({ id: z.number().int(), code: z.string(), title: z.string() })),
});
export type GradeRequestPage = z.infer<typeof gradeRequestPageSchema>;

/** A certificate that shows the result a grade change touches. */
export const affectedCertificateSchema = z.object({
  /** Certificates are keyed by a uuid. */
  id: z.uuid(),
  code: z.string(),
  issuedOn: z.string(),
  revokedAt: z.string().nullable(),
});
export type AffectedCertificate = z.infer<typeof affectedCertificateSchema>;

/** `GET …/grade-request/:id` and the answer of approve, decline and withdraw. */
export const gradeRequestDetailSchema = z.object({
  request: gradeRequestSchema,
  /** The grade as it is now; null when it no longer exists. */
  current: z
    .object({
      points: z.number().nullable(),
      outcome: z.enum(GRADE_OUTCOMES).nullable(),
      published: z.boolean(),
      version: z.number().int(),
    })
    .nullable(),
  /** The grade changed since the request was made (an open request then cannot be approved). */
  stale: z.boolean(),
  /** The ledger events this request caused. */
  events: z.array(gradeHistoryEntrySchema),
  /** Certificates of the student's programme that show the old result (grade changes). */
  certificates: z.array(affectedCertificateSchema),
  /** May revoke those certificates (CERTIFICATE__DELETE in the programme's CLC scope). */
  mayRevokeCertificates: z.boolean(),
});
export type GradeRequestDetail = z.infer<typeof gradeRequestDetailSchema>;

export const gradeRequestApproveSchema = z
  .object({
    version,
    note: z.string().trim().max(2000, 'At most 2,000 characters').optional(),
  })
  .strict();

export const gradeRequestDeclineSchema = z
  .object({
    version,
    note: z
      .string({ error: VALIDATION.required })
      .trim()
      .min(1, 'Say why the request is declined.')
      .max(2000, 'At most 2,000 characters'),
  })
  .strict();

export const gradeRequestWithdrawSchema = z.object({ version }).strict();

/** `POST /api/:locale/certificates/:id/revoke`. */
export const certificateRevokeSchema = z
  .object({
    reason: z
      .string({ error: VALIDATION.required })
      .trim()
      .min(1, 'Say why the certificate is revoked.')
      .max(2000, 'At most 2,000 characters'),
  })
  .strict();

export const certificateRevokedSchema = z.object({ id: z.uuid(), revokedAt: z.string() });
