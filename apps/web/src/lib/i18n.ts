import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, RTL_LANGUAGES } from '@lantern/contracts/constants';
import { ERROR_TEXTS, NETWORK_ERROR_KEYS } from '@lantern/contracts/messages';
import en from '../locales/en.json';
import { setLocale } from './app-store';

/* User-facing texts are English (spec §1). lms screens take their texts through t() with the
 * English in locales/en.json; another language is a file beside it (locales/<lang>.json), loaded
 * when first chosen, and any key it lacks falls back to English. Server details are shown as
 * they come. */
type Resource = Record<string, string>;

const ENGLISH: Resource = {
  ...en,
  [NETWORK_ERROR_KEYS.serverError]: ERROR_TEXTS.serverError,
  [NETWORK_ERROR_KEYS.configurationError]: ERROR_TEXTS.configurationError,
};

/** The translation files other than English, each its own chunk. */
const TRANSLATIONS = import.meta.glob<{ default: Resource }>([
  '../locales/*.json',
  '!../locales/en.json',
]);

/** The dayjs locales of the switcher's languages (en is built in). */
const DAYJS_LOCALES: Record<string, () => Promise<unknown>> = {
  es: () => import('dayjs/locale/es'),
  ar: () => import('dayjs/locale/ar'),
};

/* dayjs is there for Mantine's date pickers, which read its global locale. English is its
 * default, so it is loaded only to set another language (or to set English back). */
let dayjsLocale: string = DEFAULT_LOCALE;
async function applyDayjsLocale(language: string): Promise<void> {
  const locale = language in DAYJS_LOCALES ? language : DEFAULT_LOCALE;
  if (locale === dayjsLocale) return;
  const [{ default: dayjs }] = await Promise.all([import('dayjs'), DAYJS_LOCALES[locale]?.()]);
  dayjs.locale(locale);
  dayjsLocale = locale;
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  resources: { en: { translation: ENGLISH } },
  // Keys are flat and contain dots ('shell.menu.home'): no nesting, no namespaces in keys.
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  initAsync: false,
});

export const isRtl = (language: string): boolean =>
  (RTL_LANGUAGES as readonly string[]).includes(language);

/** Loads a language's translation file once, if there is one (without, English shows). */
async function loadTranslation(language: string): Promise<void> {
  if (i18n.hasResourceBundle(language, 'translation')) return;
  const load = TRANSLATIONS[`../locales/${language}.json`];
  if (!load) return;
  const file = await load();
  i18n.addResourceBundle(language, 'translation', file.default, true, true);
}

/** The locale dates and numbers are written in on lms screens (Intl, dayjs). */
export const intlLocale = (): string => i18n.language || DEFAULT_LOCALE;

/**
 * Shows the app in a language: its texts, `<html lang dir>`, and the Intl/dayjs locale. lms mode
 * applies the person's choice; sis mode is always en, left to right (decision 0019).
 */
export async function applyLanguage(language: string): Promise<void> {
  await Promise.all([loadTranslation(language), applyDayjsLocale(language)]);
  await i18n.changeLanguage(language);
  document.documentElement.lang = language;
  document.documentElement.dir = isRtl(language) ? 'rtl' : 'ltr';
  setLocale(language);
}
