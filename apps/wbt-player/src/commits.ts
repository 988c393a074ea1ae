import {
  WBT_ELEMENT_MAX_CHARS,
  WBT_ELEMENT_PATTERN,
  WBT_MAX_VALUE_CHARS,
  WBT_MAX_VALUES_PER_COMMIT,
  type WbtStandard,
} from '@lantern/contracts/wbt';

/** The elements every commit carries, changed or not: the server's per-SCO summary (status,
 * score, session time) is computed from them (decision 0020 §2.5). */
const SUMMARY_ELEMENTS: Readonly<Record<'scorm12' | 'scorm2004', readonly string[]>> = {
  scorm12: [
    'cmi.core.lesson_status',
    'cmi.core.score.raw',
    'cmi.core.score.min',
    'cmi.core.score.max',
    'cmi.core.session_time',
  ],
  scorm2004: [
    'cmi.completion_status',
    'cmi.success_status',
    'cmi.score.scaled',
    'cmi.score.raw',
    'cmi.score.min',
    'cmi.score.max',
    'cmi.session_time',
  ],
};

export const summaryElements = (standard: WbtStandard): readonly string[] =>
  SUMMARY_ELEMENTS[standard === 'scorm2004' ? 'scorm2004' : 'scorm12'];

/** scorm-again's flattened commit (`dataCommitFormat: 'flattened'`) as element → text: only
 * CMI elements (not its `commitSequence` and the like), values as SCORM's strings. */
export function commitValues(params: unknown): Record<string, string> {
  const values: Record<string, string> = {};
  if (typeof params !== 'object' || params === null || Array.isArray(params)) return values;
  for (const [name, value] of Object.entries(params)) {
    if (name.length > WBT_ELEMENT_MAX_CHARS || !WBT_ELEMENT_PATTERN.test(name)) continue;
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean')
      continue;
    const text = String(value);
    if (text.length > WBT_MAX_VALUE_CHARS) continue;
    values[name] = text;
  }
  return values;
}

/**
 * What to hand over: the elements that changed since the last hand-over, plus the summary
 * elements present, split into chunks of at most the commit limit (each chunk becomes its own
 * commit with the next sequence number, the summary in the last so it is read with the rest).
 */
export function changedValues(
  current: Record<string, string>,
  handedOver: Record<string, string>,
  standard: WbtStandard,
): Record<string, string>[] {
  const summary = new Set(summaryElements(standard));
  const changed: [string, string][] = [];
  const always: [string, string][] = [];
  for (const [name, value] of Object.entries(current)) {
    if (summary.has(name)) always.push([name, value]);
    else if (handedOver[name] !== value) changed.push([name, value]);
  }
  const chunks: Record<string, string>[] = [];
  for (let i = 0; i < changed.length; i += WBT_MAX_VALUES_PER_COMMIT) {
    chunks.push(Object.fromEntries(changed.slice(i, i + WBT_MAX_VALUES_PER_COMMIT)));
  }
  const last = chunks.at(-1);
  if (last && Object.keys(last).length + always.length <= WBT_MAX_VALUES_PER_COMMIT) {
    Object.assign(last, Object.fromEntries(always));
  } else {
    chunks.push(Object.fromEntries(always));
  }
  return chunks;
}

/** The values a SCO starts from: what was stored, plus who the learner is and how it plays. */
export function startingValues(init: {
  standard: WbtStandard;
  cmi: Record<string, string>;
  learner: { id: string; name: string };
  mode: 'normal' | 'browse';
  credit: 'credit' | 'no-credit';
}): Record<string, string> {
  const { cmi } = init;
  if (init.standard === 'scorm2004') {
    const resumes = Boolean(cmi['cmi.suspend_data'] || cmi['cmi.location']);
    return {
      ...cmi,
      'cmi.learner_id': init.learner.id,
      'cmi.learner_name': init.learner.name,
      'cmi.mode': init.mode,
      'cmi.credit': init.credit,
      'cmi.entry': resumes ? 'resume' : 'ab-initio',
    };
  }
  const resumes = Boolean(cmi['cmi.suspend_data'] || cmi['cmi.core.lesson_location']);
  return {
    ...cmi,
    'cmi.core.student_id': init.learner.id,
    'cmi.core.student_name': init.learner.name,
    'cmi.core.lesson_mode': init.mode,
    'cmi.core.credit': init.credit,
    'cmi.core.entry': resumes ? 'resume' : 'ab-initio',
  };
}
