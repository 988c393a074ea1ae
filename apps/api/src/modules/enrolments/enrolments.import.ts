import { z } from 'zod';
import { APPLICANT_IMPORT_COLUMNS, type ImportReport } from '@lantern/contracts/programme';
import type { Gender } from '@lantern/contracts/enums';
import { VALIDATION } from '@lantern/contracts/messages';
import type { AuthContext } from '../../plugins/auth';
import type { UploadedFile } from '../../plugins/body';
import { audit } from '../../lib/audit';
import type { Db } from '@lantern/db/client';
import { grantsFor } from '../../lib/grants';
import type { Deps } from '../../lib/deps';
import { AppError, badRequest } from '../../lib/errors';
import { queueAutomaticMails } from '../../lib/automatic-mails';
import { normalisePhone } from '../../lib/phone';
import { clcScope } from '../../lib/scope';
import {
  isConcurrentWrite,
  plausibleBirthDate,
  programmeTakingApplicants,
  writeApplicants,
} from './enrolments.applicants';
import { lockForMatch, matchApplicants, nameKey, type MatchResult } from './enrolments.match';
import * as repo from './enrolments.applicants.repository';
import { isCalendarDay } from './enrolments.dates';
import { MAX_ID } from '../../lib/params';
import { slicer } from '../../lib/slices';
import { analyzeAfterBulkWrite } from '../../lib/sql';
import { readSheet, type SheetRow } from '../../lib/sheet';
import type { ProgrammeRef } from './enrolments.repository';
import { APPLICANT_TEXTS, IMPORT_TEXTS } from './enrolments.texts';

type Column = (typeof APPLICANT_IMPORT_COLUMNS)[number];
type Problem = ImportReport['problems'][number];

/** A header as written, compared without case, spaces or punctuation: "First name" = firstName. */
const normalise = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');
const COLUMN_BY_HEADER = new Map<string, Column>(
  APPLICANT_IMPORT_COLUMNS.map((c) => [normalise(c), c]),
);

const GENDERS: Record<string, Gender> = {
  m: 'm',
  male: 'm',
  f: 'f',
  female: 'f',
  o: 'o',
  other: 'o',
};

const emailSchema = z.email();

/** A valid row of the file, ready to be matched or created. */
type Applicant = {
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

function columnsOf(header: SheetRow): { index: Map<Column, number>; problems: Problem[] } {
  const index = new Map<Column, number>();
  header.cells.forEach((cell, i) => {
    const column = COLUMN_BY_HEADER.get(normalise(cell));
    if (column && !index.has(column)) index.set(column, i);
  });
  const required: Column[] = ['firstName', 'lastName', 'clcCode'];
  // Without a JWL-ID, the birth date is what tells people apart (and finds them again).
  if (!index.has('jwlId')) required.push('birthDate');
  const problems = required
    .filter((c) => !index.has(c))
    .map((column) => ({ row: header.row, column, message: IMPORT_TEXTS.missingColumn }));
  return { index, problems };
}

/**
 * Each row read and checked on its own: every problem by row and column (spec §5 texts). In
 * slices, so that a large file does not hold the event loop (0017).
 */
async function readRows(input: {
  rows: SheetRow[];
  index: Map<Column, number>;
  clcs: repo.ClcRow[];
  allowedClcIds: Set<number>;
}): Promise<{ applicants: Applicant[]; problems: Problem[] }> {
  const byCode = new Map(input.clcs.map((c) => [c.code.toLowerCase(), c]));
  const applicants: Applicant[] = [];
  const problems: Problem[] = [];
  const pause = slicer();
  for (const { row, cells } of input.rows) {
    await pause();
    const value = (column: Column) => {
      const i = input.index.get(column);
      return i === undefined ? '' : (cells[i] ?? '').trim();
    };
    const before = problems.length;
    const problem = (column: Column, message: string) => problems.push({ row, column, message });

    const jwlText = value('jwlId');
    const jwlId = /^\d{1,10}$/.test(jwlText) && Number(jwlText) <= MAX_ID ? Number(jwlText) : null;
    if (jwlText && jwlId === null) problem('jwlId', VALIDATION.number);
    for (const column of ['firstName', 'lastName'] as const) {
      const text = value(column);
      if (!text) problem(column, VALIDATION.required);
      else if (text.length > 100) problem(column, 'At most 100 characters');
    }
    const email = value('email') || null;
    if (email && (email.length > 254 || !emailSchema.safeParse(email).success))
      problem('email', VALIDATION.email);
    const birthDate = value('birthDate') || null;
    if (!birthDate && !jwlText) problem('birthDate', VALIDATION.required);
    else if (birthDate && !isCalendarDay(birthDate)) problem('birthDate', VALIDATION.date);
    else if (birthDate && !plausibleBirthDate(birthDate))
      problem('birthDate', VALIDATION.dateOfBirth);
    const genderText = value('gender').toLowerCase();
    const gender = genderText ? (GENDERS[genderText] ?? null) : null;
    if (genderText && !gender) problem('gender', VALIDATION.select);
    const code = value('clcCode');
    const clc = byCode.get(code.toLowerCase());
    if (!code) problem('clcCode', VALIDATION.required);
    else if (!clc || !input.allowedClcIds.has(clc.id)) problem('clcCode', VALIDATION.select);
    // Read in the CLC's country; with no valid CLC the number is checked once that is fixed.
    const phoneText = value('phone');
    const phone = phoneText && clc ? normalisePhone(phoneText, clc.country) : null;
    if (phoneText && clc && !phone) problem('phone', VALIDATION.phone);

    if (problems.length > before || !clc) continue;
    applicants.push({
      row,
      jwlId,
      firstName: value('firstName'),
      lastName: value('lastName'),
      email,
      phone,
      gender,
      birthDate,
      clcId: clc.id,
      clcCode: clc.code,
    });
  }
  return { applicants, problems };
}

/** The same person twice in one file: by JWL-ID, or by name and birth date. */
async function duplicatesInFile(applicants: Applicant[]): Promise<Problem[]> {
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
};

async function check(
  deps: Deps,
  auth: AuthContext,
  programme: ProgrammeRef,
  sheet: SheetRow[],
): Promise<Checked> {
  const [header, ...body] = sheet.filter((r) => r.cells.some((c) => c.trim() !== ''));
  if (!header || body.length === 0)
    throw badRequest(IMPORT_TEXTS.noRows, { file: IMPORT_TEXTS.noRows });
  const scope = clcScope(auth);
  const { index, problems: headerProblems } = columnsOf(header);
  if (headerProblems.length > 0)
    return { applicants: [], problems: headerProblems, rows: body.length, scope };
  const allowedClcIds = new Set(
    programme.clcIds.filter((id) => scope === null || scope.includes(id)),
  );
  const read = await readRows({
    rows: body,
    index,
    clcs: await repo.findClcs(deps.db),
    allowedClcIds,
  });
  const duplicates = await duplicatesInFile(read.applicants);
  const duplicateRows = new Set(duplicates.map((p) => p.row));
  const applicants = read.applicants.filter((a) => !duplicateRows.has(a.row));
  return { applicants, problems: [...read.problems, ...duplicates], rows: body.length, scope };
}

/** The tables an import writes to in bulk, analyzed after an import of this many people. */
const ANALYZE_FROM = 1_000;
const IMPORT_TABLES = ['users', 'student_profiles', 'user_roles', 'user_clcs', 'enrolments'];

const COLUMN_ORDER = new Map<string, number>(APPLICANT_IMPORT_COLUMNS.map((c, i) => [c, i]));

/** The checked file matched against the people (in `db`: the import's transaction or not). */
async function plan(db: Db, programmeId: number, checked: Checked): Promise<Plan> {
  const matched = await matchApplicants(db, {
    programmeId,
    scope: checked.scope,
    applicants: checked.applicants,
  });
  const problems = [...checked.problems, ...matched.problems];
  problems.sort(
    (a, b) =>
      a.row - b.row || (COLUMN_ORDER.get(a.column) ?? 0) - (COLUMN_ORDER.get(b.column) ?? 0),
  );
  return { applicants: checked.applicants, matches: matched.matches, problems };
}

/** The report's counts of a plan: who would be created, attached, or is already there. */
function reportOf(rows: number, found: Plan): ImportReport {
  const matches = [...found.matches.values()];
  return {
    dryRun: true,
    rows,
    problems: found.problems,
    created: found.applicants.length - matches.length,
    matched: matches.filter((m) => !m.applied).length,
    alreadyApplied: matches.filter((m) => m.applied).length,
  };
}

/**
 * Imports applicants from a CSV or XLSX file. Every row is checked first; a dry run, or a
 * file with any problem, writes nothing and reports every problem by row and column. A clean
 * file is matched again and written in one transaction that holds the applicants' lock
 * (`lockForMatch`), so no hand entry or other import creates one of its people meanwhile;
 * people already applied are counted and left as they are, so the same file twice adds nobody
 * twice.
 */
export async function importApplicants(
  deps: Deps,
  auth: AuthContext,
  input: { programmeId: number; file: UploadedFile | null; dryRun: boolean },
): Promise<ImportReport> {
  if (!input.file || input.file.size === 0)
    throw badRequest(VALIDATION.emptyFile, { file: VALIDATION.emptyFile });
  const programme = await programmeTakingApplicants(deps, auth, input.programmeId);
  const checked = await check(deps, auth, programme, await readSheet(await input.file.read()));
  if (input.dryRun || checked.problems.length > 0)
    return reportOf(checked.rows, await plan(deps.db, programme.id, checked));

  try {
    const written = await deps.db.transaction(async (tx) => {
      await lockForMatch(tx, { kind: 'import' });
      const found = await plan(tx, programme.id, checked);
      const report = reportOf(checked.rows, found);
      if (found.problems.length > 0) return { report, enrolled: 0, mailIds: [] };
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
      const enrolled = await writeApplicants(tx, auth, {
        programmeId: programme.id,
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
      await audit(tx, auth, {
        action: 'applicants.imported',
        entityType: 'programme',
        entityId: programme.id,
        changes: { rows: checked.rows, created: report.created, enrolled: enrolled.length },
      });
      const mailIds = await queueAutomaticMails(
        tx,
        {
          type: 'application_received',
          programmeId: programme.id,
          enrolmentIds: enrolled.map((e) => e.id),
        },
        deps.config.publicUrl,
      );
      return { report, enrolled: enrolled.length, mailIds };
    });
    const { report, enrolled } = written;
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
