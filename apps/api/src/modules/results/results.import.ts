import { z } from 'zod';
import type { ResultsImportReport } from '@lantern/contracts/results';
import type { ImportReadOptions } from '@lantern/contracts/programme';
import { VALIDATION } from '@lantern/contracts/messages';
import type { AuthContext } from '../../plugins/auth';
import type { UploadedFile } from '../../plugins/body';
import type { Deps } from '../../lib/deps';
import { applyInSteps } from '../../lib/import-apply';
import {
  cellsOf,
  columnIndex,
  readingOf,
  readUpload,
  sortProblems,
  splitHeader,
  validateRows,
  type ImportProblem,
  type ReadingSource,
} from '../../lib/import-pipeline';
import * as repo from './results.repository';
import { load, takesResults } from './results.service';

/** Other headers of the JWL-ID column ('JWL-ID' and 'jwl id' are jwlId already). */
const ID_ALIASES = { jwlId: ['id', 'studentId'] };

/** A score cell: empty (the result stays as it is), or a number from 0 to `max` ('7,5' too). */
const scoreCell = (max: number) =>
  z
    .string()
    .transform((text) => (text === '' ? undefined : text.replace(',', '.')))
    .pipe(
      z
        .string()
        .regex(/^-?\d+(\.\d+)?$/, VALIDATION.number)
        .transform(Number)
        .refine((n) => Number.isFinite(n), VALIDATION.number)
        .refine((n) => n >= 0, 'Must not be negative')
        .refine((n) => n <= max, `At most ${String(max)}`)
        .optional(),
    );

/**
 * Course results from a CSV or XLSX file, through the import pipeline: every cell is checked
 * first and every problem is reported by row and column (the column as the file heads it); a
 * dry run, or a file with any problem, writes nothing; a clean file is applied in bounded steps
 * (`applyInSteps`), visible at once in its last one. Running it again writes the same scores
 * again.
 */
export async function importResults(
  deps: Deps,
  auth: AuthContext,
  input: { programmeId: number; file: UploadedFile | null; dryRun: boolean } & ImportReadOptions,
): Promise<ResultsImportReport> {
  const [{ programme, courses, students }, upload] = await Promise.all([
    load(deps, auth, input.programmeId),
    readUpload(input.file, input),
  ]);
  const schema = takesResults(programme);
  const { header, body } = splitHeader(upload.sheet, { skipBlank: false });
  const headers = header?.cells ?? [];
  const columns = ['jwlId', ...courses.map((c) => c.code)];
  const index = columnIndex(header, columns, ID_ALIASES);
  const courseColumns = courses.filter((c) => index.has(c.code));
  const problems: ImportProblem[] = [];
  if (!index.has('jwlId'))
    problems.push({ row: 1, column: 'jwlId', message: 'The file needs a jwlId column' });
  if (courseColumns.length === 0)
    problems.push({
      row: 1,
      column: 'courses',
      message: `No column names a course of the programme (${courses.map((c) => c.code).join(', ')})`,
    });

  const byStudent = new Map(students.map((s) => [s.student_id, s]));
  /** The row's student: one of the programme's, and active. */
  const student = z
    .string()
    .min(1, VALIDATION.required)
    .transform((idText, ctx) => {
      const found = /^\d{1,9}$/.test(idText) ? byStudent.get(Number(idText)) : undefined;
      const fail = (message: string) => {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      };
      if (!found) return fail('Not a student of this programme');
      if (found.state !== 'active')
        return fail(
          `${found.first_name} ${found.last_name} is ${found.state === 'completed' ? 'passed' : found.state}; unfail or reopen first`,
        );
      return found;
    });
  const rowSchema = z.object({
    jwlId: student,
    ...Object.fromEntries(courseColumns.map((c) => [c.code, scoreCell(schema.scaleMax)])),
  });

  const entries: { enrolmentId: number; courseId: number; score: number }[] = [];
  /** The students of the valid rows, as the dry run shows them. */
  const people: ReadingSource[] = [];
  if (problems.length === 0) {
    const checked = await validateRows({
      rows: body,
      index,
      columns: ['jwlId', ...courseColumns.map((c) => c.code)],
      schema: rowSchema,
      columnName: (column) => headers[index.get(column) ?? -1] ?? column,
      skipBlank: true,
    });
    // One row a student: a later row of the same (active) student is that one problem alone.
    const seen = new Map<number, number>();
    const idHeader = headers[index.get('jwlId') ?? -1] ?? 'jwlId';
    const repeated = new Map<number, number>();
    for (const line of body) {
      const found = byStudent.get(Number(cellsOf(line, index, ['jwlId']).jwlId || Number.NaN));
      if (!found || found.state !== 'active') continue;
      const earlier = seen.get(found.student_id);
      if (earlier === undefined) seen.set(found.student_id, line.row);
      else repeated.set(line.row, earlier);
    }
    checked.valid = checked.valid.filter(({ row }) => !repeated.has(row));
    checked.problems = [
      ...checked.problems.filter(({ row }) => !repeated.has(row)),
      ...[...repeated].map(([row, earlier]) => ({
        row,
        column: idHeader,
        message: `The same student as row ${String(earlier)}`,
      })),
    ];
    problems.push(...sortProblems(checked.problems, [idHeader, ...headers]));
    for (const { row, value } of checked.valid) {
      const s = value.jwlId;
      people.push({ row, jwlId: s.student_id, firstName: s.first_name, lastName: s.last_name });
      for (const course of courseColumns) {
        const score = (value as Record<string, unknown>)[course.code];
        if (typeof score === 'number')
          entries.push({ enrolmentId: value.jwlId.enrolment_id, courseId: course.id, score });
      }
    }
  }
  const report: ResultsImportReport = {
    dryRun: true,
    rows: body.length,
    problems,
    courses: courseColumns.map((c) => c.code),
    // Students the file gives at least one score; a row of empty cells changes nobody.
    students: new Set(entries.map((e) => e.enrolmentId)).size,
    scores: entries.length,
    reading: readingOf(upload, null, people),
  };
  if (entries.length === 0 || input.dryRun || problems.length > 0) return report;
  type Entry = (typeof entries)[number];
  return applyInSteps<ResultsImportReport, Entry>(deps.db, auth, {
    kind: 'results',
    programmeId: input.programmeId,
    sha256: upload.file.sha256,
    // The cells were checked above, outside any transaction: what they write is staged as is.
    plan: async () => ({ report, staged: entries }),
    apply: async (tx, staged) => {
      await repo.saveScores(
        tx,
        staged,
        {
          actorId: auth.user.jwlId,
          impersonatorId: auth.impersonating ? auth.realUser.jwlId : null,
        },
        schema,
      );
      return {
        report,
        audit: {
          action: 'results.imported',
          entityType: 'programme',
          entityId: input.programmeId,
          changes: {
            rows: body.length,
            students: report.students,
            scores: staged.length,
            courses: report.courses,
          },
        },
      };
    },
  });
}
