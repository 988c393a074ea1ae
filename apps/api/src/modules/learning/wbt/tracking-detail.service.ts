import type { Db } from '@lantern/db/client';
import type { WbtAttemptDetail } from '@lantern/contracts/wbt';
import type { AuthContext } from '../../../plugins/auth';
import { notFound } from '../../../lib/errors';
import { toSummary } from './tracking-attempts.repository';
import {
  findDetailAttempt,
  findDetailAttemptOfSubmission,
  findInteractionValues,
  findScoStateScores,
  type DetailAttemptRow,
} from './tracking-detail.repository';

/** A training attempt as the grade page shows it: its parts' states and its interactions. */

export async function attemptDetail(
  deps: { db: Db },
  auth: AuthContext,
  attemptId: number,
): Promise<WbtAttemptDetail> {
  return detailOf(deps.db, await findDetailAttempt(deps.db, auth, attemptId));
}

/**
 * The attempt a training's hand-in came from: the grade page knows the submission, not the
 * attempt. 404 when the submission is not a training's or its learner is out of reach.
 */
export async function attemptOfSubmission(
  deps: { db: Db },
  auth: AuthContext,
  submissionId: number,
): Promise<WbtAttemptDetail> {
  return detailOf(deps.db, await findDetailAttemptOfSubmission(deps.db, auth, submissionId));
}

type InteractionField = 'id' | 'type' | 'description' | 'response' | 'correctPattern' | 'result';

/** An interaction element's index and the field of the grade page's row it fills. */
export function interactionField(name: string): { index: number; name: InteractionField } | null {
  const m =
    /^cmi\.interactions\.(\d+)\.(id|type|description|result|student_response|learner_response|correct_responses\.0\.pattern)$/.exec(
      name,
    );
  if (!m) return null;
  const field = m[2] ?? '';
  const mapped: InteractionField =
    field === 'student_response' || field === 'learner_response'
      ? 'response'
      : field === 'correct_responses.0.pattern'
        ? 'correctPattern'
        : (field as InteractionField);
  return { index: Number(m[1]), name: mapped };
}

async function detailOf(db: Db, a: DetailAttemptRow | undefined): Promise<WbtAttemptDetail> {
  if (!a) throw notFound('The attempt');
  const attemptId = Number(a.id);
  const states = await findScoStateScores(db, attemptId);
  const byIndex = new Map(states.map((s) => [s.sco, s]));
  const interactions = await findInteractionValues(db, attemptId);
  const found = new Map<string, WbtAttemptDetail['interactions'][number]>();
  for (const r of interactions) {
    const field = interactionField(r.name);
    if (!field) continue;
    const key = `${r.sco}.${field.index}`;
    const row = found.get(key) ?? {
      sco: r.sco,
      index: field.index,
      id: '',
      type: null,
      description: null,
      response: null,
      correctPattern: null,
      result: null,
    };
    if (field.name === 'id') row.id = r.value;
    else row[field.name] = r.value;
    found.set(key, row);
  }
  return {
    attempt: toSummary(a),
    itemId: a.item_id,
    studentId: a.student_id,
    scos: a.scos.map((s) => {
      const st = byIndex.get(s.index);
      return {
        index: s.index,
        title: s.title,
        completion: st?.completion ?? 'unknown',
        success: st?.success ?? 'unknown',
        scoreScaled: st?.score_scaled == null ? null : Number(st.score_scaled),
      };
    }),
    interactions: [...found.values()].sort((x, y) => x.sco - y.sco || x.index - y.index),
  };
}
