import type { z } from 'zod';
import type { EnrolmentState } from '@lantern/contracts/programme';
import type {
  Outcome,
  ProgrammeResults,
  resultsInputSchema,
  StudentResults,
} from '@lantern/contracts/results';
import type { AuthContext } from '../../plugins/auth';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { statusText } from '../../lib/programme-status';

import { audit } from '../../lib/audit';
import type { Deps } from '../../lib/deps';
import { clcScope } from '../../lib/scope';
import * as repo from './results.repository';
import { computedResults } from '../learning/teaching/public';

type Schema = NonNullable<repo.ProgrammeRow['grading_schema']>;

/**
 * The proposed outcome: pass when every course has a score at or above the pass mark, fail
 * when every course has a score and one is below it, else results are missing.
 */
export function outcomeOf(
  courses: repo.CourseRow[],
  scores: Record<string, number>,
  schema: Omit<Schema, 'version'> | null,
): { outcome: Outcome; average: number | null; band: string | null } {
  const entered = courses.filter((c) => scores[String(c.id)] !== undefined);
  const units = entered.reduce((n, c) => n + c.units, 0);
  const average =
    units > 0
      ? Math.round(
          (entered.reduce((sum, c) => sum + (scores[String(c.id)] ?? 0) * c.units, 0) / units) *
            100,
        ) / 100
      : null;
  const band =
    average === null || !schema
      ? null
      : ([...schema.bands].sort((a, b) => b.min - a.min).find((b) => average >= b.min)?.label ??
        null);
  if (!schema || courses.length === 0 || entered.length < courses.length)
    return { outcome: 'incomplete', average, band };
  const passed = courses.every((c) => (scores[String(c.id)] ?? -1) >= schema.passMark);
  return { outcome: passed ? 'pass' : 'fail', average, band };
}

/** The programme's grading schema, if results may be entered now: while it runs, with one. */
export function takesResults(programme: repo.ProgrammeRow): Schema {
  if (programme.status !== 'running')
    throw new AppError(
      409,
      'CONFLICT',
      `The programme is ${statusText(programme.status)}; results are entered while it is running.`,
    );
  if (!programme.grading_schema)
    throw new AppError(
      409,
      'CONFLICT',
      'The programme has no grading schema; choose one on its edit page first.',
    );
  return programme.grading_schema;
}

export async function load(deps: Deps, auth: AuthContext, programmeId: number) {
  const programme = await repo.findProgramme(deps.db, programmeId, clcScope(auth));
  if (!programme) throw notFound('The programme');
  const [courses, students] = await Promise.all([
    repo.findCourses(deps.db, programmeId),
    repo.findStudents(deps.db, programmeId, clcScope(auth)),
  ]);
  return { programme, courses, students };
}

export async function getResults(
  deps: Deps,
  auth: AuthContext,
  programmeId: number,
): Promise<ProgrammeResults> {
  const { programme, courses, students } = await load(deps, auth, programmeId);
  const schema = programme.grading_schema;
  // Courses with graded items take their result from the grade book (decision 0019).
  const computed = await computedResults(deps.db, programmeId, schema?.scaleMax ?? null);
  return {
    courses: courses.map((c) => ({ ...c, computed: computed.has(c.id) })),
    gradingSchema: schema,
    students: students.map((s): StudentResults => {
      const finals = s.final_versions ?? {};
      // A final result is the fact since the programme finished, computed or entered (0021 §1.3).
      const scores = Object.fromEntries(
        Object.entries(s.scores ?? {}).filter(
          ([courseId]) => !computed.has(Number(courseId)) || courseId in finals,
        ),
      );
      for (const [courseId, byStudent] of computed) {
        if (String(courseId) in finals) continue;
        const result = byStudent.get(s.student_id);
        if (result !== null && result !== undefined) scores[String(courseId)] = result;
      }
      return {
        enrolmentId: s.enrolment_id,
        studentId: s.student_id,
        firstName: s.first_name,
        lastName: s.last_name,
        clc: s.clc,
        state: s.state as EnrolmentState,
        onBreak: s.on_break,
        scores,
        finalVersions: finals,
        ...outcomeOf(courses, scores, schema),
      };
    }),
  };
}

/**
 * Enters or clears course results. Only while the programme runs, only for active students
 * (a passed or failed one is unfailed or reopened first), only on the schema's scale; any
 * wrong entry refuses the whole save, with the row it is in.
 */
export async function saveResults(
  deps: Deps,
  auth: AuthContext,
  programmeId: number,
  input: z.output<typeof resultsInputSchema>,
): Promise<{ saved: number; cleared: number }> {
  const { programme, courses, students } = await load(deps, auth, programmeId);
  const schema = takesResults(programme);
  const computed = await computedResults(deps.db, programmeId, schema.scaleMax);
  const fields: Record<string, string> = {};
  input.entries.forEach((entry, i) => {
    const student = students.find((s) => s.enrolment_id === entry.enrolmentId);
    if (!student) fields[`entries.${String(i)}.enrolmentId`] = 'Not a student of this programme';
    else if (student.state !== 'active')
      fields[`entries.${String(i)}.enrolmentId`] =
        `${student.first_name} ${student.last_name} is ${student.state === 'completed' ? 'passed' : student.state}; unfail or reopen first`;
    if (!courses.some((c) => c.id === entry.courseId))
      fields[`entries.${String(i)}.courseId`] = 'Not a course of this programme';
    else if (computed.has(entry.courseId))
      fields[`entries.${String(i)}.courseId`] =
        'This course’s result comes from its grade book; it is not entered here';
    if (entry.score !== null && entry.score > schema.scaleMax)
      fields[`entries.${String(i)}.score`] = `At most ${String(schema.scaleMax)}`;
  });
  if (Object.keys(fields).length)
    throw badRequest(Object.values(fields)[0] ?? 'Error while updating', fields);
  return deps.db.transaction(async (tx) => {
    await repo.saveScores(
      tx,
      input.entries,
      { actorId: auth.user.jwlId, impersonatorId: auth.impersonating ? auth.realUser.jwlId : null },
      schema,
    );
    const saved = input.entries.filter((e) => e.score !== null).length;
    await audit(tx, auth, {
      action: 'results.saved',
      entityType: 'programme',
      entityId: programmeId,
      // Who and which course in words (what a history reader needs), up to 50 of them.
      changes: {
        saved,
        cleared: input.entries.length - saved,
        ...(input.entries.length <= 50
          ? {
              scores: input.entries.map((e) => {
                const s = students.find((x) => x.enrolment_id === e.enrolmentId);
                const c = courses.find((x) => x.id === e.courseId);
                return `${s ? `${s.first_name} ${s.last_name}` : String(e.enrolmentId)} · ${c?.code ?? String(e.courseId)}: ${e.score === null ? 'cleared' : String(e.score)}`;
              }),
            }
          : {}),
      },
    });
    return { saved, cleared: input.entries.length - saved };
  });
}
