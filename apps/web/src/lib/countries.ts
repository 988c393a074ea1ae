/* Country names from the maintained ISO 3166 list (spec §3: "full ISO country set with some
 * alternate names"). Only the people and CLC screens import this module, so the list travels
 * with their lazy chunks and never with the sign-in page. */
import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json';

countries.registerLocale(en);

export type CountryOption = { value: string; label: string; aliases: string[] };

const ALL_NAMES = countries.getNames('en', { select: 'all' });

/** Every country by its alpha-2 code, sorted by name; alternate names kept for the search. */
export const COUNTRY_OPTIONS: readonly CountryOption[] = Object.entries(ALL_NAMES)
  .map(([code, names]) => ({
    value: code,
    label: names[0] ?? code,
    aliases: names.slice(1),
  }))
  .sort((a, b) => a.label.localeCompare(b.label, 'en'));

const BY_CODE = new Map(COUNTRY_OPTIONS.map((option) => [option.value, option]));

/** The English name of an alpha-2 code; the code itself when it is unknown. */
export const countryName = (code: string | null | undefined): string =>
  code ? (BY_CODE.get(code)?.label ?? code) : '';

/** Whether a country matches what the user typed, by its name, an alternate name or its code. */
export function countryMatches(code: string, search: string): boolean {
  const option = BY_CODE.get(code);
  const needle = search.trim().toLowerCase();
  if (!option || needle === '') return true;
  return (
    option.value.toLowerCase() === needle ||
    option.label.toLowerCase().includes(needle) ||
    option.aliases.some((alias) => alias.toLowerCase().includes(needle))
  );
}
