import {
  COHORT_DIFF_LIMIT,
  COHORT_FIELDS,
  COHORT_IMPORT_COLUMNS,
  type CohortField,
  type CohortImportReport,
} from '@lantern/contracts/bachelor-cohorts';
import { ENROLMENT_STATE_LABELS } from '@lantern/contracts/programme';
import type { EnrolmentState } from '@lantern/contracts/programme';
import type { Db } from '@lantern/db/client';
import { sortProblems, type ImportProblem } from '../../lib/import-pipeline';
import { slicer } from '../../lib/slices';
import { matchApplicants, type Applicant } from '../enrolments/public';
import * as repo from './cohorts.repository';

// A cohort file planned against the cohort's last import (see importCohort): who is added,
// changed and no longer listed, and what applying it writes.

/** What a cohort file says of a person, field by field, as text (as `imported` keeps it). */
export type Values = Record<CohortField, string | null>;

export const valuesOfRow = (a: Applicant): Values => ({
  firstName: a.firstName,
  lastName: a.lastName,
  email: a.email,
  phone: a.phone,
  gender: a.gender,
  birthDate: a.birthDate,
  clcCode: a.clcCode,
});

const valuesNow = (p: repo.PersonNow): Values => ({
  firstName: p.first_name,
  lastName: p.last_name,
  email: p.email,
  phone: p.phone,
  gender: p.gender,
  birthDate: p.birth_date,
  clcCode: p.clc_code,
});

/** The last import's values of a member (a member no import wrote: their values now). */
const baseOf = (p: repo.PersonNow): Values => {
  if (!p.imported) return valuesNow(p);
  const out = {} as Values;
  for (const f of COHORT_FIELDS) out[f] = p.imported[f] ?? null;
  return out;
};

export const IMPORT_TEXTS = {
  noRows: 'The file has no students below its header row.',
  missingColumn: 'This column is missing',
  otherCohort: (code: string) => `Already a student of cohort ${code}`,
  state: (state: EnrolmentState) =>
    `This person is ${ENROLMENT_STATE_LABELS[state].toLowerCase()} in this programme`,
  concurrent: 'Someone else changed these students at the same time. Please try again.',
};

type Change = CohortImportReport['diff']['changed'][number];

/** What the file does against the cohort's last import, and what applying it writes. */
export type Plan = {
  report: CohortImportReport;
  fresh: Applicant[];
  /** People found without an enrolment in the programme. */
  join: { userId: number; row: Applicant }[];
  /** Listed people already enrolled: their enrolment, state and what `imported` becomes. */
  enrolled: { enrolmentId: number; state: string; imported: Values }[];
  updates: (repo.PersonUpdate & { changes: Change['changes'] })[];
  /** What `imported` becomes for people enrolled by this import, by user. */
  joinedValues: Map<number, Values>;
};

const nameOf = (v: { firstName: string | null; lastName: string | null }) =>
  `${v.firstName ?? ''} ${v.lastName ?? ''}`.trim();

/** The checked rows matched to people and compared with the cohort's last import. */
export async function plan(
  db: Db,
  input: {
    programmeId: number;
    cohortId: number;
    scope: number[] | null;
    rows: number;
    applicants: Applicant[];
    problems: ImportProblem[];
  },
): Promise<Plan> {
  const matched = await matchApplicants(db, {
    programmeId: input.programmeId,
    scope: input.scope,
    applicants: input.applicants,
  });
  const problems = [...input.problems, ...matched.problems];
  const [now, listedBefore] = await Promise.all([
    repo.peopleNow(db, {
      programmeId: input.programmeId,
      userIds: [...matched.matches.values()].map((m) => m.userId),
    }),
    repo.lastListed(db, input.cohortId),
  ]);
  const byUser = new Map(now.map((p) => [p.user_id, p]));
  const problemRows = new Set(problems.map((p) => p.row));
  const result: Plan = {
    report: {
      dryRun: true,
      rows: input.rows,
      problems: [],
      added: 0,
      changed: 0,
      unchanged: 0,
      unlisted: 0,
      overwrites: 0,
      diff: { added: [], changed: [], unlisted: [] },
      importId: null,
    },
    fresh: [],
    join: [],
    enrolled: [],
    updates: [],
    joinedValues: new Map(),
  };
  const { report } = result;
  const listed = new Set<number>();
  const pause = slicer();
  for (const a of input.applicants) {
    await pause();
    if (problemRows.has(a.row)) continue;
    const file = valuesOfRow(a);
    const match = matched.matches.get(a.row);
    const person = match ? byUser.get(match.userId) : undefined;
    if (!match || !person) {
      result.fresh.push(a);
      report.added += 1;
      if (report.diff.added.length < COHORT_DIFF_LIMIT)
        report.diff.added.push({ row: a.row, jwlId: null, name: nameOf(file) });
      continue;
    }
    listed.add(person.user_id);
    if (person.cohort_id !== null && person.cohort_id !== input.cohortId) {
      problems.push({
        row: a.row,
        column: 'jwlId',
        message: IMPORT_TEXTS.otherCohort(person.cohort_code ?? ''),
      });
      continue;
    }
    if (person.state !== null && person.state !== 'applied' && person.state !== 'active') {
      problems.push({
        row: a.row,
        column: 'jwlId',
        message: IMPORT_TEXTS.state(person.state as EnrolmentState),
      });
      continue;
    }
    const ref = { row: a.row, jwlId: person.user_id, name: nameOf(valuesNow(person)) };
    if (person.cohort_id === null) {
      // Someone joining the cohort keeps their fields: the cohort holds them as they are.
      report.added += 1;
      if (report.diff.added.length < COHORT_DIFF_LIMIT) report.diff.added.push(ref);
      if (person.enrolment_id === null) {
        result.join.push({ userId: person.user_id, row: a });
        result.joinedValues.set(person.user_id, valuesNow(person));
      } else
        result.enrolled.push({
          enrolmentId: person.enrolment_id,
          state: person.state ?? 'active',
          imported: valuesNow(person),
        });
      continue;
    }
    const base = baseOf(person);
    const current = valuesNow(person);
    const changes: Change['changes'] = [];
    for (const field of COHORT_FIELDS) {
      if (file[field] === base[field]) continue;
      const manual = current[field] !== base[field] ? current[field] : null;
      changes.push({ field, from: base[field], to: file[field], manual });
      if (current[field] !== base[field]) report.overwrites += 1;
    }
    result.enrolled.push({
      enrolmentId: person.enrolment_id ?? 0,
      state: person.state ?? 'active',
      imported: file,
    });
    if (changes.length === 0) {
      report.unchanged += 1;
      continue;
    }
    report.changed += 1;
    if (report.diff.changed.length < COHORT_DIFF_LIMIT)
      report.diff.changed.push({ ...ref, changes });
    // Only what the file changed is written: a hand edit of another field stays.
    result.updates.push({
      userId: person.user_id,
      enrolmentId: person.enrolment_id ?? 0,
      fields: changes.map((c) => c.field),
      firstName: a.firstName,
      lastName: a.lastName,
      email: a.email,
      phone: a.phone,
      gender: a.gender,
      birthDate: a.birthDate,
      clcId: a.clcId,
      changes,
    });
  }
  for (const m of listedBefore) {
    if (listed.has(m.user_id)) continue;
    report.unlisted += 1;
    if (report.diff.unlisted.length < COHORT_DIFF_LIMIT)
      report.diff.unlisted.push({
        row: null,
        jwlId: m.user_id,
        name: nameOf({ firstName: m.first_name, lastName: m.last_name }),
      });
  }
  report.problems = sortProblems(problems, COHORT_IMPORT_COLUMNS);
  return result;
}
