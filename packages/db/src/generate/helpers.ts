// Small helpers of the generators: digits, slugs, phone numbers, birth dates, mail domains
import { HOSTS } from './hosts';
import type { Rng } from './rng';

export const pad = (n: number, width: number): string => String(n).padStart(width, '0');

export const digits = (rng: Rng, count: number): string => {
  let out = '';
  for (let i = 0; i < count; i += 1) out += String(rng.int(0, 9));
  return out;
};

/** Lower-case ASCII letters and digits of a name: 'Noëlla' → 'noella', 'Al-Hassan' → 'alhassan'. */
export function slug(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ı/g, 'i')
    .replace(/[^a-z0-9]/g, '');
}

/** A mobile number of the host country in E.164 form (+, calling code, national number). */
export function mobileNumber(rng: Rng, country: string): string | null {
  const host = HOSTS[country];
  if (!host) return null;
  const { code, prefixes, digits: count } = host.phone;
  return `+${code}${rng.pick(prefixes)}${digits(rng, count)}`;
}

export const isoDate = (d: Date): string => d.toISOString().slice(0, 10);
export const DAY = 86_400_000;

/** A birth date on which the person is `age` years old on `today` (UTC). */
export function birthDateForAge(rng: Rng, age: number, today: Date): string {
  const y = today.getUTCFullYear();
  const latest = Date.UTC(y - age, today.getUTCMonth(), today.getUTCDate());
  const earliest = Date.UTC(y - age - 1, today.getUTCMonth(), today.getUTCDate()) + DAY;
  return isoDate(new Date(earliest + rng.int(0, Math.round((latest - earliest) / DAY)) * DAY));
}

/** Reserved example domains (RFC 2606 / 6761): realistic shapes, and no mail reaches anyone. */
export const MAIL_DOMAINS = [
  'example.com',
  'example.org',
  'example.net',
  'mail.example',
  'post.example',
];
