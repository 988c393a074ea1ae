import type { TFunction } from 'i18next';
import {
  FINISHED_BY_LABELS,
  GRADING_METHOD_LABELS,
  QUESTION_KIND_LABELS,
  RESPONSE_STATE_LABELS,
  REVIEW_WHEN_LABELS,
  type FinishedBy,
  type GradingMethod,
  type QuestionKind,
  type ResponseState,
  type ReviewWhen,
} from '@lantern/contracts/quiz';

/** Labels of the quiz's enumerations, through t() with the contract's English as the default. */
export const gradingMethodLabel = (t: TFunction, v: GradingMethod) =>
  t(`quiz.gradingMethod.${v}`, GRADING_METHOD_LABELS[v]);
export const reviewWhenLabel = (t: TFunction, v: ReviewWhen) =>
  t(`quiz.reviewWhen.${v}`, REVIEW_WHEN_LABELS[v]);
export const finishedByLabel = (t: TFunction, v: FinishedBy) =>
  t(`quiz.finishedBy.${v}`, FINISHED_BY_LABELS[v]);
export const questionKindLabel = (t: TFunction, v: QuestionKind) =>
  t(`quiz.questionKind.${v}`, QUESTION_KIND_LABELS[v]);
export const responseStateLabel = (t: TFunction, v: ResponseState) =>
  t(`quiz.responseState.${v}`, RESPONSE_STATE_LABELS[v]);

/** 7.5 / 10, or "To be graded" while an essay waits. */
export const pointsText = (t: TFunction, points: number | null, max: number) =>
  points === null
    ? t('quiz.toBeGraded', 'To be graded')
    : t('quiz.pointsOf', '{{points}} of {{max}}', { points: round2(points), max: round2(max) });

export const round2 = (n: number) => Math.round(n * 100) / 100;
