import { describe, expect, it } from 'vitest';
import type { ProgrammeResults, StudentResults } from '@lantern/contracts/results';
import {
  cellErrorsFromFields,
  cellKey,
  collectChanges,
  filterStudents,
  parseScore,
  proposed,
} from './review-grades';

const student = (over: Partial<StudentResults>): StudentResults => ({
  enrolmentId: 1,
  studentId: 100,
  firstName: 'Amina',
  lastName: 'Sol',
  clc: 'KAK',
  state: 'active',
  onBreak: false,
  scores: {},
  average: null,
  band: null,
  outcome: 'incomplete',
  ...over,
});

const results = (students: StudentResults[]): ProgrammeResults => ({
  courses: [
    { id: 11, code: 'BUS101', title: 'Management', units: 4 },
    { id: 12, code: 'BUS102', title: 'Finance', units: 3 },
  ],
  gradingSchema: { id: 1, name: 'Percent', scaleMax: 100, passMark: 60, bands: [] },
  students,
});

describe('parseScore', () => {
  it('reads numbers with a point or a comma, empty as a clear, anything else as NaN', () => {
    expect(parseScore(' 72 ')).toBe(72);
    expect(parseScore('72.5')).toBe(72.5);
    expect(parseScore('72,5')).toBe(72.5);
    expect(parseScore('')).toBeNull();
    expect(parseScore('  ')).toBeNull();
    expect(parseScore('7a')).toBeNaN();
    expect(parseScore('1e2')).toBeNaN();
  });
});

describe('collectChanges', () => {
  const data = results([
    student({ enrolmentId: 1, scores: { '11': 70 } }),
    student({ enrolmentId: 2, state: 'completed', scores: { '11': 90 } }),
    student({ enrolmentId: 3, scores: { '11': 40, '12': 55 } }),
  ]);

  it('sends only the cells whose typed value differs from the saved one, in grid order', () => {
    const { entries, invalid } = collectChanges(data, 'running', {
      [cellKey(3, 12)]: '61',
      [cellKey(1, 11)]: '70', // unchanged
      [cellKey(1, 12)]: '82.5',
      [cellKey(3, 11)]: '', // emptied: clears the saved 40
    });
    expect(invalid.size).toBe(0);
    expect(entries).toEqual([
      { enrolmentId: 1, courseId: 12, score: 82.5 },
      { enrolmentId: 3, courseId: 11, score: null },
      { enrolmentId: 3, courseId: 12, score: 61 },
    ]);
  });

  it('leaves out an emptied cell that had no result, and students who are not active', () => {
    const { entries } = collectChanges(data, 'running', {
      [cellKey(1, 12)]: '',
      [cellKey(2, 11)]: '10',
    });
    expect(entries).toEqual([]);
  });

  it('sends nothing while the programme is not running', () => {
    expect(collectChanges(data, 'finished', { [cellKey(1, 12)]: '80' }).entries).toEqual([]);
  });

  it('holds back what cannot be sent, with the message for its cell', () => {
    const { entries, invalid } = collectChanges(data, 'running', {
      [cellKey(1, 12)]: 'abc',
      [cellKey(3, 11)]: '101',
      [cellKey(3, 12)]: '-1',
    });
    expect(entries).toEqual([]);
    expect(Object.fromEntries(invalid)).toEqual({
      '1:12': 'Must be a number',
      '3:11': 'At most 100',
      '3:12': 'Must not be negative',
    });
  });
});

describe('cellErrorsFromFields', () => {
  const entries = [
    { enrolmentId: 1, courseId: 12, score: 82 },
    { enrolmentId: 3, courseId: 11, score: 140 },
    { enrolmentId: 4, courseId: 12, score: 50 },
  ];

  it('puts each entries.N message by the cell of the N-th entry sent', () => {
    const { cells, other } = cellErrorsFromFields(
      {
        'entries.1.score': 'At most 100',
        'entries.2.enrolmentId': 'Kofi Mensah is passed; unfail or reopen first',
      },
      entries,
    );
    expect(Object.fromEntries(cells)).toEqual({
      '3:11': 'At most 100',
      '4:12': 'Kofi Mensah is passed; unfail or reopen first',
    });
    expect(other).toEqual([]);
  });

  it('prefers the score message when a cell has two, and returns the rest as they are', () => {
    const { cells, other } = cellErrorsFromFields(
      {
        'entries.0.enrolmentId': 'Not a student of this programme',
        'entries.0.score': 'Must not be negative',
        entries: 'Please select a valid option',
        'entries.9.score': 'At most 100',
      },
      entries,
    );
    expect(Object.fromEntries(cells)).toEqual({ '1:12': 'Must not be negative' });
    expect(other).toEqual(['Please select a valid option', 'At most 100']);
  });
});

describe('filterStudents and proposed', () => {
  const students = [
    student({ enrolmentId: 1, clc: 'KAK', outcome: 'pass' }),
    student({ enrolmentId: 2, clc: 'AMM', outcome: 'pass' }),
    student({ enrolmentId: 3, clc: 'KAK', outcome: 'fail' }),
    student({ enrolmentId: 4, clc: 'KAK', outcome: 'pass', state: 'completed' }),
  ];

  it('filters by outcome and CLC together', () => {
    const ids = (list: StudentResults[]) => list.map((s) => s.enrolmentId);
    expect(ids(filterStudents(students, { outcome: 'pass', clc: null }))).toEqual([1, 2, 4]);
    expect(ids(filterStudents(students, { outcome: 'pass', clc: 'KAK' }))).toEqual([1, 4]);
    expect(ids(filterStudents(students, { outcome: null, clc: 'AMM' }))).toEqual([2]);
  });

  it('proposes only active students for the shortcuts', () => {
    expect(proposed(students, 'pass').map((s) => s.enrolmentId)).toEqual([1, 2]);
    expect(proposed(students, 'fail').map((s) => s.enrolmentId)).toEqual([3]);
  });
});
