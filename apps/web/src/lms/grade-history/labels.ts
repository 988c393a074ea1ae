import type { TFunction } from 'i18next';
import type { GradeAsOf, GradeHistoryEntry } from '@lantern/contracts/ledger';

/** What an event did, in words: "Published", "Changed on request #12" (decision 0021 §1.4). */
export function actionLabel(t: TFunction, entry: GradeHistoryEntry): string {
  const request = entry.requestId;
  const isResult = entry.subject === 'course_result';
  switch (entry.action) {
    case 'save':
      return isResult
        ? t('gradeHistory.action.saveResult', 'Result entered')
        : entry.new.points === null && entry.new.outcome === null
          ? t('gradeHistory.action.clear', 'Draft cleared')
          : t('gradeHistory.action.save', 'Saved as a draft');
    case 'publish':
      return t('gradeHistory.action.publish', 'Published');
    case 'override':
      return t('gradeHistory.action.override', 'Changed after publishing');
    case 'auto':
      return t('gradeHistory.action.auto', 'Graded automatically');
    case 'unpublish':
      return request === null
        ? t('gradeHistory.action.unpublish', 'Unpublished')
        : t('gradeHistory.action.unpublishOnRequest', 'Unpublished on request #{{request}}', {
            request,
          });
    case 'change':
      return request === null
        ? t('gradeHistory.action.change', 'Changed')
        : t('gradeHistory.action.changeOnRequest', 'Changed on request #{{request}}', {
            request,
          });
    case 'finalise':
      return t('gradeHistory.action.finalise', 'Finalised');
    case 'reopen':
      return t('gradeHistory.action.reopen', 'Reopened');
    case 'transfer_in':
      return t('gradeHistory.action.transferIn', 'Moved here from a merged account');
    case 'transfer_out':
      return t('gradeHistory.action.transferOut', 'Moved to a merged account');
  }
}

type State = GradeHistoryEntry['old'];

/** Points without trailing zeros: 7, 7.5, 7.25 (as the grade book writes them). */
export const pointsText = (points: number): string => String(Math.round(points * 100) / 100);

/** A grade's value: "7 / 10", "Returned for rework", or "—" when there is none. */
export function valueText(
  t: TFunction,
  state: { points: number | null; outcome: State['outcome'] },
  max: number,
): string {
  if (state.outcome === 'returned') return t('gradeHistory.returned', 'Returned for rework');
  if (state.points === null) return '—';
  return t('gradeHistory.points', '{{points}} / {{max}}', {
    points: pointsText(state.points),
    max: pointsText(max),
  });
}

/**
 * A grade's state before or after an event. `—` before its first event; a learner is never
 * shown a draft's values (the server leaves them out), so a draft reads "Not published".
 */
export function stateText(
  t: TFunction,
  state: State,
  max: number,
  subject: 'task' | 'course_result' = 'task',
): string {
  if (state.published === null) return '—';
  const hidden = !state.published && state.points === null && state.outcome === null;
  if (hidden) return t('gradeHistory.notPublished', 'Not published');
  const value = valueText(t, state, max);
  if (state.published) return value;
  // A course result is not a draft before the finish: it is entered, and not final yet.
  return subject === 'course_result'
    ? t('gradeHistory.notFinal', '{{value}} (not final)', { value })
    : t('gradeHistory.draft', '{{value}} (draft)', { value });
}

/** Who made the change: a person, "the system" for a machine's grade, or "X on behalf of Y". */
export function whoText(t: TFunction, entry: GradeHistoryEntry): string {
  if (entry.actor === null) return t('gradeHistory.system', 'the system');
  if (entry.impersonator === null) return entry.actor.name;
  return t('gradeHistory.onBehalf', '{{impersonator}} on behalf of {{actor}}', {
    impersonator: entry.impersonator.name,
    actor: entry.actor.name,
  });
}

/** The task's title, or "Course result" for a course result. */
export const subjectTitle = (t: TFunction, s: Pick<GradeAsOf, 'item'>): string =>
  s.item?.title ?? t('gradeHistory.courseResult', 'Course result');
