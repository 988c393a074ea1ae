import { createRequire } from 'node:module';
import countries, { type LocaleData } from 'i18n-iso-countries';

// Loaded with require: a JSON import needs an import attribute that the bundled server loses.
const require = createRequire(import.meta.url);
countries.registerLocale(require('i18n-iso-countries/langs/en.json') as LocaleData);

/** Whether a code is an ISO 3166-1 alpha-2 country of the maintained list. */
export const isCountryCode = (code: string): boolean =>
  countries.isValid(code) && code.length === 2;

export const countryName = (code: string): string => countries.getName(code, 'en') ?? code;

const TIME_ZONES = new Set(Intl.supportedValuesOf('timeZone'));
export const isTimeZone = (zone: string): boolean => TIME_ZONES.has(zone) || zone === 'UTC';
