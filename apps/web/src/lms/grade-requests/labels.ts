import type { TFunction } from 'i18next';
import type { GradeEventAction, GradeOutcome } from '@lantern/contracts/learning-enums';
import type {
  GradeRequest,
  GradeRequestKind,
  GradeRequestState,
} from '@lantern/contracts/grade-requests';

/** Points without trailing zeros: 7, 7.5, 7.25 (as teaching/labels.ts writes them; not
 * imported, which would bring that area's styles into these chunks). */
export const pointsText = (points: number | null): string =>
  points === null ? '' : String(Math.round(points * 100) / 100);

/** Labels, never the stored values (the English of contracts' *_LABELS, translatable). */
export const kindLabel = (t: TFunction, kind: GradeRequestKind): string =>
  ({
    undo_publish: t('requests.kind.undo_publish', 'Undo publish'),
    grade_change: t('requests.kind.grade_change', 'Grade change'),
  })[kind];

export const stateLabel = (t: TFunction, state: GradeRequestState): string =>
  ({
    open: t('requests.state.open', 'Open'),
    approved: t('requests.state.approved', 'Approved'),
    declined: t('requests.state.declined', 'Declined'),
    withdrawn: t('requests.state.withdrawn', 'Withdrawn'),
  })[state];

export const STATE_COLORS: Record<GradeRequestState, string> = {
  open: 'blue.8',
  approved: 'green.9',
  declined: 'red.9',
  withdrawn: 'gray.7',
};

/** A grade as people read it: "7 of 10", "Returned for rework", or "—" for none. */
export function valueText(
  t: TFunction,
  value: { points: number | null; outcome: GradeOutcome | null },
  max: number,
): string {
  if (value.outcome === 'returned') return t('requests.value.returned', 'Returned for rework');
  if (value.points === null) return '—';
  return t('requests.value.points', '{{points}} of {{max}}', {
    points: pointsText(value.points),
    max: pointsText(max),
  });
}

/** What the request asks for: "7 of 10 → 9 of 10", or "7 of 10 → not published". */
export function changeText(t: TFunction, r: GradeRequest): string {
  const from = valueText(t, r.from, r.maxPoints);
  const to =
    r.to === null
      ? t('requests.value.unpublished', 'not published')
      : valueText(t, r.to, r.maxPoints);
  return `${from} → ${to}`;
}

/** The subject: "BUS101 · Essay 2", or "BUS101 · Course result". */
export const subjectText = (t: TFunction, r: GradeRequest): string =>
  `${r.course.code} · ${r.item ? r.item.title : t('requests.courseResult', 'Course result')}`;

export const studentName = (r: GradeRequest): string =>
  `${r.student.firstName} ${r.student.lastName}`;

/** A ledger event's action in words, for a request's history. */
export const eventActionLabel = (t: TFunction, action: GradeEventAction): string =>
  ({
    save: t('requests.event.save', 'Saved'),
    publish: t('requests.event.publish', 'Published'),
    override: t('requests.event.override', 'Changed after publishing'),
    transfer_in: t('requests.event.transfer_in', 'Moved in from a merged account'),
    transfer_out: t('requests.event.transfer_out', 'Moved to a merged account'),
    auto: t('requests.event.auto', 'Graded automatically'),
    unpublish: t('requests.event.unpublish', 'Unpublished'),
    change: t('requests.event.change', 'Changed'),
    finalise: t('requests.event.finalise', 'Finalised'),
    reopen: t('requests.event.reopen', 'Reopened'),
  })[action];
