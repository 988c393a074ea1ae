import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../../lib/api-errors';
import { displayError } from '../../../lib/errors';
import { readLocalQuiz, removeLocalQuiz, writeLocalQuiz, type PendingAnswer } from './quiz-store';

/** Saved 2 s after an answer changes, and at the latest every 30 s while answers keep changing
 * (decision 0020 §3.4); a failed save is tried again after 10 s. */
export const QUIET_MS = 2000;
export const MAX_WAIT_MS = 30_000;
export const RETRY_MS = 10_000;

export type SlotAnswer<R> = { response: R | null; flagged: boolean };
export type SaveInput<R> = {
  seq: number;
  page: number;
  responses: { slot: number; response: R | null; flagged: boolean }[];
};
export type SaveResult = { lastSeq: number; savedAt: string | null };
export type QuizSaveStatus = 'saved' | 'unsaved' | 'saving' | 'error';

type Options<R> = {
  userId: number;
  attemptId: number;
  /** The server's copy: answers by slot, its last save number and when it was saved. */
  answers: Record<number, SlotAnswer<R>>;
  lastSeq: number;
  savedAt: string | null;
  page: number;
  send: (input: SaveInput<R>) => Promise<SaveResult>;
  /** The same save as the page is left (keepalive): best effort, the device copy stays. */
  sendOnLeave: (input: SaveInput<R>) => void;
  /** The server refused a save because time is up: the attempt is handed in. */
  onTimeUp: (message: string) => void;
};

/**
 * A quiz attempt's answers and their autosave. Every change is kept on the device at once and
 * sent after a pause; each save carries a number above every earlier one, so the server keeps
 * the newest whatever order requests arrive in. On return (a reload, a closed tab) the device's
 * unconfirmed answers the server has not seen (`seq` above its `lastSeq`) win and are resent,
 * and numbering goes on from the higher of the two counters.
 */
export function useQuizAutosave<R>(options: Options<R>) {
  const { userId, attemptId } = options;
  const [initial] = useState(() => {
    const local = readLocalQuiz<R>(userId, attemptId);
    const answers = { ...options.answers };
    const pending: Record<string, PendingAnswer<R>> = {};
    for (const [slot, entry] of Object.entries(local?.pending ?? {})) {
      if (entry.seq !== null && entry.seq <= options.lastSeq) continue;
      pending[slot] = { ...entry, seq: null };
      answers[Number(slot)] = { response: entry.response, flagged: entry.flagged };
    }
    return {
      answers,
      pending,
      counter: Math.max(local?.counter ?? 0, options.lastSeq),
      page: local && Object.keys(pending).length > 0 ? local.page : options.page,
    };
  });
  const [answers, setAnswers] = useState(initial.answers);
  const [page, setPageState] = useState(initial.page);
  const hasPending = Object.keys(initial.pending).length > 0;
  const [state, setState] = useState<{
    status: QuizSaveStatus;
    savedAt: string | null;
    error: string | null;
  }>({ status: hasPending ? 'unsaved' : 'saved', savedAt: options.savedAt, error: null });
  const ref = useRef({
    pending: initial.pending,
    counter: initial.counter,
    page: initial.page,
    pageDirty: false,
    saving: null as Promise<boolean> | null,
    quiet: null as ReturnType<typeof setTimeout> | null,
    maxWait: null as ReturnType<typeof setTimeout> | null,
    stopped: false,
  });
  const sendRef = useRef(options);
  useEffect(() => {
    sendRef.current = options;
  });
  /** The latest `save`, for timers set before it was made. */
  const saveRef = useRef<() => Promise<boolean>>(() => Promise.resolve(true));

  const persist = useCallback(() => {
    const r = ref.current;
    if (Object.keys(r.pending).length === 0 && !r.pageDirty) removeLocalQuiz(userId, attemptId);
    else
      writeLocalQuiz(userId, attemptId, { counter: r.counter, page: r.page, pending: r.pending });
  }, [userId, attemptId]);

  const clearTimers = () => {
    const r = ref.current;
    if (r.quiet) clearTimeout(r.quiet);
    if (r.maxWait) clearTimeout(r.maxWait);
    r.quiet = null;
    r.maxWait = null;
  };

  /** What the next save sends: every unconfirmed answer, under a new number. */
  const nextInput = useCallback((): SaveInput<R> => {
    const r = ref.current;
    r.counter += 1;
    const responses = Object.entries(r.pending).map(([slot, entry]) => {
      entry.seq = r.counter;
      return { slot: Number(slot), response: entry.response, flagged: entry.flagged };
    });
    persist();
    return { seq: r.counter, page: r.page, responses };
  }, [persist]);

  const schedule = useCallback((delay: number) => {
    const r = ref.current;
    if (r.quiet) clearTimeout(r.quiet);
    r.quiet = setTimeout(() => void saveRef.current(), delay);
    r.maxWait ??= setTimeout(() => void saveRef.current(), MAX_WAIT_MS);
  }, []);

  const save = useCallback(async (): Promise<boolean> => {
    const r = ref.current;
    clearTimers();
    if (r.saving) await r.saving;
    if (r.stopped) return false;
    if (Object.keys(r.pending).length === 0 && !r.pageDirty) return true;
    const input = nextInput();
    r.pageDirty = false;
    setState((s) => ({ ...s, status: 'saving', error: null }));
    r.saving = sendRef.current
      .send(input)
      .then((result) => {
        // An answer changed again while this save was under way keeps its place in the queue.
        r.pending = Object.fromEntries(
          Object.entries(r.pending).filter(([, e]) => e.seq === null || e.seq > input.seq),
        );
        persist();
        const dirty = Object.keys(r.pending).length > 0;
        setState({ status: dirty ? 'unsaved' : 'saved', savedAt: result.savedAt, error: null });
        return true;
      })
      .catch((error: unknown) => {
        r.pageDirty = true;
        if (isApiError(error) && String(error.code) === 'QUIZ_TIME_UP') {
          r.stopped = true;
          removeLocalQuiz(userId, attemptId);
          sendRef.current.onTimeUp(displayError(error));
        } else {
          setState((s) => ({ ...s, status: 'error', error: displayError(error) }));
          // Only a lost link is worth retrying on its own; a refusal waits for the next change.
          if (!isApiError(error) || error.kind !== 'response') schedule(RETRY_MS);
        }
        return false;
      })
      .finally(() => {
        r.saving = null;
      });
    return r.saving;
  }, [attemptId, userId, nextInput, persist, schedule]);
  useEffect(() => {
    saveRef.current = save;
  }, [save]);

  const change = useCallback(
    (slot: number, update: (current: SlotAnswer<R>) => SlotAnswer<R>) => {
      const r = ref.current;
      if (r.stopped) return;
      setAnswers((all) => {
        const next = update(all[slot] ?? { response: null, flagged: false });
        r.pending[String(slot)] = { ...next, seq: null };
        persist();
        return { ...all, [slot]: next };
      });
      setState((s) => (s.status === 'saving' ? s : { ...s, status: 'unsaved' }));
      schedule(QUIET_MS);
    },
    [persist, schedule],
  );

  const setResponse = useCallback(
    (slot: number, response: R | null) => change(slot, (a) => ({ ...a, response })),
    [change],
  );
  const setFlagged = useCallback(
    (slot: number, flagged: boolean) => change(slot, (a) => ({ ...a, flagged })),
    [change],
  );
  /** Moving to another page saves at once (the server keeps the page to come back to). */
  const setPage = useCallback(
    (next: number) => {
      const r = ref.current;
      if (next === r.page) return;
      r.page = next;
      r.pageDirty = true;
      setPageState(next);
      persist();
      void save();
    },
    [persist, save],
  );

  useEffect(() => {
    const onLeave = (event: Event) => {
      const r = ref.current;
      if (event.type === 'visibilitychange' && document.visibilityState !== 'hidden') return;
      if (r.stopped || (Object.keys(r.pending).length === 0 && !r.pageDirty)) return;
      clearTimers();
      r.pageDirty = false;
      sendRef.current.sendOnLeave(nextInput());
    };
    document.addEventListener('visibilitychange', onLeave);
    window.addEventListener('pagehide', onLeave);
    return () => {
      document.removeEventListener('visibilitychange', onLeave);
      window.removeEventListener('pagehide', onLeave);
      clearTimers();
    };
  }, [nextInput]);

  return {
    answers,
    page,
    state,
    setResponse,
    setFlagged,
    setPage,
    save,
    /** The body of a finish: the unconfirmed answers under a new number (sent with it). */
    finishInput: nextInput,
    /** Stops saving and forgets the device copy (the attempt is handed in). */
    stop: () => {
      ref.current.stopped = true;
      clearTimers();
      removeLocalQuiz(userId, attemptId);
    },
  };
}
