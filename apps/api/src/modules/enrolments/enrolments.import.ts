import {
  APPLICANT_IMPORT_ALIASES,
  APPLICANT_IMPORT_COLUMNS,
  type FileReading,
  type ImportReadOptions,
  type ImportReport,
} from '@lantern/contracts/programme';
import type { AuthContext } from '../../plugins/auth';
import type { UploadedFile } from '../../plugins/body';
import { applyInSteps } from '../../lib/import-apply';
import type { Db } from '@lantern/db/client';
import { grantsFor } from '../../lib/grants';
import type { Deps } from '../../lib/deps';
import { AppError, badRequest } from '../../lib/errors';
import { queueAutomaticMails } from '../../lib/automatic-mails';
import { clcScope } from '../../lib/scope';
import {
  isConcurrentWrite,
  programmeTakingApplicants,
  writeApplicants,
} from './enrolments.applicants';
import { lockForMatch, matchApplicants, type MatchResult } from './enrolments.match';
import * as repo from './enrolments.applicants.repository';
import { slicer } from '../../lib/slices';
import {
  columnIndex,
  missingColumns,
  readingOf,
  readUpload,
  type Upload,
  sortProblems,
  splitHeader,
} from '../../lib/import-pipeline';
import type { ProgrammeRef } from './enrolments.repository';
import { APPLICANT_TEXTS, IMPORT_TEXTS } from './enrolments.texts';
import {
  duplicatesInFile,
  readApplicantRows,
  requiredApplicantColumns,
  type Applicant,
} from './enrolments-import-rows';

type Problem = ImportReport['problems'][number];

/** What the file will do (or did) with each valid row. */
type Plan = MatchResult & { applicants: Applicant[] };

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

/** From this many people, the tables an import writes to are analyzed after it. */
const ANALYZE_FROM = 1_000;

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
    if (enrolled >= ANALYZE_FROM) await repo.analyzeImportTables(deps.db);
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
