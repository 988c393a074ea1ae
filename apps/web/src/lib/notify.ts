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

function show(notice: Notice): void {
  // Below a title, Mantine greys the message to gray 6 (3.3:1 on white); gray 7 passes AA.
  void request().then(({ notifications }) =>
    notifications.show({
      ...notice,
      closeButtonProps: CLOSE_LABEL,
      styles: { description: { color: 'var(--mantine-color-gray-7)' } },
    }),
  );
}

/** Every form reports its submit (spec §8): 'Successfully updated' or 'Error while updating'. */
export function notifySubmitSuccess(): void {
  show({ color: 'green', message: ERROR_TEXTS.submitSuccess, autoClose: 4000 });
}

export function notifySubmitError(detail?: string): void {
  if (detail)
    show({ color: 'red', title: ERROR_TEXTS.submitError, message: detail, autoClose: 8000 });
  else show({ color: 'red', message: ERROR_TEXTS.submitError, autoClose: 8000 });
}

/** A form its schema refused was not sent; it still ends in 'Error while updating', and the
 * messages stand by their fields. */
export function notifyInvalid(): void {
  notifySubmitError();
}
