import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, RTL_LANGUAGES, SWITCHER_LANGUAGES } from '@lantern/contracts/constants';
import { ERROR_TEXTS, NETWORK_ERROR_KEYS } from '@lantern/contracts/messages';

/* User-facing texts are English (spec §1); es and ar are prepared and fall back to en. Only
 * the keys the client produces itself are translated: server details are shown as is. */
const en = {
  [NETWORK_ERROR_KEYS.serverError]: ERROR_TEXTS.serverError,
  [NETWORK_ERROR_KEYS.configurationError]: ERROR_TEXTS.configurationError,
};

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...SWITCHER_LANGUAGES],
  resources: { en: { translation: en }, es: { translation: {} }, ar: { translation: {} } },
  // The keys contain dots; they are flat keys, not paths.
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  initAsync: false,
});

export const isRtl = (language: string): boolean =>
  (RTL_LANGUAGES as readonly string[]).includes(language);

/** Switches the language (lms mode only) and the document direction with it. */
export async function changeLanguage(language: string): Promise<void> {
  await i18n.changeLanguage(language);
  document.documentElement.lang = language;
  document.documentElement.dir = isRtl(language) ? 'rtl' : 'ltr';
}
