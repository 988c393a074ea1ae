import type { ImportReport } from '@lantern/contracts/programme';
import type { Db } from '@lantern/db/client';
import * as repo from './enrolments.applicants.repository';
import { lockAllApplicants, lockMatchKey } from './enrolments-locks.repository';
import { APPLICANT_TEXTS, IMPORT_TEXTS } from './enrolments.texts';
import { slicer } from '../../lib/slices';
import { inBoundedSteps } from '../../lib/import-pipeline';

/** Applicants looked up by one statement, at most. */
const MATCH_PIECE = 2_000;

type Problem = ImportReport['problems'][number];

/** What the matcher reads of an applicant, from a file row or the add-applicant form. */
export type MatchInput = {
  row: number;
  jwlId: number | null;
  firstName: string;
  lastName: string;
  email: string | null;
  birthDate: string | null;
};

export type MatchResult = {
  /** Row → the existing person it is. */
  matches: Map<number, { userId: number; applied: boolean }>;
  problems: Problem[];
};

/**
 * The match key of a person without a JWL-ID: first and last name in lower case and the birth
 * date, as `matchPeople` compares them (decision 0007). Also the key of the hand entry's lock.
 */
export const nameKey = (a: Pick<MatchInput, 'firstName' | 'lastName' | 'birthDate'>) =>
  `${a.firstName.toLowerCase()}|${a.lastName.toLowerCase()}|${a.birthDate ?? ''}`;

/**
 * Who each applicant is: the person with their JWL-ID; else the one with their name and birth
 * date; else the one with their e-mail and birth date; else nobody (a new person). Two people
 * fitting a row, a person out of the caller's reach, or one person for two rows is a problem.
 * The one rule of the import and of the hand entry (which calls it inside its transaction,
 * after `lockForMatch`).
 */
export async function matchApplicants(
  db: Db,
  input: { programmeId: number; scope: number[] | null; applicants: MatchInput[] },
): Promise<MatchResult> {
  // Each applicant is looked up on their own, so a file goes in pieces (decision 0017), each
  // sized to hold the one connection briefly (issue 27: a step of an import is bounded).
  const found = await inBoundedSteps(
    input.applicants,
    (keys) => repo.matchPeople(db, { programmeId: input.programmeId, scope: input.scope, keys }),
    { first: 25, most: MATCH_PIECE },
  );
  const byRow = new Map<number, repo.MatchRow[]>();
  for (const m of found) byRow.set(m.row, [...(byRow.get(m.row) ?? []), m]);
  const matches: MatchResult['matches'] = new Map();
  const problems: Problem[] = [];
  const rowOfPerson = new Map<number, number>();
  const pause = slicer();
  for (const a of input.applicants) {
    await pause();
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

/**
 * Serialises the writers that could create the same person twice, for the rest of the
 * transaction (transaction-level advisory locks: PgBouncer's transaction mode keeps them, and
 * PGlite has them too). An import takes the whole class; a hand entry shares it and takes its
 * own match keys (name and birth date; e-mail and birth date), in one order, so two entries of
 * one person wait for each other and entries of different people do not. The caller matches
 * after this, in a later statement, so the match sees what the writer before it committed.
 */
export async function lockForMatch(
  tx: Db,
  what: { kind: 'import' } | { kind: 'entry'; applicant: MatchInput },
): Promise<void> {
  if (what.kind === 'import') {
    await lockAllApplicants(tx, false);
    return;
  }
  await lockAllApplicants(tx, true);
  const a = what.applicant;
  const keys =
    a.jwlId !== null
      ? [`id|${String(a.jwlId)}`]
      : [
          `name|${nameKey(a)}`,
          ...(a.email ? [`email|${a.email.toLowerCase()}|${a.birthDate ?? ''}`] : []),
        ];
  // One statement per key, in the keys' order: every entry takes them alike, so none waits for
  // another while holding what that one waits for.
  for (const key of keys.sort()) await lockMatchKey(tx, key);
}
