import type { QuestionInput, QuestionKind } from '@lantern/contracts/quiz';

/** The data of a question of one kind. */
export type Data<K extends QuestionKind> = Extract<QuestionInput, { kind: K }>['data'];

/** A fraction of the points as the form shows it: percent, two decimals at most. */
export const percent = (fraction: number | undefined) => Math.round((fraction ?? 0) * 10000) / 100;
/** A percent typed in the form as the fraction stored (empty or not a number: 0). */
export const toFraction = (v: number | string) =>
  typeof v === 'number' ? v / 100 : Number(v) / 100 || 0;
export const toNumber = (v: number | string) => (typeof v === 'number' ? v : Number(v));
export const toNullable = (v: number | string) => (v === '' ? null : toNumber(v));
