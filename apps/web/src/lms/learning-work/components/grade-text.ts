import type { TFunction } from 'i18next';
import type { GradeOutcome } from '@lantern/contracts/learning-enums';

type Shown = {
  outcome: GradeOutcome;
  points: number | null;
  maxPoints: number;
  underReview?: boolean | undefined;
};

/** A published grade as the learner reads it: "7 / 10", "Returned for rework", or "Under
 * review" while a request to undo or change it is open (decision 0021 §2.3). */
export const gradeText = (t: TFunction, g: Shown): string =>
  g.underReview
    ? t('lms.grade.underReview', 'Under review')
    : g.outcome === 'graded'
      ? `${g.points ?? 0} / ${g.maxPoints}`
      : t('lms.state.returned', 'Returned for rework');

/** The comment comes with the grade: hidden while the grade is under review. */
export const gradeComment = (g: { comment: string | null; underReview?: boolean | undefined }) =>
  g.underReview ? null : g.comment;
