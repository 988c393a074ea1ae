import {
  APPLICANT_IMPORT_COLUMNS,
  applicantImportRowObject,
  birthDateOrJwlId,
  type ApplicantImportColumn,
  type DateOrder,
  type FileReading,
  type ImportReport,
} from '@lantern/contracts/programme';
import type { Gender } from '@lantern/contracts/enums';
import { VALIDATION } from '@lantern/contracts/messages';
import { normalisePhone } from '../../lib/phone';
import { slicer } from '../../lib/slices';
import type { SheetRow } from '../../lib/sheet';
import { validateRows } from '../../lib/import-pipeline';
import type * as repo from './enrolments.applicants.repository';
import { nameKey } from './enrolments.match';
import { IMPORT_TEXTS } from './enrolments.texts';

// An applicant file's rows read and checked one by one, and the same person twice in it: shared
// by the applicant import (enrolments.import.ts) and the cohort import.

type Column = ApplicantImportColumn;
type Problem = ImportReport['problems'][number];

/** A valid row of the file, ready to be matched or created. */
export type Applicant = {
  row: number;
  jwlId: number | null;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  gender: Gender | null;
  birthDate: string | null;
  clcId: number;
  clcCode: string;
};

/** The columns a file must have (the birth date, unless people are named by JWL-ID). */
export function requiredApplicantColumns(index: Map<Column, number>): Column[] {
  const required: Column[] = ['firstName', 'lastName', 'clcCode'];
  if (!index.has('jwlId')) required.push('birthDate');
  return required;
}

/**
 * An applicant row as the server checks it: the contract's row schema (the add-applicant
 * form's fields), and against the database the CLC (one of the programme's, in the caller's
 * reach) and the phone, read in that CLC's country. Shared by applicant and cohort imports.
 */
export function applicantRowSchema(clcs: repo.ClcRow[], allowedClcIds: Set<number>) {
  const byCode = new Map(clcs.map((c) => [c.code.toLowerCase(), c]));
  // Each number is read once (the check and the value below both need it).
  const phones = new Map<string, string | null>();
  const phoneIn = (phone: string, country: string) => {
    const key = `${country}|${phone}`;
    let found = phones.get(key);
    if (found === undefined) {
      found = normalisePhone(phone, country);
      phones.set(key, found);
    }
    return found;
  };
  const clcOf = (code: unknown) => {
    const clc = typeof code === 'string' ? byCode.get(code.toLowerCase()) : undefined;
    return clc && allowedClcIds.has(clc.id) ? clc : undefined;
  };
  return applicantImportRowObject
    .superRefine((row, ctx) => {
      birthDateOrJwlId(row, ctx);
      if (!row.clcCode) return;
      const clc = clcOf(row.clcCode);
      if (!clc) {
        ctx.addIssue({ code: 'custom', path: ['clcCode'], message: VALIDATION.select });
        return;
      }
      // With no valid CLC the number is checked once that is fixed.
      if (typeof row.phone === 'string' && !phoneIn(row.phone, clc.country))
        ctx.addIssue({ code: 'custom', path: ['phone'], message: VALIDATION.phone });
    })
    .transform((row): Omit<Applicant, 'row'> => {
      const clc = clcOf(row.clcCode) as repo.ClcRow;
      return {
        jwlId: row.jwlId ?? null,
        firstName: row.firstName,
        lastName: row.lastName,
        email: row.email ?? null,
        phone: row.phone ? phoneIn(row.phone, clc.country) : null,
        gender: row.gender ?? null,
        birthDate: row.birthDate ?? null,
        clcId: clc.id,
        clcCode: clc.code,
      };
    });
}

/**
 * Each row read and checked on its own with the contract's schema: every problem by row and
 * column (spec §5 texts), through the import pipeline.
 */
export async function readApplicantRows(input: {
  rows: SheetRow[];
  index: Map<Column, number>;
  clcs: repo.ClcRow[];
  allowedClcIds: Set<number>;
  /** The header's row, where a question about the whole file is asked. */
  headerRow: number;
  dateOrder?: DateOrder;
}): Promise<{ applicants: Applicant[]; problems: Problem[]; dates: FileReading['dates'] }> {
  const { valid, problems, dates } = await validateRows({
    rows: input.rows,
    index: input.index,
    columns: APPLICANT_IMPORT_COLUMNS,
    schema: applicantRowSchema(input.clcs, input.allowedClcIds),
    dates: {
      columns: ['birthDate'],
      headerRow: input.headerRow,
      ...(input.dateOrder ? { order: input.dateOrder } : {}),
    },
  });
  return { applicants: valid.map((v) => ({ row: v.row, ...v.value })), problems, dates };
}

/** The same person twice in one file: by JWL-ID, or by name and birth date. */
export async function duplicatesInFile(applicants: Applicant[]): Promise<Problem[]> {
  const seen = new Map<string, number>();
  const problems: Problem[] = [];
  const pause = slicer();
  for (const a of applicants) {
    await pause();
    const key = a.jwlId !== null ? `id:${a.jwlId}` : `name:${nameKey(a)}`;
    const first = seen.get(key);
    if (first === undefined) seen.set(key, a.row);
    else
      problems.push({
        row: a.row,
        column: a.jwlId !== null ? 'jwlId' : 'firstName',
        message: IMPORT_TEXTS.sameAs(first),
      });
  }
  return problems;
}
