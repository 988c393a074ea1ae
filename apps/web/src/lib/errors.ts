import { NETWORK_ERROR_KEYS } from '@lantern/contracts/messages';
import { isApiError } from './api-errors';
import { i18n } from './i18n';

const KEYS: ReadonlySet<string> = new Set(Object.values(NETWORK_ERROR_KEYS));

/** The text shown for any failure: a server detail as is, a network key translated. */
export function displayError(error: unknown): string {
  if (isApiError(error)) return KEYS.has(error.message) ? i18n.t(error.message) : error.message;
  return i18n.t(NETWORK_ERROR_KEYS.configurationError);
}
