import { z } from 'zod';
import { APPLICANT_IMPORT_COLUMNS, type ImportReport } from '@lantern/contracts/programme';
import type { Gender } from '@lantern/contracts/enums';
import { VALIDATION } from '@lantern/contracts/messages';
import type { AuthContext } from '../../plugins/auth';
import type { UploadedFile } from '../../plugins/body';
import { audit } from '../../lib/audit';
import { grantsFor } from '../../lib/grants';
import type { Deps } from '../../lib/deps';
import { AppError, badRequest } from '../../lib/errors';
import { queueAutomaticMails } from '../../lib/automatic-mails';
import { normalisePhone } from '../../lib/phone';
import { clcScope } from '../../lib/scope';
import {
  isUniqueViolation,
  plausibleBirthDate,
  programmeTakingApplicants,
} from './enrolments.applicants';
import * as repo from './enrolments.applicants.repository';
import { isCalendarDay } from './enrolments.dates';
import { MAX_ID } from '../../lib/params';
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
type Plan = {
  applicants: Applicant[];
  /** Row → the existing person it is. */
  matches: Map<number, { userId: number; applied: boolean }>;
  problems: Problem[];
};

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

/** Each row read and checked on its own: every problem by row and column (spec §5 texts). */
function readRows(input: {
  rows: SheetRow[];
  index: Map<Column, number>;
  clcs: repo.ClcRow[];
  allowedClcIds: Set<number>;
}): { applicants: Applicant[]; problems: Problem[] } {
  const byCode = new Map(input.clcs.map((c) => [c.code.toLowerCase(), c]));
  const applicants: Applicant[] = [];
  const problems: Problem[] = [];
  for (const { row, cells } of input.rows) {
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

const nameKey = (a: Applicant) =>
  `${a.firstName.toLowerCase()}|${a.lastName.toLowerCase()}|${a.birthDate ?? ''}`;

/** The same person twice in one file: by JWL-ID, or by name and birth date. */
function duplicatesInFile(applicants: Applicant[]): Problem[] {
  const seen = new Map<string, number>();
  const problems: Problem[] = [];
  for (const a of applicants) {
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

/** Existing people for the rows: by JWL-ID, else name and birth date, else e-mail and birth date. */
async function matchRows(
  deps: Deps,
  input: { programmeId: number; scope: number[] | null; applicants: Applicant[] },
): Promise<Pick<Plan, 'matches' | 'problems'>> {
  const found = await repo.matchPeople(deps.db, {
    programmeId: input.programmeId,
    scope: input.scope,
    keys: input.applicants.map((a) => ({
      row: a.row,
      jwlId: a.jwlId,
      email: a.email,
      firstName: a.firstName,
      lastName: a.lastName,
      birthDate: a.birthDate,
    })),
  });
  const byRow = new Map<number, repo.MatchRow[]>();
  for (const m of found) byRow.set(m.row, [...(byRow.get(m.row) ?? []), m]);
  const matches: Plan['matches'] = new Map();
  const problems: Problem[] = [];
  const rowOfPerson = new Map<number, number>();
  for (const a of input.applicants) {
    const candidates = byRow.get(a.row) ?? [];
    const pick = (how: repo.MatchRow['how']) => {
      const people = new Map(candidates.filter((c) => c.how === how).map((c) => [c.user_id, c]));
      return [...people.values()];
    };
    let match: repo.MatchRow | undefined;
    if (a.jwlId !== null) {
      match = pick('id').find((c) => c.matchable);
      if (!match) {
        problems.push({ row: a.row, column: 'jwlId', message: APPLICANT_TEXTS.noPerson });
        continue;
      }
    } else {
      for (const [how, column] of [
        ['name', 'firstName'],
        ['email', 'email'],
      ] as const) {
        const people = pick(how);
        if (people.length > 1) {
          problems.push({ row: a.row, column, message: IMPORT_TEXTS.ambiguous(how) });
          break;
        }
        match = people[0];
        if (match) break;
      }
      if (problems.at(-1)?.row === a.row) continue;
      if (match && !match.matchable) {
        problems.push({ row: a.row, column: 'jwlId', message: IMPORT_TEXTS.outOfReach });
        continue;
      }
    }
    if (!match) continue;
    const first = rowOfPerson.get(match.user_id);
    if (first !== undefined) {
      problems.push({ row: a.row, column: 'jwlId', message: IMPORT_TEXTS.sameAs(first) });
      continue;
    }
    rowOfPerson.set(match.user_id, a.row);
    matches.set(a.row, { userId: match.user_id, applied: match.applied });
  }
  return { matches, problems };
}

async function plan(
  deps: Deps,
  auth: AuthContext,
  programme: ProgrammeRef,
  sheet: SheetRow[],
): Promise<Plan & { rows: number }> {
  const [header, ...body] = sheet.filter((r) => r.cells.some((c) => c.trim() !== ''));
  if (!header || body.length === 0)
    throw badRequest(IMPORT_TEXTS.noRows, { file: IMPORT_TEXTS.noRows });
  const { index, problems: headerProblems } = columnsOf(header);
  if (headerProblems.length > 0)
    return { applicants: [], matches: new Map(), problems: headerProblems, rows: body.length };
  const scope = clcScope(auth);
  const allowedClcIds = new Set(
    programme.clcIds.filter((id) => scope === null || scope.includes(id)),
  );
  const read = readRows({ rows: body, index, clcs: await repo.findClcs(deps.db), allowedClcIds });
  const duplicates = duplicatesInFile(read.applicants);
  const duplicateRows = new Set(duplicates.map((p) => p.row));
  const applicants = read.applicants.filter((a) => !duplicateRows.has(a.row));
  const matched = await matchRows(deps, { programmeId: programme.id, scope, applicants });
  const problems = [...read.problems, ...duplicates, ...matched.problems];
  const order = new Map<string, number>(APPLICANT_IMPORT_COLUMNS.map((c, i) => [c, i]));
  problems.sort((a, b) => a.row - b.row || (order.get(a.column) ?? 0) - (order.get(b.column) ?? 0));
  return { applicants, matches: matched.matches, problems, rows: body.length };
}

/**
 * Imports applicants from a CSV or XLSX file. Every row is checked first; a dry run, or a
 * file with any problem, writes nothing and reports every problem by row and column. A clean
 * file is written in one transaction with set-based statements; people already applied are
 * counted and left as they are, so the same file twice adds nobody twice.
 */
export async function importApplicants(
  deps: Deps,
  auth: AuthContext,
  input: { programmeId: number; file: UploadedFile | null; dryRun: boolean },
): Promise<ImportReport> {
  if (!input.file || input.file.data.length === 0)
    throw badRequest(VALIDATION.emptyFile, { file: VALIDATION.emptyFile });
  const programme = await programmeTakingApplicants(deps, auth, input.programmeId);
  const found = await plan(deps, auth, programme, await readSheet(input.file.data));
  const { applicants, matches, problems } = found;
  const fresh = applicants.filter((a) => !matches.has(a.row));
  const counts = {
    created: fresh.length,
    matched: [...matches.values()].filter((m) => !m.applied).length,
    alreadyApplied: [...matches.values()].filter((m) => m.applied).length,
  };
  const report = { dryRun: true, rows: found.rows, problems, ...counts };
  if (input.dryRun || problems.length > 0) return report;

  const usernames = await repo.freeUsernames(
    deps.db,
    fresh.map((a) => repo.usernameBase(a.firstName, a.lastName)),
  );
  const people: repo.NewPerson[] = fresh.map((a, i) => ({
    username: usernames[i] ?? '',
    firstName: a.firstName,
    lastName: a.lastName,
    email: a.email,
    phone: a.phone,
    gender: a.gender,
    birthDate: a.birthDate,
    clcId: a.clcId,
    clcCode: a.clcCode,
  }));
  try {
    const written = await deps.db.transaction(async (tx) => {
      // Everyone imported becomes (or stays) a student: the grant rule of decision 0015.
      (await grantsFor(tx, auth)).assertRoleIn(
        'STUDENT',
        applicants.map((a) => a.clcId),
      );
      const created = await repo.createApplicants(tx, auth, {
        programmeId: programme.id,
        people,
        source: 'import',
      });
      const toApply = applicants.flatMap((a) => {
        const match = matches.get(a.row);
        return match && !match.applied ? [{ userId: match.userId, clcId: a.clcId }] : [];
      });
      const added = await repo.applyPeople(tx, auth, {
        programmeId: programme.id,
        people: toApply,
        source: 'import',
      });
      const enrolled = [...created, ...added];
      await audit(tx, auth, {
        action: 'applicants.imported',
        entityType: 'programme',
        entityId: programme.id,
        changes: { rows: found.rows, created: created.length, enrolled: enrolled.length },
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
      return { enrolled: enrolled.length, mailIds };
    });
    deps.mailer.dispatch(written.mailIds);
    const { enrolled } = written;
    return {
      ...report,
      dryRun: false,
      matched: enrolled - counts.created,
      // Applied by someone else between the check and the write: counted, not added twice.
      alreadyApplied: applicants.length - enrolled,
    };
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, 'CONFLICT', APPLICANT_TEXTS.concurrent);
    throw error;
  }
}
