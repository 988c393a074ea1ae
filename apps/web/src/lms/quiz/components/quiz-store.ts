import { QUIZ_KEY_PREFIX } from '../../../lib/storage';

/**
 * Answers of a quiz attempt the server has not confirmed yet, kept on the device under the user
 * and the attempt (decision 0020 §3.4): a closed tab or a lost link resends them on return.
 * `seq` of an entry is the save that last carried it (null: never sent); `counter` the highest
 * save number this device used.
 */
export type PendingAnswer<R> = { response: R | null; flagged: boolean; seq: number | null };
export type LocalQuiz<R> = {
  counter: number;
  page: number;
  pending: Record<string, PendingAnswer<R>>;
};

const key = (userId: number, attemptId: number) => `${QUIZ_KEY_PREFIX}${userId}:${attemptId}`;

export function readLocalQuiz<R>(userId: number, attemptId: number): LocalQuiz<R> | null {
  try {
    const raw = window.localStorage.getItem(key(userId, attemptId));
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<LocalQuiz<R>>;
    if (typeof value.counter !== 'number' || typeof value.pending !== 'object') return null;
    return {
      counter: value.counter,
      page: typeof value.page === 'number' ? value.page : 0,
      pending: value.pending,
    };
  } catch {
    return null;
  }
}

export function writeLocalQuiz<R>(userId: number, attemptId: number, value: LocalQuiz<R>): void {
  try {
    window.localStorage.setItem(key(userId, attemptId), JSON.stringify(value));
  } catch {
    // Full or unavailable storage: the server save still runs.
  }
}

export function removeLocalQuiz(userId: number, attemptId: number): void {
  try {
    window.localStorage.removeItem(key(userId, attemptId));
  } catch {
    // Nothing was kept.
  }
}
