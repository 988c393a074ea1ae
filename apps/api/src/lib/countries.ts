import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };

countries.registerLocale(en);

/** Whether a code is an ISO 3166-1 alpha-2 country of the maintained list. */
export const isCountryCode = (code: string): boolean =>
  countries.isValid(code) && code.length === 2;

export const countryName = (code: string): string => countries.getName(code, 'en') ?? code;

const TIME_ZONES = new Set(Intl.supportedValuesOf('timeZone'));
export const isTimeZone = (zone: string): boolean => TIME_ZONES.has(zone) || zone === 'UTC';
