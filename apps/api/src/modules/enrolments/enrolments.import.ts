import {
  APPLICANT_IMPORT_ALIASES,
  APPLICANT_IMPORT_COLUMNS,
  applicantImportRowObject,
  birthDateOrJwlId,
  type ApplicantImportColumn,
  type DateOrder,
  type FileReading,
  type ImportReadOptions,
  type ImportReport,
} from '@lantern/contracts/programme';
import type { Gender } from '@lantern/contracts/enums';
import { VALIDATION } from '@lantern/contracts/messages';
import type { AuthContext } from '../../plugins/auth';
import type { UploadedFile } from '../../plugins/body';
import { applyInSteps } from '../../lib/import-apply';
import type { Db } from '@lantern/db/client';
import { grantsFor } from '../../lib/grants';
import type { Deps } from '../../lib/deps';
import { AppError, badRequest } from '../../lib/errors';
import { queueAutomaticMails } from '../../lib/automatic-mails';
import { normalisePhone } from '../../lib/phone';
import { clcScope } from '../../lib/scope';
import {
  isConcurrentWrite,
  programmeTakingApplicants,
  writeApplicants,
} from './enrolments.applicants';
import { lockForMatch, matchApplicants, nameKey, type MatchResult } from './enrolments.match';
import * as repo from './enrolments.applicants.repository';
import { slicer } from '../../lib/slices';
import { analyzeAfterBulkWrite } from '../../lib/sql';
import type { SheetRow } from '../../lib/sheet';
import {
  columnIndex,
  missingColumns,
  readingOf,
  readUpload,
  type Upload,
  sortProblems,
  splitHeader,
  validateRows,
} from '../../lib/import-pipeline';
import type { ProgrammeRef } from './enrolments.repository';
import { APPLICANT_TEXTS, IMPORT_TEXTS } from './enrolments.texts';

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

/** What the file will do (or did) with each valid row. */
type Plan = MatchResult & { applicants: Applicant[] };

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

/** The file read and checked row by row, before anyone is looked up. */
type Checked = {
  applicants: Applicant[];
  problems: Problem[];
  rows: number;
  scope: number[] | null;
  reading: FileReading;
};

async function check(
  deps: Deps,
  auth: AuthContext,
  programme: ProgrammeRef,
  upload: Upload,
  options: ImportReadOptions,
): Promise<Checked> {
  const { header, body } = splitHeader(upload.sheet, { skipBlank: true });
  if (!header || body.length === 0)
    throw badRequest(IMPORT_TEXTS.noRows, { file: IMPORT_TEXTS.noRows });
  const scope = clcScope(auth);
  const index = columnIndex(header, APPLICANT_IMPORT_COLUMNS, APPLICANT_IMPORT_ALIASES);
  const headerProblems = missingColumns(
    header,
    index,
    requiredApplicantColumns(index),
    IMPORT_TEXTS.missingColumn,
  );
  if (headerProblems.length > 0)
    return {
      applicants: [],
      problems: headerProblems,
      rows: body.length,
      scope,
      reading: readingOf(upload, null, []),
    };
  const allowedClcIds = new Set(
    programme.clcIds.filter((id) => scope === null || scope.includes(id)),
  );
  const read = await readApplicantRows({
    rows: body,
    index,
    clcs: await repo.findClcs(deps.db),
    allowedClcIds,
    headerRow: header.row,
    ...(options.dateOrder ? { dateOrder: options.dateOrder } : {}),
  });
  const duplicates = await duplicatesInFile(read.applicants);
  const duplicateRows = new Set(duplicates.map((p) => p.row));
  const applicants = read.applicants.filter((a) => !duplicateRows.has(a.row));
  return {
    applicants,
    problems: [...read.problems, ...duplicates],
    rows: body.length,
    scope,
    reading: readingOf(upload, read.dates, applicants),
  };
}

/** The tables an import writes to in bulk, analyzed after an import of this many people. */
const ANALYZE_FROM = 1_000;
const IMPORT_TABLES = ['users', 'student_profiles', 'user_roles', 'user_clcs', 'enrolments'];

/** The checked file matched against the people (in `db`: the import's transaction or not). */
async function plan(db: Db, programmeId: number, checked: Checked): Promise<Plan> {
  const matched = await matchApplicants(db, {
    programmeId,
    scope: checked.scope,
    applicants: checked.applicants,
  });
  const problems = sortProblems(
    [...checked.problems, ...matched.problems],
    APPLICANT_IMPORT_COLUMNS,
  );
  return { applicants: checked.applicants, matches: matched.matches, problems };
}

/** The report's counts of a plan: who would be created, attached, or is already there. */
function reportOf(checked: Checked, found: Plan): ImportReport {
  const matches = [...found.matches.values()];
  return {
    dryRun: true,
    rows: checked.rows,
    reading: checked.reading,
    problems: found.problems,
    created: found.applicants.length - matches.length,
    matched: matches.filter((m) => !m.applied).length,
    alreadyApplied: matches.filter((m) => m.applied).length,
  };
}

/** A row the final step writes: a new person (no `userId`) or one found, to be enrolled. */
type Staged = { applicant: Applicant; userId: number | null };

/** What a plan writes: its new people and the people found who are not applicants yet. */
function stagedOf(found: Plan): Staged[] {
  return found.applicants.flatMap((applicant): Staged[] => {
    const match = found.matches.get(applicant.row);
    if (!match) return [{ applicant, userId: null }];
    return match.applied ? [] : [{ applicant, userId: match.userId }];
  });
}

/**
 * Inside the final transaction, under the applicants' lock: the staged plan, still right. Only
 * the rows planned as new people could have changed meaning since (someone may have entered
 * one of them by hand meanwhile), so only they are matched again — none for a re-run, where
 * everyone is there already. When one of them is now found, the whole file is planned again
 * here, as before staging. A person found stays found: attaching is the same statement
 * whether or not they were enrolled meanwhile.
 */
async function confirmPlan(
  tx: Db,
  programmeId: number,
  checked: Checked,
  planned: Plan,
  staged: readonly Staged[],
): Promise<Plan> {
  const fresh = staged.filter((s) => s.userId === null).map((s) => s.applicant);
  const again = await matchApplicants(tx, { programmeId, scope: checked.scope, applicants: fresh });
  if (again.matches.size > 0 || again.problems.length > 0) return plan(tx, programmeId, checked);
  return planned;
}

/** A confirmed plan written: new people created, people found enrolled (decision 0007). */
async function writePlan(tx: Db, auth: AuthContext, programmeId: number, found: Plan) {
  // Everyone imported becomes (or stays) a student: the grant rule of decision 0015.
  (await grantsFor(tx, auth)).assertRoleIn(
    'STUDENT',
    found.applicants.map((a) => a.clcId),
  );
  const fresh = found.applicants.filter((a) => !found.matches.has(a.row));
  const bases: string[] = [];
  const pause = slicer();
  for (const a of fresh) {
    await pause();
    bases.push(repo.usernameBase(a.firstName, a.lastName));
  }
  const usernames = await repo.freeUsernames(tx, bases);
  return writeApplicants(tx, auth, {
    programmeId,
    source: 'import',
    fresh: fresh.map((a, i) => ({
      username: usernames[i] ?? '',
      firstName: a.firstName,
      lastName: a.lastName,
      email: a.email,
      phone: a.phone,
      gender: a.gender,
      birthDate: a.birthDate,
      clcId: a.clcId,
      clcCode: a.clcCode,
    })),
    existing: found.applicants.flatMap((a) => {
      const match = found.matches.get(a.row);
      return match && !match.applied ? [{ userId: match.userId, clcId: a.clcId }] : [];
    }),
  });
}

/**
 * Imports applicants from a CSV or XLSX file. Every row is checked first; a dry run, or a
 * file with any problem, writes nothing and reports every problem by row and column. A clean
 * file is applied in bounded steps (`applyInSteps`); its final transaction holds the
 * applicants' lock (`lockForMatch`), so no hand entry or other import creates one of its people
 * meanwhile;
 * people already applied are counted and left as they are, so the same file twice adds nobody
 * twice.
 */
export async function importApplicants(
  deps: Deps,
  auth: AuthContext,
  input: {
    programmeId: number;
    file: UploadedFile | null;
    dryRun: boolean;
  } & ImportReadOptions,
): Promise<ImportReport> {
  const upload = await readUpload(input.file, input);
  const programme = await programmeTakingApplicants(deps, auth, input.programmeId);
  const checked = await check(deps, auth, programme, upload, input);
  if (input.dryRun || checked.problems.length > 0)
    return reportOf(checked, await plan(deps.db, programme.id, checked));

  try {
    // What the final step wrote beyond its report: the enrolments, and the mails to dispatch.
    const written = { enrolled: 0, mailIds: [] as number[] };
    /** The plan made outside any transaction, which the final step confirms. */
    let planned: Plan = { applicants: [], matches: new Map(), problems: [] };
    const report = await applyInSteps<ImportReport, Staged>(deps.db, auth, {
      kind: 'applicants',
      programmeId: programme.id,
      sha256: upload.file.sha256,
      plan: async () => {
        planned = await plan(deps.db, programme.id, checked);
        return { report: reportOf(checked, planned), staged: stagedOf(planned) };
      },
      apply: async (tx, staged) => {
        await lockForMatch(tx, { kind: 'import' });
        const found = await confirmPlan(tx, programme.id, checked, planned, staged);
        const report = reportOf(checked, found);
        if (found.problems.length > 0) return { report, audit: null };
        const enrolled = await writePlan(tx, auth, programme.id, found);
        written.enrolled = enrolled.length;
        written.mailIds = await queueAutomaticMails(
          tx,
          {
            type: 'application_received',
            programmeId: programme.id,
            enrolmentIds: enrolled.map((e) => e.id),
          },
          deps.config.publicUrl,
        );
        return {
          report,
          audit: {
            action: 'applicants.imported',
            entityType: 'programme',
            entityId: programme.id,
            changes: { rows: checked.rows, created: report.created, enrolled: enrolled.length },
          },
        };
      },
    });
    const { enrolled } = written;
    if (report.problems.length > 0) return report;
    deps.mailer.dispatch(written.mailIds);
    if (enrolled >= ANALYZE_FROM) await analyzeAfterBulkWrite(deps.db, IMPORT_TABLES);
    return {
      ...report,
      dryRun: false,
      matched: enrolled - report.created,
      // Enrolled meanwhile by a path that takes no lock (on conflict, nothing is added twice).
      alreadyApplied: checked.applicants.length - enrolled,
    };
  } catch (error) {
    if (isConcurrentWrite(error)) throw new AppError(409, 'CONFLICT', APPLICANT_TEXTS.concurrent);
    throw error;
  }
}
