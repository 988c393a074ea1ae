import type { GradeHistoryEntry, GradeHistoryPage } from '@lantern/contracts/ledger';

/** A grade event as the history routes give it; the defaults are a published task grade. */
export const entry = (over: Partial<GradeHistoryEntry> & { id: number }): GradeHistoryEntry => ({
  subject: 'task',
  action: 'publish',
  course: { id: 41, code: 'ENG1', title: 'English for study' },
  item: { id: 100, title: 'Essay 1' },
  old: { points: 7, outcome: 'graded', published: false },
  new: { points: 7, outcome: 'graded', published: true },
  comment: null,
  maxPoints: 10,
  gradingSchemaId: null,
  gradingSchemaVersion: null,
  itemVersion: 1,
  gradeVersion: 2,
  actor: { id: 9, name: 'Fatima Faculty' },
  impersonator: null,
  reason: null,
  requestId: null,
  at: '2026-11-20T10:15:00Z',
  ...over,
});

export const STUDENT = { id: 501, firstName: 'Amal', lastName: 'Haddad' };

export const historyPage = (
  entries: GradeHistoryEntry[],
  next: number | null = null,
): GradeHistoryPage => ({ student: STUDENT, entries, next });

/** Matches a paragraph by its whole text, where parts of it are isolated in <bdi> elements. */
export const line =
  (text: string) =>
  (_: string, element: Element | null): boolean =>
    element?.tagName === 'P' && element.textContent === text;
