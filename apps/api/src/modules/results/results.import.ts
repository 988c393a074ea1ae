import type { ResultsImportReport } from '@lantern/contracts/results';
import { VALIDATION } from '@lantern/contracts/messages';
import type { AuthContext } from '../../plugins/auth';
import type { UploadedFile } from '../../plugins/body';
import { badRequest } from '../../lib/errors';
import { audit } from '../../lib/audit';
import type { Deps } from '../../lib/deps';
import { readSheet } from '../../lib/sheet';
import { slicer } from '../../lib/slices';
import * as repo from './results.repository';
import { load, takesResults } from './results.service';

/** A header as compared: no case, spaces or punctuation ('JWL-ID' = 'jwlid'). */
const key = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');
const ID_HEADERS = new Set(['jwlid', 'id', 'studentid']);

/**
 * Course results from a CSV or XLSX file: every cell is checked first and every problem is
 * reported by row and column; a dry run, or a file with any problem, writes nothing; a clean
 * file is written in one transaction. Running it again writes the same scores again.
 */
export async function importResults(
  deps: Deps,
  auth: AuthContext,
  input: { programmeId: number; file: UploadedFile | null; dryRun: boolean },
): Promise<ResultsImportReport> {
  if (!input.file || input.file.size === 0)
    throw badRequest(VALIDATION.emptyFile, { file: VALIDATION.emptyFile });
  const [{ programme, courses, students }, sheet] = await Promise.all([
    load(deps, auth, input.programmeId),
    input.file.read().then((data) => readSheet(data)),
  ]);
  const schema = takesResults(programme);
  const [header, ...body] = sheet;
  const problems: ResultsImportReport['problems'] = [];
  const headers = header?.cells ?? [];
  const idColumn = headers.findIndex((h) => ID_HEADERS.has(key(h)));
  const courseColumns = headers.flatMap((h, index) => {
    const course = courses.find((c) => key(c.code) === key(h));
    return course ? [{ index, course }] : [];
  });
  if (idColumn === -1)
    problems.push({ row: 1, column: 'jwlId', message: 'The file needs a jwlId column' });
  if (courseColumns.length === 0)
    problems.push({
      row: 1,
      column: 'courses',
      message: `No column names a course of the programme (${courses.map((c) => c.code).join(', ')})`,
    });
  const byStudent = new Map(students.map((s) => [s.student_id, s]));
  const seen = new Map<number, number>();
  const entries: { enrolmentId: number; courseId: number; score: number }[] = [];
  if (idColumn !== -1 && courseColumns.length > 0) {
    // In slices, so that a large file does not hold the event loop (0017).
    const pause = slicer();
    for (const line of body) {
      await pause();
      if (line.cells.every((c) => c.trim() === '')) continue;
      const idText = (line.cells[idColumn] ?? '').trim();
      const id = /^\d{1,9}$/.test(idText) ? Number(idText) : null;
      const student = id === null ? undefined : byStudent.get(id);
      const column = headers[idColumn] ?? 'jwlId';
      if (!idText) {
        problems.push({ row: line.row, column, message: VALIDATION.required });
        continue;
      }
      if (!student) {
        problems.push({ row: line.row, column, message: 'Not a student of this programme' });
        continue;
      }
      if (student.state !== 'active') {
        problems.push({
          row: line.row,
          column,
          message: `${student.first_name} ${student.last_name} is ${student.state === 'completed' ? 'passed' : student.state}; unfail or reopen first`,
        });
        continue;
      }
      const earlier = seen.get(student.student_id);
      if (earlier !== undefined) {
        problems.push({
          row: line.row,
          column,
          message: `The same student as row ${String(earlier)}`,
        });
        continue;
      }
      seen.set(student.student_id, line.row);
      for (const { index, course } of courseColumns) {
        const text = (line.cells[index] ?? '').trim().replace(',', '.');
        if (text === '') continue;
        const score = Number(text);
        const where = { row: line.row, column: headers[index] ?? course.code };
        if (!/^-?\d+(\.\d+)?$/.test(text) || !Number.isFinite(score))
          problems.push({ ...where, message: VALIDATION.number });
        else if (score < 0) problems.push({ ...where, message: 'Must not be negative' });
        else if (score > schema.scaleMax)
          problems.push({ ...where, message: `At most ${String(schema.scaleMax)}` });
        else entries.push({ enrolmentId: student.enrolment_id, courseId: course.id, score });
      }
    }
  }
  const report: ResultsImportReport = {
    dryRun: true,
    rows: body.length,
    problems,
    courses: courseColumns.map((c) => c.course.code),
    // Students the file gives at least one score; a row of empty cells changes nobody.
    students: new Set(entries.map((e) => e.enrolmentId)).size,
    scores: entries.length,
  };
  if (input.dryRun || problems.length > 0 || entries.length === 0) return report;
  await deps.db.transaction(async (tx) => {
    await repo.saveScores(
      tx,
      entries,
      { actorId: auth.user.jwlId, impersonatorId: auth.impersonating ? auth.realUser.jwlId : null },
      schema,
    );
    await audit(tx, auth, {
      action: 'results.imported',
      entityType: 'programme',
      entityId: input.programmeId,
      changes: {
        rows: body.length,
        students: report.students,
        scores: entries.length,
        courses: report.courses,
      },
    });
  });
  return { ...report, dryRun: false };
}
