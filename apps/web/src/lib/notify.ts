import { useSyncExternalStore } from 'react';
import { ERROR_TEXTS } from '@lantern/contracts/messages';
import { CLOSE_LABEL } from './a11y';

/* @mantine/notifications (with its transitions and scroll lock) is loaded with the first
 * notification: the sign-in page stays small. */
const loadHost = () => import('../components/notifications-host');

let isRequested = false;
const listeners = new Set<() => void>();

function request(): ReturnType<typeof loadHost> {
  if (!isRequested) {
    isRequested = true;
    listeners.forEach((listener) => {
      listener();
    });
  }
  return loadHost();
}

/** Whether the container has been asked for (the provider then mounts it). */
export function useNotificationsRequested(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => isRequested,
    () => isRequested,
  );
}

type Notice = { color: 'green' | 'red'; title?: string; message: string; autoClose: number };

/** What a toast says when something went through and when it did not. Forms that update a
 * record keep the spec's two texts (§8); others say what happened ("Student created"). */
export type OutcomeTexts = { success: string; failure: string };

export const UPDATE_TEXTS: OutcomeTexts = {
  success: ERROR_TEXTS.submitSuccess,
  failure: ERROR_TEXTS.submitError,
};

/** Texts for an action: `outcomeTexts('Student created', 'The student was not created')`. */
export const outcomeTexts = (success: string, failure: string): OutcomeTexts => ({
  success,
  failure,
});

/** The failure toasts on screen, by form: they are about the page they were shown on. */
const pageNotices = new Set<string>();

function show(form: string, notice: Notice): void {
  if (notice.color === 'red') pageNotices.add(form);
  else pageNotices.delete(form);
  void request().then(({ notifications }) => {
    // One toast per form: the new outcome replaces the last, so a red one never stays beside
    // the green one that followed it.
    notifications.hide(form);
    notifications.show({
      ...notice,
      id: form,
      closeButtonProps: CLOSE_LABEL,
      // Below a title, Mantine greys the message to gray 6 (3.3:1 on white); gray 7 passes AA.
      styles: { description: { color: 'var(--mantine-color-gray-7)' } },
    });
  });
}

/** A form's (or an action's) success; `form` names it, so its next toast replaces this one. */
export function notifySuccess(form: string, texts: OutcomeTexts = UPDATE_TEXTS): void {
  show(form, { color: 'green', message: texts.success, autoClose: 4000 });
}

/** A failure: the headline, and the server's detail below it when there is one. */
export function notifyFailure(
  form: string,
  detail?: string,
  texts: OutcomeTexts = UPDATE_TEXTS,
): void {
  if (detail && detail !== texts.failure)
    show(form, { color: 'red', title: texts.failure, message: detail, autoClose: 8000 });
  else show(form, { color: 'red', message: texts.failure, autoClose: 8000 });
}

/** A form its schema refused was not sent; it still ends in its failure text, and the messages
 * stand by their fields. Made for react-hook-form's `handleSubmit(onValid, onInvalid)`. */
export const notifyInvalid =
  (form: string, texts: OutcomeTexts = UPDATE_TEXTS) =>
  (): void => {
    notifyFailure(form, undefined, texts);
  };

/** Takes the failure toasts of the page away (the page was left): a failure belongs to the page
 * it happened on, while a success may announce the page an action led to ("Student created"). */
export function clearPageNotices(): void {
  if (pageNotices.size === 0) return;
  const forms = [...pageNotices];
  pageNotices.clear();
  void loadHost().then(({ notifications }) => {
    forms.forEach((form) => {
      // A failure shown again since (on the new page) stays.
      if (!pageNotices.has(form)) notifications.hide(form);
    });
  });
}

type RouterLike = {
  state: { location: { pathname: string } };
  subscribe: (listener: (state: { location: { pathname: string } }) => void) => () => void;
};

/** The one rule for leaving a page: every move to another address clears its failure toasts. */
export function clearNoticesOnNavigation(router: RouterLike): () => void {
  let pathname = router.state.location.pathname;
  return router.subscribe((state) => {
    if (state.location.pathname === pathname) return;
    pathname = state.location.pathname;
    clearPageNotices();
  });
}
