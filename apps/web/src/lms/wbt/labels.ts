import type { TFunction } from 'i18next';
import type { WbtCompletion, WbtPartState, WbtSuccess } from '@lantern/contracts/wbt';

/** Labels for the tracking states (no raw values on screen). */
export const completionLabel = (t: TFunction, value: WbtCompletion): string =>
  ({
    unknown: t('wbt.completion.unknown', 'Not started'),
    incomplete: t('wbt.completion.incomplete', 'In progress'),
    completed: t('wbt.completion.completed', 'Completed'),
  })[value];

export const successLabel = (t: TFunction, value: WbtSuccess): string =>
  ({
    unknown: t('wbt.success.unknown', '—'),
    passed: t('wbt.success.passed', 'Passed'),
    failed: t('wbt.success.failed', 'Failed'),
  })[value];

/** 0–1 as a percentage ("80 %"), or a dash. */
export const formatScore = (scaled: number | null): string =>
  scaled === null ? '—' : `${String(Math.round(scaled * 1000) / 10)} %`;

/** Seconds as "1 h 05 min", "12 min 30 s" or "45 s". */
export function formatSeconds(seconds: number | null): string {
  if (seconds === null) return '—';
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = s % 60;
  if (h > 0) return `${String(h)} h ${String(m).padStart(2, '0')} min`;
  if (m > 0) return `${String(m)} min ${String(rest).padStart(2, '0')} s`;
  return `${String(rest)} s`;
}

/** A part's state as the learner reads it. */
export const partStateLabel = (t: TFunction, value: WbtPartState): string =>
  ({
    not_started: t('wbt.part.not_started', 'Not started'),
    in_progress: t('wbt.part.in_progress', 'In progress'),
    completed: t('wbt.part.completed', 'Completed'),
    passed: t('wbt.part.passed', 'Passed'),
    failed: t('wbt.part.failed', 'Failed'),
  })[value];

/**
 * An interaction's result as recorded: SCORM's words as labels (1.2 `wrong`, 2004 `incorrect`),
 * a numeric result as it is, a dash when none.
 */
export function interactionResultLabel(t: TFunction, value: string | null): string {
  if (value === null || value === '') return '—';
  switch (value) {
    case 'correct':
      return t('wbt.result.correct', 'Correct');
    case 'wrong':
    case 'incorrect':
      return t('wbt.result.incorrect', 'Incorrect');
    case 'unanticipated':
      return t('wbt.result.unanticipated', 'Unanticipated');
    case 'neutral':
      return t('wbt.result.neutral', 'Neutral');
    default:
      return value;
  }
}

/**
 * A recorded response or pattern as people read it: SCORM separates several answers with `[,]`
 * (2004) or `,` (1.2) and pairs with `[.]`; those become ", " and " → ". A dash when none.
 */
export function readResponse(value: string | null): string {
  if (value === null || value === '') return '—';
  return value.replaceAll('[,]', ', ').replaceAll('[.]', ' → ').replaceAll('[:]', '–');
}
