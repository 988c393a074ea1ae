import type { ResultsRow, SessionResults } from '@lantern/contracts/quiz';
import type { AuthContext } from '../../../plugins/auth';
import type { Deps } from '../../../lib/deps';
import { notFound } from '../../../lib/errors';
import {
  findAttemptsOfLearners,
  findGradesOfLearners,
  findResultsLearners,
  findResultsSession,
} from './quiz-grading.repository';
import { finishOverdue } from './attempts-finish.service';
import { num, summaryOf } from './attempts-session.service';
import { marked, methodGrade } from './quiz-grade';
import { quizInReach, toSessions } from './sessions.service';

// ---------------------------------------------------------------- results per session

export async function getResults(
  deps: Deps,
  auth: AuthContext,
  sessionId: number,
): Promise<SessionResults> {
  const srow = await findResultsSession(deps.db, sessionId);
  if (!srow) throw notFound('The quiz session');
  const item = await quizInReach(deps.db, auth, srow.item_id).catch(() => {
    throw notFound('The quiz session');
  });
  // Overdue attempts are finished before they are counted.
  await finishOverdue(deps.db);
  const learners = await findResultsLearners(deps.db, auth, item.course_id, srow);
  const ids = learners.map((l) => l.student_id);
  const attempts = ids.length === 0 ? [] : await findAttemptsOfLearners(deps.db, srow.item_id, ids);
  const grades = ids.length === 0 ? [] : await findGradesOfLearners(deps.db, srow.item_id, ids);
  const [session] = await toSessions(deps.db, [srow], new Date());
  if (!session) throw notFound('The quiz session');
  const maxPoints = Number(item.max_points);
  const rowsOut: ResultsRow[] = learners
    .sort(
      (a, b) => a.last_name.localeCompare(b.last_name) || a.first_name.localeCompare(b.first_name),
    )
    .map((l) => {
      const mine = attempts.filter((a) => a.student_id === l.student_id);
      const g = grades.find((x) => x.student_id === l.student_id);
      const method = methodGrade(srow.grading_method, marked(mine));
      const complete = mine.every((a) => a.status !== 'finished' || a.total_points !== null);
      return {
        studentId: l.student_id,
        name: `${l.first_name} ${l.last_name}`,
        className: l.class_name,
        attempts: mine.map((a) => ({
          ...summaryOf(a, true, true, maxPoints),
          totalPoints: num(a.total_points),
          submissionId: num(a.submission_id),
        })),
        methodPoints: complete && method ? method.points : null,
        grade: g
          ? { points: num(g.points), isPublished: g.is_published, byPerson: g.graded_by !== null }
          : null,
        override: session.overrides.find((o) => o.studentId === l.student_id) ?? null,
      };
    });
  return {
    session,
    item: {
      id: item.id,
      title: item.title,
      courseId: item.course_id,
      unitId: item.unit_id,
      maxPoints,
    },
    rows: rowsOut,
    canEdit: auth.rights.has('QUIZ_SESSION__EDIT'),
  };
}
