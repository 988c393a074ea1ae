import {
  COURSE_STATUS_LABELS,
  VERIFICATION_LEVEL_LABELS,
  type VerificationLevel,
} from '@lantern/contracts/bachelor';
import type {
  VerificationGrade,
  VerificationGradePage,
} from '@lantern/contracts/bachelor-verification';
import type { Db } from '@lantern/db/client';
import { AppError } from '../../../lib/errors';
import { clcScope } from '../../../lib/scope';
import { gradePage, termGradeRows, type Row } from './verification-grades.repository';
import type { ExportColumn } from '../../../lib/export';
import type { AuthContext } from '../../../plugins/auth';
import { currentApproval, termOf } from './verification.service';

// The grade table of a term (paged, in the caller's CLCs) and the export of the verified set.

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
  const { items, total } = await gradePage(db, clcScope(auth), term.id, query);
  return {
    items: items.map(toGrade),
    total,
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
  const list = await termGradeRows(db, clcScope(auth), term.id);
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
