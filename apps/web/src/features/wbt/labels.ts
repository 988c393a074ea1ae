import type { TFunction } from 'i18next';
import type { WbtCompletion, WbtSuccess } from '@lantern/contracts/wbt';

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
