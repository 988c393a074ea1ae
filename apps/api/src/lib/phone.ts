import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';

/**
 * A phone number in international form (E.164), read with the given country unless it is
 * written with an international prefix; null when it is not a valid number.
 */
export function normalisePhone(input: string, country: string | null): string | null {
  const parsed = parsePhoneNumberFromString(input, country ? (country as CountryCode) : undefined);
  return parsed?.isValid() ? parsed.number : null;
}
