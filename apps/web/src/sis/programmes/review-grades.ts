import { VALIDATION } from '@lantern/contracts/messages';
import type { ProgrammeStatus } from '@lantern/contracts/programme';
import type { Outcome, ProgrammeResults, StudentResults } from '@lantern/contracts/results';

/** A cell of the grid: one student's result in one course. */
export type CellKey = `${number}:${number}`;
export const cellKey = (enrolmentId: number, courseId: number): CellKey =>
  `${enrolmentId}:${courseId}`;

/** What the user typed, by cell; a cell not in here shows its saved score. */
export type Drafts = Readonly<Record<CellKey, string>>;

export type ResultEntry = { enrolmentId: number; courseId: number; score: number | null };

/** Results are entered for active students while the programme runs (the server's rule too). */
export const isEditable = (status: ProgrammeStatus, student: Pick<StudentResults, 'state'>) =>
  status === 'running' && student.state === 'active';

/** A saved score as the input shows it. */
export const scoreText = (score: number | undefined) => (score === undefined ? '' : String(score));

/** A typed score: null for an empty cell (clears it), NaN when it is no number. A decimal comma
 * counts as a point. */
export function parseScore(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  return /^-?\d+(\.\d+)?$|^-?\.\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/**
 * The entries to save: every editable cell whose typed value differs from the saved one (an
 * emptied cell clears its result), in grid order; and the cells that cannot be sent as typed,
 * with the message to show by them.
 */
export function collectChanges(
  results: Pick<ProgrammeResults, 'courses' | 'students' | 'gradingSchema'>,
  status: ProgrammeStatus,
  drafts: Drafts,
): { entries: ResultEntry[]; invalid: Map<CellKey, string> } {
  const entries: ResultEntry[] = [];
  const invalid = new Map<CellKey, string>();
  const scaleMax = results.gradingSchema?.scaleMax ?? null;
  for (const student of results.students) {
    if (!isEditable(status, student)) continue;
    for (const course of results.courses) {
      const key = cellKey(student.enrolmentId, course.id);
      const typed = drafts[key];
      if (typed === undefined) continue;
      const saved = student.scores[String(course.id)];
      const score = parseScore(typed);
      if (score === null) {
        if (saved !== undefined)
          entries.push({ enrolmentId: student.enrolmentId, courseId: course.id, score: null });
        continue;
      }
      if (Number.isNaN(score)) invalid.set(key, VALIDATION.number);
      else if (score < 0) invalid.set(key, 'Must not be negative');
      else if (scaleMax !== null && score > scaleMax) invalid.set(key, `At most ${scaleMax}`);
      else if (score !== saved)
        entries.push({ enrolmentId: student.enrolmentId, courseId: course.id, score });
    }
  }
  return { entries, invalid };
}

const ENTRY_FIELD = /^entries\.(\d+)\.\w+$/;

/** The server's field messages (`entries.3.score`, `entries.3.enrolmentId`) by the cell of the
 * entry they name; messages of other fields are left to the caller. */
export function cellErrorsFromFields(
  fields: Readonly<Record<string, string>>,
  entries: readonly ResultEntry[],
): { cells: Map<CellKey, string>; other: string[] } {
  const cells = new Map<CellKey, string>();
  const other: string[] = [];
  for (const [field, message] of Object.entries(fields)) {
    const index = ENTRY_FIELD.exec(field)?.[1];
    const entry = index === undefined ? undefined : entries[Number(index)];
    if (!entry) {
      other.push(message);
      continue;
    }
    const key = cellKey(entry.enrolmentId, entry.courseId);
    // A score message says the most about the cell; keep it over the row's.
    if (!cells.has(key) || field.endsWith('.score')) cells.set(key, message);
  }
  return { cells, other };
}

export type GridFilter = { outcome: Outcome | null; clc: string | null };

export const filterStudents = (students: readonly StudentResults[], filter: GridFilter) =>
  students.filter(
    (s) =>
      (filter.outcome === null || s.outcome === filter.outcome) &&
      (filter.clc === null || s.clc === filter.clc),
  );

/** Active students whose results propose this outcome: what the shortcuts act on. */
export const proposed = (students: readonly StudentResults[], outcome: Outcome) =>
  students.filter((s) => s.state === 'active' && s.outcome === outcome);
