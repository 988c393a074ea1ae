// Certificates (docs: apps/api/src/modules/certificates): codes, issuing, exports, verification.
import { z } from 'zod';
import { PROGRAMME_STATUSES, PROGRAMME_TYPES } from './enums';
import { VALIDATION } from './messages';

/** A verification code: three groups of four letters and digits without look-alikes. */
export const CERTIFICATE_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const CERTIFICATE_CODE_PATTERN = /^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/;

/** A code as typed (any case, spaces, with or without dashes) in its printed shape, or null. */
export function normaliseCertificateCode(input: string): string | null {
  const bare = input.toUpperCase().replace(/[^A-Z0-9]/g, '');
  if (bare.length !== 12) return null;
  const code = `${bare.slice(0, 4)}-${bare.slice(4, 8)}-${bare.slice(8)}`;
  return CERTIFICATE_CODE_PATTERN.test(code) ? code : null;
}

/** The path of the public page that verifies a code (the QR code on a certificate links here). */
export const certificateVerificationPath = (code: string) =>
  `/en/certificate-verification/${encodeURIComponent(code)}`;

/** Up to this many certificates come straight back; more run as a job with a progress bar. */
export const CERTIFICATE_DIRECT_EXPORT_LIMIT = 20;
export const CERTIFICATE_EXPORT_FORMATS = ['zip', 'pdf'] as const;
export type CertificateExportFormat = (typeof CERTIFICATE_EXPORT_FORMATS)[number];

/** The text shown when a certificate could not be made (spec §8). */
export const CERTIFICATE_GENERATION_ERROR = 'Error while generating.';

const enrolmentIdList = z
  .array(z.coerce.number().int().positive().max(2_147_483_647))
  .min(1, VALIDATION.multiSelect)
  .max(5000);

/** Issue certificates to the selected students, or (no selection) to every passed one without. */
export const certificateIssueInputSchema = z.object({ enrolmentIds: enrolmentIdList.optional() });
export type CertificateIssueInput = z.infer<typeof certificateIssueInputSchema>;

export const certificateSummarySchema = z.object({
  id: z.uuid(),
  code: z.string(),
  issuedOn: z.string(),
  revoked: z.boolean(),
});

/** A passed student of a programme and their certificate, if one was issued. */
export const certificateRowSchema = z.object({
  enrolmentId: z.number().int(),
  student: z.object({
    id: z.number().int(),
    firstName: z.string(),
    lastName: z.string(),
  }),
  clc: z.object({ id: z.number().int(), code: z.string() }).nullable(),
  certificate: certificateSummarySchema.nullable(),
});
export type CertificateRow = z.infer<typeof certificateRowSchema>;

export const programmeCertificatesSchema = z.object({
  programme: z.object({
    id: z.number().int(),
    code: z.string(),
    title: z.string(),
    type: z.enum(PROGRAMME_TYPES),
    status: z.enum(PROGRAMME_STATUSES),
    /** False while the programme lacks a certificate text or certifying university. */
    canIssue: z.boolean(),
  }),
  items: z.array(certificateRowSchema),
});
export type ProgrammeCertificates = z.infer<typeof programmeCertificatesSchema>;

export const certificateExportInputSchema = z.object({
  enrolmentIds: enrolmentIdList.optional(),
  format: z.enum(CERTIFICATE_EXPORT_FORMATS),
});
export type CertificateExportInput = z.infer<typeof certificateExportInputSchema>;

/** The same selection in a query string (the web's download): ids separated by commas. */
export const certificateExportQuerySchema = z.object({
  enrolmentIds: z
    .string()
    .regex(/^\d+(,\d+)*$/, VALIDATION.multiSelect)
    .transform((v) => v.split(',').map(Number))
    .optional(),
});

export const certificateFailureSchema = z.object({
  enrolmentId: z.number().int(),
  name: z.string(),
  error: z.string(),
});
export type CertificateFailure = z.infer<typeof certificateFailureSchema>;

export const CERTIFICATE_EXPORT_STATES = ['queued', 'running', 'done', 'failed'] as const;

/** A batch of certificates being made, or made: progress, failures, and where the file is. */
export const certificateExportStatusSchema = z.object({
  jobId: z.string().nullable(),
  state: z.enum(CERTIFICATE_EXPORT_STATES),
  done: z.number().int(),
  total: z.number().int(),
  failed: z.array(certificateFailureSchema),
  /** A short-lived signed link to the ZIP or PDF, once done and when anything came out. */
  downloadUrl: z.string().nullable(),
});
export type CertificateExportStatus = z.infer<typeof certificateExportStatusSchema>;

/** What the public verification answers for a code that exists: valid, or revoked. */
export const certificateVerificationSchema = z.discriminatedUnion('valid', [
  z.object({
    valid: z.literal(true),
    verificationCode: z.string(),
    studentName: z.string(),
    programmeTitle: z.string(),
    certifyingUniversity: z.string(),
    clcName: z.string(),
    issuedOn: z.string(),
  }),
  z.object({
    valid: z.literal(false),
    reason: z.literal('revoked'),
    detail: z.string(),
    verificationCode: z.string(),
    studentName: z.string(),
    programmeTitle: z.string(),
    issuedOn: z.string(),
    revokedOn: z.string(),
  }),
]);
export type CertificateVerification = z.infer<typeof certificateVerificationSchema>;

/** The 404 of a code no certificate has: an error body that also says `valid: false`. */
export const certificateNotFoundSchema = z.object({
  valid: z.literal(false),
  reason: z.literal('not_found'),
  detail: z.string(),
  code: z.literal('NOT_FOUND'),
  verificationCode: z.string(),
});
export const CERTIFICATE_NOT_FOUND_TEXT = 'No certificate has this verification code.';
