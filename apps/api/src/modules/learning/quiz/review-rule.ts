/** When a learner's review shows marks or answers (decision 0020 §3.5). */
export type ReviewRule = 'never' | 'immediately' | 'after_close';

/** Whether the review shows marks or answers now (for a finished attempt). */
export const reviewShown = (rule: ReviewRule, closed: boolean): boolean =>
  rule === 'immediately' || (rule === 'after_close' && closed);
