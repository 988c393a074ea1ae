import { useCallback, useEffect, useRef, useState } from 'react';
import type { Attempt } from '@lantern/contracts/learning-work';
import { isApiError } from '../../../lib/api-errors';
import { displayError } from '../../../lib/errors';
import { getMyWork } from '../api/get-my-work';
import { saveDraft, saveDraftOnLeave } from '../api/save-draft';
import { readLocalDraft, removeLocalDraft, writeLocalDraft } from './draft-store';

/** Saved 2 s after typing stops, and at least every 10 s while typing goes on (decision 0019). */
export const QUIET_MS = 2000;
export const MAX_WAIT_MS = 10_000;

export type SaveStatus = 'saved' | 'unsaved' | 'saving' | 'error' | 'conflict';

export type AutosaveState = {
  status: SaveStatus;
  savedAt: string | null;
  error: string | null;
  /** On a conflict: the text saved elsewhere, to show beside the learner's own. */
  serverText: string | null;
};

const newClientId = () => crypto.randomUUID();

/**
 * The answer box's autosave: the text lives in local storage until the server confirms it, is
 * saved after a pause or every 10 s, and once more (keepalive) when the page is hidden. A save
 * that finds the draft changed elsewhere stops and shows both texts; nothing is overwritten.
 */
export function useDraftAutosave(options: {
  itemId: number;
  userId: number;
  draft: Attempt | null;
  /** Saving is refused now (a closed unit, a break): keep the text on the device only. */
  disabled: boolean;
}) {
  const { itemId, userId, disabled } = options;
  const local = readLocalDraft(userId, itemId);
  const serverDraft = options.draft;
  // A device copy newer than the server's draft (an unsent edit) wins over it.
  const initialText =
    local && (!serverDraft || local.version === serverDraft.version)
      ? local.text
      : (serverDraft?.text ?? '');
  const [text, setTextState] = useState(initialText);
  const [state, setState] = useState<AutosaveState>({
    status: initialText !== (serverDraft?.text ?? '') ? 'unsaved' : 'saved',
    savedAt: serverDraft?.updatedAt ?? null,
    error: null,
    serverText: null,
  });
  const ref = useRef({
    text: initialText,
    clientId: serverDraft?.clientId ?? local?.clientId ?? newClientId(),
    version: serverDraft?.version ?? null,
    dirty: initialText !== (serverDraft?.text ?? ''),
    saving: null as Promise<Attempt | null> | null,
    quiet: null as ReturnType<typeof setTimeout> | null,
    maxWait: null as ReturnType<typeof setTimeout> | null,
    stopped: false,
  });

  const clearTimers = () => {
    const r = ref.current;
    if (r.quiet) clearTimeout(r.quiet);
    if (r.maxWait) clearTimeout(r.maxWait);
    r.quiet = null;
    r.maxWait = null;
  };

  const save = useCallback(async (): Promise<Attempt | null> => {
    const r = ref.current;
    clearTimers();
    if (r.saving) await r.saving;
    if (!r.dirty || r.stopped || disabled) return null;
    const sent = r.text;
    setState((s) => ({ ...s, status: 'saving', error: null }));
    r.saving = saveDraft(itemId, {
      clientId: r.clientId,
      version: r.version,
      text: sent,
      clientSavedAt: new Date().toISOString(),
    })
      .then((attempt) => {
        r.version = attempt.version;
        r.clientId = attempt.clientId;
        r.dirty = r.text !== sent;
        if (r.dirty)
          writeLocalDraft(userId, itemId, {
            text: r.text,
            clientId: r.clientId,
            version: r.version,
            at: new Date().toISOString(),
          });
        else removeLocalDraft(userId, itemId);
        setState({
          status: r.dirty ? 'unsaved' : 'saved',
          savedAt: attempt.updatedAt,
          error: null,
          serverText: null,
        });
        return attempt;
      })
      .catch(async (error: unknown) => {
        if (isApiError(error) && error.code === 'STALE_VERSION') {
          r.stopped = true;
          const work = await getMyWork(itemId).catch(() => null);
          setState((s) => ({
            ...s,
            status: 'conflict',
            error: displayError(error),
            serverText: work?.draft?.text ?? work?.attempts.at(-1)?.text ?? '',
          }));
          r.version = work?.draft?.version ?? null;
          r.clientId = work?.draft?.clientId ?? r.clientId;
        } else {
          setState((s) => ({ ...s, status: 'error', error: displayError(error) }));
        }
        return null;
      })
      .finally(() => {
        r.saving = null;
      });
    return r.saving;
  }, [itemId, userId, disabled]);

  const setText = useCallback(
    (value: string) => {
      const r = ref.current;
      r.text = value;
      r.dirty = true;
      setTextState(value);
      writeLocalDraft(userId, itemId, {
        text: value,
        clientId: r.clientId,
        version: r.version,
        at: new Date().toISOString(),
      });
      if (r.stopped) return;
      setState((s) => (s.status === 'saving' ? s : { ...s, status: 'unsaved' }));
      if (r.quiet) clearTimeout(r.quiet);
      r.quiet = setTimeout(() => void save(), QUIET_MS);
      r.maxWait ??= setTimeout(() => void save(), MAX_WAIT_MS);
    },
    [itemId, userId, save],
  );

  /** After a conflict: keep one of the two texts and save it over the stored one. */
  const resolveConflict = useCallback(
    (keep: 'mine' | 'theirs') => {
      const r = ref.current;
      r.stopped = false;
      const chosen = keep === 'mine' ? r.text : (state.serverText ?? '');
      setState((s) => ({ ...s, status: 'unsaved', serverText: null, error: null }));
      setText(chosen);
      void save();
    },
    [save, setText, state.serverText],
  );

  useEffect(() => {
    const onHide = () => {
      const r = ref.current;
      if (document.visibilityState !== 'hidden' || !r.dirty || r.stopped || disabled) return;
      clearTimers();
      saveDraftOnLeave(itemId, {
        clientId: r.clientId,
        version: r.version,
        text: r.text,
        clientSavedAt: new Date().toISOString(),
      });
    };
    document.addEventListener('visibilitychange', onHide);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      clearTimers();
    };
  }, [itemId, disabled]);

  return {
    text,
    setText,
    state,
    save,
    resolveConflict,
    clientId: () => ref.current.clientId,
    version: () => ref.current.version,
    /** Forgets the device copy (after the work is handed in). */
    forget: () => {
      removeLocalDraft(userId, itemId);
      ref.current.dirty = false;
    },
  };
}
