import type { z } from 'zod';
import {
  CERTIFICATE_NOT_FOUND_TEXT,
  normaliseCertificateCode,
  type CertificateVerification,
  type certificateNotFoundSchema,
} from '@lantern/contracts/programme';
import type { Db } from '@lantern/db/client';
import { getCertificateByCode } from './certificates.repository';

type NotFound = z.infer<typeof certificateNotFoundSchema>;

/**
 * What a code proves: a valid certificate with what it says, a revoked one, or nothing. A code
 * is read in any case, with or without its dashes, as people type it from paper.
 */
export async function verifyCertificate(
  db: Db,
  input: string,
): Promise<CertificateVerification | NotFound> {
  const code = normaliseCertificateCode(input);
  const found = code ? await getCertificateByCode(db, code) : null;
  if (!found)
    return {
      valid: false,
      reason: 'not_found',
      detail: CERTIFICATE_NOT_FOUND_TEXT,
      code: 'NOT_FOUND',
      verificationCode: code ?? input.slice(0, 40),
    };
  if (found.revokedAt)
    return {
      valid: false,
      reason: 'revoked',
      detail: 'This certificate was revoked and is no longer valid.',
      verificationCode: found.code,
      studentName: found.studentName,
      programmeTitle: found.programmeTitle,
      issuedOn: found.issuedOn,
      revokedOn: new Date(found.revokedAt).toISOString().slice(0, 10),
    };
  return {
    valid: true,
    verificationCode: found.code,
    studentName: found.studentName,
    programmeTitle: found.programmeTitle,
    certifyingUniversity: found.certifyingUniversity,
    clcName: found.clcName,
    issuedOn: found.issuedOn,
  };
}
