import type { CSSProperties } from 'react';
import type { TaskState } from '@lantern/contracts/learning-enums';
import type { GradeBook } from '@lantern/contracts/teaching';

export type Row = GradeBook['rows'][number];
export type Column = GradeBook['columns'][number];

// The sizes are also in grade-grid.css (row 34 px, header 56 px, learner column 200 px).
export const ROW_PX = 34;
export const LEARNER_PX = 200;
export const CELL_PX = 104;
export const TOTAL_PX = 96;

export const cellDomId = (courseId: number, r: number, c: number) =>
  `gb-${String(courseId)}-${String(r)}-${String(c)}`;
export const cellKey = (row: Row, col: Column) => `${String(row.studentId)}:${String(col.id)}`;

/** Whether a cell may be entered: the API says per row and column what the save allows (the
 * course responsibility rule, spec §6), so the grid offers no edit the server would refuse. */
export const editable = (mayEdit: boolean, row: Row, col: Column) =>
  mayEdit && row.mayGrade && col.mayGrade;

/** A learner's grade history in this course (decision 0021 §1.7), from the learner's name. */
export const historyPath = (row: Row, courseId: number) =>
  `/en/learning/student/${String(row.studentId)}/grade-history?courseId=${String(courseId)}`;

/** What the rows do through the grid; one object for the grid's life, so rows stay memoised. */
export type Actions = {
  activate: (row: number, col: number) => void;
  edit: (key: string) => void;
  commit: (row: Row, col: Column, text: string) => void;
  move: (row: number, col: number) => void;
  cancel: (row: number, col: number) => void;
};

/** The words the cells use, looked up once a render of the grid rather than once a cell. */
export type Texts = {
  states: Record<TaskState, string>;
  late: string;
  enter: (name: string) => string;
};

/** Where column `i` (0 = the first task) begins, from the grid's inline start. */
export const columnStart = (i: number) => LEARNER_PX + i * CELL_PX;

/** A cell of a task or total column, placed at its column (they are not all in the DOM). */
export const placed = (start: number, size: number): CSSProperties => ({
  insetInlineStart: start,
  inlineSize: size,
});
