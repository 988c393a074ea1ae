import { DRAFT_KEY_PREFIX } from '../../../lib/storage';

/** An answer not yet confirmed by the server, kept on the device under the user and the task. */
export type LocalDraft = { text: string; clientId: string; version: number | null; at: string };

const key = (userId: number, itemId: number) => `${DRAFT_KEY_PREFIX}${userId}:${itemId}`;

export function readLocalDraft(userId: number, itemId: number): LocalDraft | null {
  try {
    const raw = window.localStorage.getItem(key(userId, itemId));
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<LocalDraft>;
    return typeof value.text === 'string' && typeof value.clientId === 'string'
      ? {
          text: value.text,
          clientId: value.clientId,
          version: typeof value.version === 'number' ? value.version : null,
          at: typeof value.at === 'string' ? value.at : '',
        }
      : null;
  } catch {
    return null;
  }
}

export function writeLocalDraft(userId: number, itemId: number, draft: LocalDraft): void {
  try {
    window.localStorage.setItem(key(userId, itemId), JSON.stringify(draft));
  } catch {
    // Full or unavailable storage: the server save still runs.
  }
}

export function removeLocalDraft(userId: number, itemId: number): void {
  try {
    window.localStorage.removeItem(key(userId, itemId));
  } catch {
    // Nothing was kept.
  }
}
