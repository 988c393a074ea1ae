import type { Db } from '@lantern/db/client';
import {
  enteredResults,
  finalResults,
  finishedEnrolments,
  schemaOf,
} from './results-ledger.repository';
import { computedResults } from '../learning/teaching/public';
import { applyResultEvents, type ResultEntry } from '../learning/teaching/public';

// A programme's course results when it finishes and when it is reopened (decision 0021): at the
// finish every result becomes final in the ledger — the entered ones as they are, the grade
// book's copied in as they are that day — and reopening makes them editable again.

type By = { actorId: number; impersonatorId: number | null };

/** In the finish's transaction: every passed or failed student's results become final. */
export async function finaliseResults(tx: Db, programmeId: number, by: By): Promise<number> {
  const schema = await schemaOf(tx, programmeId);
  if (!schema) return 0;
  const scaleMax = Number(schema.scale_max);
  const [enrolments, computed] = await Promise.all([
    finishedEnrolments(tx, programmeId),
    computedResults(tx, programmeId, scaleMax),
  ]);
  const finished = new Set(enrolments.map((e) => e.id));
  const entered = await enteredResults(tx, programmeId);
  const entries: ResultEntry[] = entered
    .filter((r) => !computed.has(r.course_id) && finished.has(r.enrolment_id))
    .map((r) => ({ enrolmentId: r.enrolment_id, courseId: r.course_id }));
  for (const [courseId, byStudent] of computed)
    for (const e of enrolments) {
      const score = byStudent.get(e.user_id);
      if (score !== undefined && score !== null)
        entries.push({ enrolmentId: e.id, courseId, score, source: 'computed' });
    }
  return applyResultEvents(tx, {
    action: 'finalise',
    entries,
    schema: { id: schema.id, version: schema.version, scaleMax },
    actorId: by.actorId,
    impersonatorId: by.impersonatorId,
    reason: 'The programme finished.',
  });
}

/** In the reopening's transaction: the final results become editable again. */
export async function reopenResults(tx: Db, programmeId: number, by: By): Promise<number> {
  const schema = await schemaOf(tx, programmeId);
  if (!schema) return 0;
  const final = await finalResults(tx, programmeId);
  return applyResultEvents(tx, {
    action: 'reopen',
    entries: final.map((r) => ({ enrolmentId: r.enrolment_id, courseId: r.course_id })),
    schema: { id: schema.id, version: schema.version, scaleMax: Number(schema.scale_max) },
    actorId: by.actorId,
    impersonatorId: by.impersonatorId,
    reason: 'The programme was reopened.',
  });
}
