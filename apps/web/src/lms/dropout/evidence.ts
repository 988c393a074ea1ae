import {
  EXCLUSION_REASON_LABELS,
  type DropoutCriterion,
  type Evidence,
} from '@lantern/contracts/dropout';

type Task = { id: number; title: string; course: string };

const pct = (share: number) => `${Math.round(share * 100)} %`;
const weeks = (n: number) => `${n.toFixed(1).replace(/\.0$/, '')} ${n === 1 ? 'week' : 'weeks'}`;

/** Why a student is flagged, as one sentence a facilitator reads (not codes). */
export function evidenceSentence(criterion: DropoutCriterion, e: Evidence, tasks: Task[]): string {
  const ratio = e.ratio ?? 0;
  const n = e.counted.length;
  switch (criterion) {
    case 'missed_tasks':
      return `Missed ${Math.round(ratio * n)} of ${n} graded ${n === 1 ? 'task' : 'tasks'} due so far (${pct(ratio)}); this item flags from ${pct(e.threshold)}.`;
    case 'failed_tasks':
      return `Failed ${Math.round(ratio * n)} of ${n} published ${n === 1 ? 'grade' : 'grades'} (${pct(ratio)}); this item flags from ${pct(e.threshold)}.`;
    case 'below_grade': {
      const course = tasks.find((t) => e.counted.includes(t.id))?.course ?? 'a course';
      return `The result so far in ${course} is ${pct(ratio)} of the scale; this item flags below ${pct(e.threshold)}.`;
    }
    case 'inactive':
      return `No submission and no progress for ${weeks(e.weeksInactive ?? ratio)}; this item flags from ${weeks(e.threshold)}.`;
  }
}

/** The tasks the figures rest on, and those left out with why. */
export function evidenceTasks(e: Evidence, tasks: Task[]) {
  const named = new Map(tasks.map((t) => [t.id, t]));
  const title = (id: number) => named.get(id)?.title ?? `Task ${id}`;
  return {
    counted: e.counted.map(title),
    excluded: e.excluded.map((x) => `${title(x.itemId)}: ${EXCLUSION_REASON_LABELS[x.why]}`),
  };
}

const when = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'UTC',
});

/** How fresh the figures are. */
export const dataAsOf = (e: Evidence) =>
  `Data as of ${when.format(new Date(e.dataAsOf))} UTC${
    e.lastSyncAt ? `; last sync ${when.format(new Date(e.lastSyncAt))} UTC` : ''
  }.`;
