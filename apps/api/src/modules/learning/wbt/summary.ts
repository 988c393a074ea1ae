import type { WbtCompletion, WbtSettings, WbtSuccess } from '@lantern/contracts/wbt';

/**
 * What a SCO's values say (decision 0020 §2.5, normalisation), and what an attempt's SCO states
 * add up to. Pure functions: the tracking service feeds them the stored values, so the result
 * is the same whatever order the commits arrived in.
 */

/** The elements a SCO state or a launch's time is read from. */
export const SUMMARY_ELEMENTS = [
  'cmi.core.lesson_status',
  'cmi.core.score.raw',
  'cmi.core.score.min',
  'cmi.core.score.max',
  'cmi.completion_status',
  'cmi.success_status',
  'cmi.score.scaled',
  'cmi.score.raw',
  'cmi.score.min',
  'cmi.score.max',
] as const;
export const SESSION_TIME_ELEMENTS = ['cmi.core.session_time', 'cmi.session_time'] as const;

export type ScoState = {
  completion: WbtCompletion;
  success: WbtSuccess;
  scoreScaled: number | null;
};

const num = (v: string | undefined): number | null => {
  if (v === undefined || v.trim() === '') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
};
const clamp01 = (n: number) => Math.min(1, Math.max(0, n));
const round5 = (n: number) => Math.round(n * 100_000) / 100_000;

export function scoState(values: Readonly<Record<string, string>>): ScoState {
  let completion: WbtCompletion = 'unknown';
  let success: WbtSuccess = 'unknown';
  let score: number | null = null;

  const lesson = values['cmi.core.lesson_status']?.toLowerCase();
  if (lesson !== undefined) {
    // 'failed' is a finished part that did not pass (ADL's 1.2 → 2004 mapping: completed and
    // failed), so a score under the mastery score is handed in and graded, not left open.
    if (lesson === 'completed' || lesson === 'passed' || lesson === 'failed')
      completion = 'completed';
    else if (lesson !== 'not attempted' && lesson !== '') completion = 'incomplete';
    if (lesson === 'passed') success = 'passed';
    if (lesson === 'failed') success = 'failed';
  }
  const raw12 = num(values['cmi.core.score.raw']);
  if (raw12 !== null) {
    const min = num(values['cmi.core.score.min']) ?? 0;
    const max = num(values['cmi.core.score.max']) ?? 100;
    if (max > min) score = clamp01((raw12 - min) / (max - min));
  }

  const cs = values['cmi.completion_status']?.toLowerCase();
  if (cs === 'completed') completion = 'completed';
  else if (cs === 'incomplete') completion = 'incomplete';
  const ss = values['cmi.success_status']?.toLowerCase();
  if (ss === 'passed') success = 'passed';
  else if (ss === 'failed') success = 'failed';
  const scaled = num(values['cmi.score.scaled']);
  if (scaled !== null) score = clamp01(scaled);
  else {
    const raw = num(values['cmi.score.raw']);
    const max = num(values['cmi.score.max']);
    if (raw !== null && max !== null && max > 0) {
      const min = num(values['cmi.score.min']) ?? 0;
      score = max > min ? clamp01((raw - min) / (max - min)) : null;
    }
  }
  return { completion, success, scoreScaled: score === null ? null : round5(score) };
}

export function satisfies(state: ScoState, when: WbtSettings['completeWhen']): boolean {
  if (when === 'completed') return state.completion === 'completed';
  if (when === 'passed') return state.success === 'passed';
  return state.completion === 'completed' || state.success === 'passed';
}

/** An attempt from its SCO states (`scoCount`: the package's SCOs; missing ones know nothing). */
export function attemptState(
  states: readonly ScoState[],
  scoCount: number,
  when: WbtSettings['completeWhen'],
): ScoState {
  const known = states.filter((s) => s.completion !== 'unknown' || s.success !== 'unknown');
  const allDone = states.length >= scoCount && states.every((s) => satisfies(s, when));
  const completion: WbtCompletion = allDone
    ? 'completed'
    : known.length > 0
      ? 'incomplete'
      : 'unknown';
  const success: WbtSuccess = states.some((s) => s.success === 'failed')
    ? 'failed'
    : states.length >= scoCount && states.every((s) => s.success === 'passed')
      ? 'passed'
      : 'unknown';
  const scores = states.map((s) => s.scoreScaled).filter((s): s is number => s !== null);
  const scoreScaled =
    scores.length === 0 ? null : round5(scores.reduce((a, b) => a + b, 0) / scores.length);
  return { completion, success, scoreScaled };
}

/**
 * Seconds of a session time: SCORM 1.2 `HHHH:MM:SS.SS`, SCORM 2004 ISO 8601 `PT1H2M3.5S`.
 * Null when it is neither (a bad value is not time spent).
 */
export function sessionSeconds(value: string): number | null {
  const hms = /^(\d{1,4}):(\d{2}):(\d{2})(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (hms) {
    const [, h = '0', m = '0', s = '0'] = hms;
    return Number(h) * 3600 + Number(m) * 60 + Number(s);
  }
  const iso =
    /^P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(
      value.trim(),
    );
  if (iso && value.trim() !== 'P' && !value.trim().endsWith('T')) {
    const [, y = '0', mo = '0', d = '0', h = '0', mi = '0', s = '0'] = iso;
    const total =
      Number(y) * 365 * 86400 +
      Number(mo) * 30 * 86400 +
      Number(d) * 86400 +
      Number(h) * 3600 +
      Number(mi) * 60 +
      Number(s);
    return Math.min(Math.floor(total), 2_000_000_000);
  }
  return null;
}
