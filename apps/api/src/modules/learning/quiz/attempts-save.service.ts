import type { Db } from '@lantern/db/client';
import type {
  AutosaveInput,
  AutosaveResult,
  FinishInput,
  FinishResult,
  QuizResponse,
  ResponseInput,
} from '@lantern/contracts/quiz';
import type { AuthContext } from '../../../plugins/auth';
import type { Deps } from '../../../lib/deps';
import { AppError, badRequest, invalidFields, notFound } from '../../../lib/errors';
import { checkResponse } from './responses';
import { layoutQuestions, questionOf } from './attempt-store';
import {
  findAttempt,
  findAttemptToSave,
  findLastSavedAt,
  findOwnedFiles,
  type AttemptRow,
} from './quiz-attempts.repository';
import {
  autosaveAttempt,
  lockAttemptToFinish,
  saveResponses,
  type SavedResponse,
} from './quiz-attempts-write.repository';
import { GRACE_SECONDS } from './sessions.service';
import { IMPERSONATING, iso, timeText } from './attempts-session.service';
import { finishInTx, finishResult } from './attempts-finish.service';

// Saving answers (decision 0020 §3.4): autosave in one guarded statement (an older save never
// overwrites a newer one), refused after the time limit with 30 s of grace for the link; and
// the learner's finish with the last answers.

/** ownAttempt with its quiz's navigation, in one read (a save's only read). */
async function ownAttemptToSave(db: Db, auth: AuthContext, attemptId: number) {
  const a = await findAttemptToSave(db, attemptId);
  if (!a || a.student_id !== auth.user.jwlId) throw notFound('The attempt');
  const navigation: 'free' | 'sequential' = a.navigation === 'sequential' ? 'sequential' : 'free';
  return { a, navigation };
}

// ---------------------------------------------------------------- autosave

type CheckedResponse = SavedResponse;

/** Each response checked against its slot's question; 400 with the sentence otherwise. */
export async function checkResponses(
  db: Db,
  a: AttemptRow,
  input: ResponseInput[],
  studentId: number,
): Promise<CheckedResponse[]> {
  if (input.length === 0) return [];
  const questions = await layoutQuestions(db, a.layout);
  const out: CheckedResponse[] = [];
  const seen = new Set<number>();
  for (const r of input) {
    const l = a.layout[r.slot];
    if (!l || seen.has(r.slot)) throw badRequest('This answer is for no question of the attempt.');
    seen.add(r.slot);
    if (r.response === null) {
      out.push({ slot: r.slot, response: null, fileId: null, flagged: r.flagged ?? false });
      continue;
    }
    const checked = checkResponse(questionOf(questions, l), r.response);
    if (!checked.ok) throw invalidFields({ [`responses.${String(r.slot)}`]: checked.reason });
    const fileId = (checked.response as { fileId?: string | null }).fileId ?? null;
    const { fileId: _drop, ...rest } = checked.response as { fileId?: string | null };
    out.push({ slot: r.slot, response: rest as QuizResponse, fileId, flagged: r.flagged ?? false });
  }
  const files = out.flatMap((o) => (o.fileId ? [o.fileId] : []));
  if (files.length > 0) {
    const owned = await findOwnedFiles(db, files, studentId);
    if (owned.length !== new Set(files).size)
      throw badRequest('The recording was not found: record it again.');
  }
  return out;
}

const sequential = () => new AppError(409, 'QUIZ_SEQUENTIAL', 'This quiz goes forward only.');

function assertForward(
  a: AttemptRow,
  navigation: 'free' | 'sequential',
  responses: CheckedResponse[],
) {
  if (navigation !== 'sequential') return;
  for (const r of responses) {
    const l = a.layout[r.slot];
    if (l && l.page < a.current_page) throw sequential();
  }
}

async function timeUp(db: Db, attemptId: number): Promise<AppError> {
  const last = await findLastSavedAt(db, attemptId);
  const at = last?.at ? new Date(last.at) : null;
  return new AppError(
    409,
    'QUIZ_TIME_UP',
    at
      ? `Time is up: your answers saved until ${timeText(at)} were handed in.`
      : 'Time is up: the attempt was handed in without answers.',
  );
}

export async function autosave(
  deps: Deps,
  auth: AuthContext,
  attemptId: number,
  input: AutosaveInput,
): Promise<AutosaveResult> {
  if (auth.impersonating) throw IMPERSONATING();
  const db = deps.db;
  const { a, navigation } = await ownAttemptToSave(db, auth, attemptId);
  if (a.status === 'finished') {
    if (a.finished_by === 'timeout') throw await timeUp(db, attemptId);
    throw new AppError(409, 'QUIZ_CLOSED', 'This attempt is handed in already.');
  }
  const responses = await checkResponses(db, a, input.responses, auth.user.jwlId);
  assertForward(a, navigation, responses);
  const maxPage = a.layout.reduce((n, l) => Math.max(n, l.page), 0);
  const page = Math.min(input.page, maxPage);
  if (navigation === 'sequential' && page < a.current_page) throw sequential();
  // One statement: guarded by owner, in progress and the deadline with its grace.
  const row = await autosaveAttempt(
    db,
    attemptId,
    auth.user.jwlId,
    { seq: input.seq, page, graceSeconds: GRACE_SECONDS },
    responses,
  );
  if (!row) {
    // Past the deadline and its grace: what was saved is handed in.
    await db.transaction((tx) => finishInTx(tx, attemptId, 'timeout'));
    const fresh = await findAttempt(db, attemptId);
    if (fresh?.finished_by === 'timeout') throw await timeUp(db, attemptId);
    throw new AppError(409, 'QUIZ_CLOSED', 'This attempt is handed in already.');
  }
  const now = new Date(row.now);
  return {
    lastSeq: row.last_seq,
    savedAt: now.toISOString(),
    serverNow: now.toISOString(),
    deadlineAt: iso(row.deadline_at),
  };
}

/**
 * The learner's finish: the last save and the finish in one transaction. A finished attempt
 * answers its result again, whoever finished it (idempotent, also when sent twice at once).
 */
export async function finish(
  deps: Deps,
  auth: AuthContext,
  attemptId: number,
  input: FinishInput,
): Promise<FinishResult> {
  if (auth.impersonating) throw IMPERSONATING();
  const db = deps.db;
  const { a, navigation } = await ownAttemptToSave(db, auth, attemptId);
  if (a.status === 'finished') return finishResult(db, a);
  const responses = await checkResponses(db, a, input.responses ?? [], auth.user.jwlId);
  assertForward(a, navigation, responses);
  await db.transaction(async (tx) => {
    const locked = await lockAttemptToFinish(tx, attemptId, GRACE_SECONDS);
    if (!locked || locked.status === 'finished') return;
    if (!locked.late_ok) {
      await finishInTx(tx, attemptId, 'timeout');
      return;
    }
    if (responses.length > 0)
      await saveResponses(tx, attemptId, Math.max(input.seq, locked.last_seq + 1), responses);
    await finishInTx(tx, attemptId, 'learner', { checkEssays: true });
  });
  const done = await findAttempt(db, attemptId);
  if (!done) throw notFound('The attempt');
  return finishResult(db, done);
}
