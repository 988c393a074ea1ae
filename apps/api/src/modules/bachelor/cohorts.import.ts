import {
  COHORT_IMPORT_COLUMNS,
  type CohortImportReport,
} from '@lantern/contracts/bachelor-cohorts';
import { APPLICANT_IMPORT_ALIASES, type ImportReadOptions } from '@lantern/contracts/programme';
import type { Db } from '@lantern/db/client';
import type { AuthContext } from '../../plugins/auth';
import type { UploadedFile } from '../../plugins/body';
import { auditMany } from '../../lib/audit';
import type { Deps } from '../../lib/deps';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { insertFile } from '../../lib/files';
import { grantsFor } from '../../lib/grants';
import { applyInSteps } from '../../lib/import-apply';
import {
  columnIndex,
  missingColumns,
  readingOf,
  readUpload,
  splitHeader,
} from '../../lib/import-pipeline';
import { clcScope } from '../../lib/scope';
import { slicer } from '../../lib/slices';
import {
  findClcs,
  freeUsernames,
  isConcurrentWrite,
  usernameBase,
  writeApplicants,
} from '../enrolments/public';
import {
  duplicatesInFile,
  readApplicantRows,
  requiredApplicantColumns,
  type Applicant,
} from '../enrolments/public';
import { lockForMatch, matchApplicants } from '../enrolments/public';
import { reachableProgramme } from '../enrolments/public';
import * as repo from './cohorts.repository';
import { IMPORT_TEXTS, plan, valuesOfRow, type Plan, type Values } from './cohorts-import-plan';

/** From this many rows written, the tables are analyzed after the import (analyzeAfterBulkWrite). */
const ANALYZE_FROM = 1_000;

/**
 * Students into a cohort from a CSV or XLSX file, through the import pipeline: each row checked
 * with the applicant row schema (the add-applicant form's fields); the people matched as the
 * applicant import matches them; the file compared with the cohort's last import — who is
 * added, changed (field: last import → file, and the hand edit it would overwrite) and no
 * longer listed. A dry run, or a file with any problem, writes nothing. A clean file is applied
 * in bounded steps (`applyInSteps`): planned outside any transaction, staged, then confirmed and
 * written in one short final transaction that holds the applicants' lock: new people created,
 * everyone enrolled as an active student, changed fields written, the members with the values
 * this file wrote, the import with its file, and the audit. Nobody is removed; the same file
 * again adds and changes nothing.
 */
export async function importCohort(
  deps: Deps,
  auth: AuthContext,
  input: {
    programmeId: number;
    cohortId: number;
    file: UploadedFile | null;
    dryRun: boolean;
  } & ImportReadOptions,
): Promise<CohortImportReport> {
  const scope = clcScope(auth);
  const [programme, cohort] = await Promise.all([
    reachableProgramme(deps, auth, input.programmeId),
    repo.getCohort(deps.db, { programmeId: input.programmeId, cohortId: input.cohortId, scope }),
  ]);
  if (!cohort) throw notFound('The cohort');
  const upload = await readUpload(input.file, input);
  const { header, body } = splitHeader(upload.sheet, { skipBlank: true });
  if (!header || body.length === 0)
    throw badRequest(IMPORT_TEXTS.noRows, { file: IMPORT_TEXTS.noRows });
  const index = columnIndex(header, COHORT_IMPORT_COLUMNS, APPLICANT_IMPORT_ALIASES);
  const headerProblems = missingColumns(
    header,
    index,
    requiredApplicantColumns(index),
    IMPORT_TEXTS.missingColumn,
  );
  const checked = { applicants: [] as Applicant[], problems: headerProblems };
  let reading = readingOf(upload, null, []);
  if (headerProblems.length === 0) {
    const allowed = new Set(programme.clcIds.filter((id) => scope === null || scope.includes(id)));
    const read = await readApplicantRows({
      rows: body,
      index,
      clcs: await findClcs(deps.db),
      allowedClcIds: allowed,
      headerRow: header.row,
      ...(input.dateOrder ? { dateOrder: input.dateOrder } : {}),
    });
    const duplicates = await duplicatesInFile(read.applicants);
    const duplicateRows = new Set(duplicates.map((p) => p.row));
    checked.applicants = read.applicants.filter((a) => !duplicateRows.has(a.row));
    checked.problems = [...read.problems, ...duplicates];
    reading = readingOf(upload, read.dates, checked.applicants);
  }
  const planInput = {
    programmeId: programme.id,
    cohortId: cohort.id,
    scope,
    rows: body.length,
    ...checked,
  };
  if (input.dryRun || checked.problems.length > 0)
    return { ...(await plan(deps.db, planInput)).report, reading };

  try {
    const report = await applyInSteps<CohortImportReport, Staged>(deps.db, auth, {
      kind: 'cohort',
      programmeId: programme.id,
      sha256: upload.file.sha256,
      plan: async () => {
        const planned = await plan(deps.db, planInput);
        return { report: planned.report, staged: stagedOf(planned) };
      },
      apply: async (tx, staged, planned) => {
        await lockForMatch(tx, { kind: 'import' });
        const found = await confirmPlan(tx, planInput, planOf(planned, staged));
        if (found.report.problems.length > 0) return { report: found.report, audit: null };
        await write(tx, auth, {
          programmeId: programme.id,
          cohortId: cohort.id,
          file: upload.file,
          found,
        });
        return {
          report: found.report,
          audit: {
            action: 'cohort.imported',
            entityType: 'ba_cohort',
            entityId: cohort.id,
            changes: {
              importId: found.report.importId,
              file: upload.file.filename,
              sha256: upload.file.sha256,
              rows: body.length,
              added: found.report.added,
              changed: found.report.changed,
              unlisted: found.report.unlisted,
              overwrites: found.report.overwrites,
            },
          },
        };
      },
    });
    if (!report.dryRun && report.added + report.changed >= ANALYZE_FROM)
      await repo.analyzeImportTables(deps.db);
    return { ...report, reading };
  } catch (error) {
    if (isConcurrentWrite(error)) throw new AppError(409, 'CONFLICT', IMPORT_TEXTS.concurrent);
    throw error;
  }
}

/** One row of what a plan writes, as staged under the import's run (JSON). */
type Staged =
  | { fresh: Applicant }
  | { join: { userId: number; row: Applicant; values: Values } }
  | { enrolled: Plan['enrolled'][number] }
  | { update: Plan['updates'][number] };

/** What a plan writes, a staged row each. */
function stagedOf(found: Plan): Staged[] {
  return [
    ...found.fresh.map((fresh) => ({ fresh })),
    ...found.join.map(({ userId, row }) => ({
      join: { userId, row, values: found.joinedValues.get(userId) as Values },
    })),
    ...found.enrolled.map((enrolled) => ({ enrolled })),
    ...found.updates.map((update) => ({ update })),
  ];
}

/** The plan the final step writes: the staged rows, with the planned report. */
function planOf(report: CohortImportReport, staged: readonly Staged[]): Plan {
  const found: Plan = {
    report: { ...report, diff: { ...report.diff } },
    fresh: [],
    join: [],
    enrolled: [],
    updates: [],
    joinedValues: new Map(),
  };
  for (const s of staged) {
    if ('fresh' in s) found.fresh.push(s.fresh);
    else if ('join' in s) {
      found.join.push({ userId: s.join.userId, row: s.join.row });
      found.joinedValues.set(s.join.userId, s.join.values);
    } else if ('enrolled' in s) found.enrolled.push(s.enrolled);
    else found.updates.push(s.update);
  }
  return found;
}

/**
 * Inside the final transaction, under the applicants' lock: the staged plan, still right. As
 * for applicants (enrolments.import.ts), only the rows planned as new people could have changed
 * meaning since — someone may have entered one of them by hand meanwhile — so only they are
 * matched again; when one of them is now found, the whole file is planned again here.
 */
async function confirmPlan(
  tx: Db,
  planInput: Parameters<typeof plan>[1],
  staged: Plan,
): Promise<Plan> {
  const again = await matchApplicants(tx, {
    programmeId: planInput.programmeId,
    scope: planInput.scope,
    applicants: staged.fresh,
  });
  if (again.matches.size > 0 || again.problems.length > 0) return plan(tx, planInput);
  return staged;
}

/** Everything a clean file writes, inside the import's transaction. */
async function write(
  tx: Db,
  auth: AuthContext,
  input: { programmeId: number; cohortId: number; file: UploadedFile; found: Plan },
): Promise<void> {
  const { found } = input;
  // Everyone imported becomes (or stays) a student: the grant rule of decision 0015.
  (await grantsFor(tx, auth)).assertRoleIn('STUDENT', [
    ...new Set([...found.fresh, ...found.join.map((j) => j.row)].map((a) => a.clcId)),
  ]);
  const bases: string[] = [];
  const pause = slicer();
  for (const a of found.fresh) {
    await pause();
    bases.push(usernameBase(a.firstName, a.lastName));
  }
  const usernames = await freeUsernames(tx, bases);
  const enrolled = await writeApplicants(tx, auth, {
    programmeId: input.programmeId,
    source: 'cohort-import',
    state: 'active',
    fresh: found.fresh.map((a, i) => ({
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
    existing: found.join.map((j) => ({ userId: j.userId, clcId: j.row.clcId })),
  });
  // A new person's enrolment is told by their username, a joining one's by their JWL-ID.
  const freshValues = new Map(found.fresh.map((a, i) => [usernames[i] ?? '', valuesOfRow(a)]));
  await repo.activate(tx, auth, {
    cohortId: input.cohortId,
    enrolmentIds: found.enrolled.filter((e) => e.state === 'applied').map((e) => e.enrolmentId),
  });
  await repo.updatePeople(tx, found.updates);
  await auditMany(
    tx,
    auth,
    found.updates.map((u) => ({
      action: 'student.updated',
      entityType: 'user',
      entityId: u.userId,
      changes: {
        source: 'cohort-import',
        cohortId: input.cohortId,
        fields: Object.fromEntries(
          u.changes.map((c) => [c.field, { from: c.manual ?? c.from, to: c.to }]),
        ),
      },
    })),
  );
  const fileId = await insertFile(tx, {
    ownerId: auth.user.jwlId,
    kind: 'cohort-import',
    mime: input.file.mimetype,
    size: input.file.size,
    sha256: input.file.sha256,
    storageKey: input.file.storageKey,
  });
  const saved = await repo.insertCohortImport(tx, {
    cohortId: input.cohortId,
    fileId,
    fileName: input.file.filename,
    sha256: input.file.sha256,
    rows: found.report.rows,
    added: found.report.added,
    changed: found.report.changed,
    unlisted: found.report.unlisted,
    createdBy: auth.user.jwlId,
  });
  if (!saved) throw new Error('The import could not be recorded.');
  found.report.importId = saved.id;
  await repo.upsertMembers(tx, {
    cohortId: input.cohortId,
    importId: saved.id,
    members: [
      ...enrolled.map((e) => ({
        enrolmentId: e.id,
        imported: ((e.username === undefined ? undefined : freshValues.get(e.username)) ??
          found.joinedValues.get(e.user_id)) as Values,
      })),
      ...found.enrolled.map((e) => ({ enrolmentId: e.enrolmentId, imported: e.imported })),
    ],
  });
}
