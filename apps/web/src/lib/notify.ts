import { notifications } from '@mantine/notifications';
import { ERROR_TEXTS } from '@lantern/contracts/messages';

/** Every form reports its submit (spec §8): 'Successfully updated' or 'Error while updating'. */
export function notifySubmitSuccess(): void {
  notifications.show({ color: 'green', message: ERROR_TEXTS.submitSuccess, autoClose: 4000 });
}

export function notifySubmitError(detail?: string): void {
  if (detail) notifications.show({ color: 'red', title: ERROR_TEXTS.submitError, message: detail, autoClose: 8000 });
  else notifications.show({ color: 'red', message: ERROR_TEXTS.submitError, autoClose: 8000 });
}
