import type { AttemptReview } from '@lantern/contracts/quiz';
import type { AuthContext } from '../../../plugins/auth';
import type { Deps } from '../../../lib/deps';
import { notFound } from '../../../lib/errors';
import { scoreResponse } from './scoring';
import { learnerView } from './responses';
import {
  layoutQuestions,
  questionOf,
  responseValue,
  responsesOf,
  type LearnerSession,
} from './attempt-store';
import { findAttempt, type AttemptRow } from './quiz-attempts.repository';
import { findReviewItem } from './quiz-grading.repository';
import { iso, num, round2, summaryOf, windowClosed } from './attempts-session.service';
import { reviewShown } from './review-rule';

// ---------------------------------------------------------------- review (the learner's)

export async function getReview(
  deps: Deps,
  auth: AuthContext,
  attemptId: number,
  session: (a: AttemptRow) => Promise<{ session: LearnerSession; unitStatus: string; now: Date }>,
): Promise<AttemptReview> {
  const a = await findAttempt(deps.db, attemptId);
  if (!a || a.student_id !== auth.user.jwlId) throw notFound('The attempt');
  const { session: s, unitStatus, now } = await session(a);
  const closed = windowClosed(s, unitStatus, now);
  const finished = a.status === 'finished';
  const marksShown = finished && reviewShown(s.review.marks, closed);
  const answersShown = finished && reviewShown(s.review.answers, closed);
  const item = await findReviewItem(deps.db, a.item_id);
  if (!item) throw notFound('The attempt');
  const questions = await layoutQuestions(deps.db, a.layout);
  const responses = await responsesOf(deps.db, attemptId);
  return {
    attempt: summaryOf(a, marksShown, marksShown || answersShown, Number(item.max_points)),
    itemId: a.item_id,
    unitId: item.unit_id,
    courseId: item.course_id,
    title: item.title,
    marksShown,
    answersShown,
    // Nothing of the questions before the review allows it: the answers on the attempt page
    // were the learner's own, and the marks or keys are what the rules hold back.
    questions:
      !marksShown && !answersShown
        ? []
        : a.layout.map((l) => {
            const q = questionOf(questions, l);
            const r = responses.get(l.slot);
            const value = responseValue(r);
            const s2 = scoreResponse(q, value);
            const manual = num(r?.manual_points ?? null);
            const fraction =
              q.kind === 'essay'
                ? manual === null
                  ? null
                  : manual / l.points
                : (num(r?.auto_fraction ?? null) ?? 0);
            return {
              slot: l.slot,
              number: l.slot + 1,
              page: l.page,
              points: l.points,
              prompt: q.prompt,
              view: learnerView(q, l.choiceOrder),
              response: value,
              flagged: r?.flagged ?? false,
              savedAt: r ? iso(r.saved_at) : null,
              kind: q.kind,
              fraction: marksShown ? fraction : null,
              awardedPoints: marksShown && fraction !== null ? round2(fraction * l.points) : null,
              state: marksShown
                ? q.kind === 'essay' && manual === null
                  ? s2.state
                  : s2.state
                : null,
              data: answersShown ? learnerKey(q.kind, q.data) : null,
              feedback: answersShown ? s2.feedback : null,
              generalFeedback: answersShown ? q.generalFeedback || null : null,
              comment: marksShown ? (r?.comment ?? null) : null,
            };
          }),
  };
}

/** The key shown in a review: the question's data without what only graders read. */
function learnerKey(kind: string, data: unknown): unknown {
  if (kind !== 'essay') return data;
  const { graderInfo: _hidden, ...rest } = data as { graderInfo?: string };
  return rest;
}
