// CLCs in the host countries, each with a site, a code and a contact
import { pad, mobileNumber, slug } from './helpers';
import { HOSTS, HOST_COUNTRIES } from './hosts';
import { GROUPS } from './names';
import { createRng } from './rng';

export type GeneratedClc = {
  name: string;
  code: string;
  financeCode: string;
  country: string;
  timeZone: string;
  address: string;
  maxStudents: number;
  minorPermission: boolean;
  minAgeForMinors: number | null;
  isGel: boolean;
  signeeName: string | null;
  signeeTitle: string | null;
  contactName: string | null;
  contactEmail: string | null;
  contactPhone: string | null;
  isActive: boolean;
};

/**
 * `count` CLCs spread over the host countries (each country in turn, then its next site).
 * Codes are three letters and two digits (never a demo CLC's three-letter code), finance codes
 * four distinct digits.
 */
export function generateClcs(count: number, seed: number): GeneratedClc[] {
  const rng = createRng(seed);
  const countries = [...HOST_COUNTRIES];
  // A seeded shuffle of the countries, so that small counts still differ by seed.
  for (let i = countries.length - 1; i > 0; i -= 1) {
    const j = rng.int(0, i);
    [countries[i], countries[j]] = [countries[j] ?? '', countries[i] ?? ''];
  }
  const financeStart = rng.int(0, 8999);
  const out: GeneratedClc[] = [];
  for (let i = 0; i < count; i += 1) {
    const country = countries[i % countries.length] ?? 'KE';
    const host = HOSTS[country];
    if (!host) continue;
    const round = Math.floor(i / countries.length);
    const site = host.sites[round % host.sites.length] ?? country;
    const again =
      round >= host.sites.length ? ` ${String(Math.floor(round / host.sites.length) + 1)}` : '';
    const local = host.people.find((p) => p.host) ?? host.people[0];
    const group = GROUPS[local?.group ?? 'international'];
    const contact = rng.chance(0.8)
      ? `${rng.pick(rng.chance(0.5) ? group.female : group.male)} ${rng.pick(group.last)}`
      : null;
    const minorPermission = rng.chance(0.3);
    const code = `${slug(site).slice(0, 3).toUpperCase().padEnd(3, 'X')}${pad((i + 1) % 100, 2)}`;
    out.push({
      name: `${site}${again} CLC`,
      code,
      financeCode: String(1000 + ((financeStart + i * 7919) % 9000)),
      country,
      timeZone: host.timeZone,
      address: `${rng.pick(['Block', 'Zone', 'Sector', 'Street'])} ${String(rng.int(1, 40))}, ${site}`,
      maxStudents: rng.int(10, 50) * 100,
      minorPermission,
      minAgeForMinors: minorPermission ? rng.int(15, 17) : null,
      isGel: rng.chance(0.4),
      signeeName: contact && rng.chance(0.7) ? contact : null,
      signeeTitle: contact
        ? rng.pick(['Centre Director', 'Site Lead', 'Programme Coordinator'])
        : null,
      contactName: contact,
      contactEmail: contact ? `${slug(site)}${pad(i + 1, 2)}@clc.example.org` : null,
      contactPhone: contact ? mobileNumber(rng, country) : null,
      isActive: i % 12 !== 11,
    });
  }
  return out;
}
