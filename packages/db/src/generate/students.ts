// Students, one by one, with the data-quality problems the data checks look for
import type { Gender, UserStatus } from '@lantern/contracts/enums';
import { birthDateForAge, DAY, digits, MAIL_DOMAINS, mobileNumber, slug } from './helpers';
import { hostOf } from './hosts';
import { GROUPS, PLACES, type NameGroup } from './names';
import { createRng } from './rng';
import {
  AGE_BANDS,
  CEFR,
  DEVICES,
  HOST_RESIDENCY,
  IDENTIFICATION,
  OTHER_COMMUNICATION,
  REFUGEE_RESIDENCY,
  SCHOOLING,
  VOCATIONAL,
  type DeviceType,
  type IdentificationType,
  type ResidencyStatus,
  type SchoolingLevel,
} from './student-traits';

/**
 * The data-quality problems planted on purpose, for the data checks to find (issue 5):
 * - `spaces`: leading, trailing and double spaces in the names
 * - `capitals`: first and last name in ALL CAPITALS
 * - `invalidEmail`: an e-mail address without an @
 * - `badPhone`: a phone number that does not parse
 * - `duplicate`: the same person as the record before (same names, gender and birth date),
 *   entered again under another username
 * - `noContact`: neither e-mail nor phone
 */
export const FLAWS = [
  'spaces',
  'capitals',
  'invalidEmail',
  'badPhone',
  'duplicate',
  'noContact',
] as const;
export type Flaw = (typeof FLAWS)[number];

/** Where the flaws go among the generated students (by position). */
const FLAW_AT = new Map<number, Flaw>([
  [5, 'spaces'],
  [12, 'capitals'],
  [19, 'invalidEmail'],
  [26, 'badPhone'],
  [33, 'duplicate'],
  [40, 'noContact'],
  [47, 'capitals'],
  [54, 'duplicate'],
]);

export type ClcRef = { id: number; code: string; country: string };

export type GeneratedStudent = {
  clcId: number;
  username: string;
  email: string | null;
  firstName: string;
  lastName: string;
  gender: Gender;
  phone: string | null;
  status: UserStatus;
  createdAt: string;
  lastSignInAt: string | null;
  birthDate: string;
  birthCountry: string | null;
  birthPlace: string | null;
  nationality: string | null;
  nativeLanguage: string | null;
  countryOfOrigin: string | null;
  countryOfResidence: string | null;
  countryOfSchool: string | null;
  residencyStatus: ResidencyStatus | null;
  schoolingLevel: SchoolingLevel | null;
  vocationalSchool: boolean;
  vocationalName: string | null;
  vocationalCountry: string | null;
  vocationalSubjects: string | null;
  vocationalYears: number | null;
  vocationalCompleted: boolean | null;
  vocationalCompletionYear: number | null;
  unhcrNumber: string | null;
  identificationType: IdentificationType;
  identificationNumber: string | null;
  otherCommunication: string | null;
  deviceType: DeviceType | null;
  cefrLevel: number | null;
  /** A planted data-quality problem (not stored); null for a clean record. */
  flaw: Flaw | null;
};

export type GenerateOptions = {
  clcs: ClcRef[];
  count: number;
  seed: number;
  /** Ages and dates are counted back from this day (default: now). */
  today?: Date;
  /** Plant the data-quality problems of FLAWS (default true). */
  flaws?: boolean;
  /** Usernames already taken (lower case); the generator adds the ones it hands out. */
  taken?: Set<string>;
};

/** The students, one by one (so that 100,000 never sit in memory at once). */
export function* generateStudents(options: GenerateOptions): Generator<GeneratedStudent> {
  const { clcs: targets, count, seed } = options;
  if (targets.length === 0) throw new Error('generateStudents needs at least one CLC.');
  const rng = createRng(seed);
  const today = options.today ?? new Date();
  const now = today.getTime();
  const flaws = options.flaws ?? true;
  const taken = options.taken ?? new Set<string>();
  const nextNumber = new Map<string, number>();
  const uniqueUsername = (first: string, last: string): string => {
    const base = `${slug(first) || 'student'}.${slug(last) || 'student'}`.slice(0, 52);
    let n = nextNumber.get(base) ?? 1;
    let name = n === 1 ? base : `${base}${String(n)}`;
    while (taken.has(name)) {
      n += 1;
      name = `${base}${String(n)}`;
    }
    nextNumber.set(base, n + 1);
    taken.add(name);
    return name;
  };
  // Larger and smaller CLCs; a few addresses that several students of a CLC share.
  const weights = targets.map((clc) => [clc, 0.4 + rng.next() * 1.2] as const);
  const shared = new Map(
    targets.map((clc) => [
      clc.id,
      [
        `${clc.code.toLowerCase()}.learners@example.org`,
        `${clc.code.toLowerCase()}.office@example.org`,
        `family.${rng.pick(['abdi', 'deng', 'rahimi', 'hassan', 'garcia', 'begum'])}${String(rng.int(10, 99))}@example.com`,
      ],
    ]),
  );
  let previous: GeneratedStudent | null = null;

  for (let i = 0; i < count; i += 1) {
    const flaw = flaws ? (FLAW_AT.get(i) ?? null) : null;
    const clc = rng.weighted(weights);
    const host = hostOf(clc.country);
    const population = rng.weighted(host.people.map((p) => [p, p.weight] as const));
    const group: NameGroup = GROUPS[population.group];
    const isHost = population.host === true;
    let gender: Gender = rng.weighted([
      ['f', 49],
      ['m', 50],
      ['o', 1],
    ] as const);
    let firstName = rng.pick(
      gender === 'm'
        ? group.male
        : gender === 'f'
          ? group.female
          : rng.chance(0.5)
            ? group.male
            : group.female,
    );
    let lastName = rng.pick(group.last);
    const ageBand = rng.weighted(AGE_BANDS);
    const age = rng.int(ageBand[0], ageBand[1]);
    let birthDate = birthDateForAge(rng, age, today);
    let targetClc = clc;
    if (flaw === 'duplicate' && previous) {
      ({ firstName, lastName, gender, birthDate } = previous);
      targetClc = targets.find((t) => t.id === previous?.clcId) ?? clc;
    }
    const username = uniqueUsername(firstName, lastName);

    const emailKind = rng.weighted([
      ['personal', 78],
      ['shared', 9],
      ['none', 13],
    ] as const);
    let email =
      emailKind === 'personal'
        ? `${username}@${rng.pick(MAIL_DOMAINS)}`
        : emailKind === 'shared'
          ? rng.pick(shared.get(targetClc.id) ?? ['learners@example.org'])
          : null;
    let phone = rng.chance(0.85) ? mobileNumber(rng, targetClc.country) : null;

    const origin = isHost ? targetClc.country : population.nationality;
    // Many Rohingya are stateless: no nationality on record.
    const nationality =
      population.group === 'rohingya' && !isHost && rng.chance(0.45)
        ? null
        : rng.chance(0.02)
          ? null
          : population.nationality;
    const bornInExile = !isHost && age < 22 && rng.chance(0.3);
    const birthCountry = rng.chance(0.05) ? null : bornInExile ? targetClc.country : origin;
    const birthPlace =
      birthCountry && rng.chance(0.6) ? rng.pick(PLACES[birthCountry] ?? ['—']) : null;
    const schoolingLevel = rng.chance(0.03) ? null : rng.weighted(SCHOOLING);
    const vocationalSchool = rng.chance(0.12);
    const vocational = rng.pick(VOCATIONAL);
    const vocationalYears = vocationalSchool ? rng.int(1, 4) : null;
    const vocationalCompleted = vocationalSchool ? rng.chance(0.6) : null;
    const identificationType = rng.weighted(IDENTIFICATION);
    const identificationNumber =
      identificationType === 'passport'
        ? `${String.fromCharCode(65 + rng.int(0, 25), 65 + rng.int(0, 25))}${digits(rng, 7)}`
        : identificationType === 'localId'
          ? digits(rng, rng.int(8, 10))
          : null;
    const createdAt = now - rng.int(1, 4 * 365) * DAY - rng.int(0, DAY - 1);
    const lastSignInAt = rng.chance(0.6) ? createdAt + rng.next() * (now - createdAt) : null;

    const student: GeneratedStudent = {
      clcId: targetClc.id,
      username,
      email,
      firstName,
      lastName,
      gender,
      phone,
      status: rng.chance(0.03) ? 'locked' : 'active',
      createdAt: new Date(createdAt).toISOString(),
      lastSignInAt: lastSignInAt === null ? null : new Date(lastSignInAt).toISOString(),
      birthDate,
      birthCountry,
      birthPlace,
      nationality,
      nativeLanguage: rng.chance(0.05) ? null : rng.pick(group.languages),
      countryOfOrigin: rng.chance(0.03) ? null : origin,
      countryOfResidence: rng.chance(0.02) ? null : targetClc.country,
      countryOfSchool:
        schoolingLevel === null || schoolingLevel === 'none'
          ? null
          : bornInExile || isHost || rng.chance(0.3)
            ? targetClc.country
            : origin,
      residencyStatus: rng.chance(0.03)
        ? null
        : rng.weighted(isHost ? HOST_RESIDENCY : REFUGEE_RESIDENCY),
      schoolingLevel,
      vocationalSchool,
      vocationalName: vocationalSchool ? vocational[0] : null,
      vocationalCountry: vocationalSchool ? (rng.chance(0.5) ? origin : targetClc.country) : null,
      vocationalSubjects: vocationalSchool ? vocational[1] : null,
      vocationalYears,
      vocationalCompleted,
      vocationalCompletionYear:
        vocationalCompleted && vocationalYears
          ? today.getUTCFullYear() - rng.int(0, Math.max(0, age - 17))
          : null,
      unhcrNumber:
        !isHost && rng.chance(0.7) ? `${digits(rng, 3)}-${digits(rng, 2)}C${digits(rng, 5)}` : null,
      identificationType,
      identificationNumber,
      otherCommunication: rng.chance(0.2) ? rng.pick(OTHER_COMMUNICATION) : null,
      deviceType: rng.chance(0.05) ? null : rng.weighted(DEVICES),
      cefrLevel: rng.weighted(CEFR),
      flaw,
    };

    switch (flaw) {
      case 'spaces':
        student.firstName = `  ${firstName} `;
        student.lastName = `${lastName}  ${rng.pick(group.last)}`;
        break;
      case 'capitals':
        student.firstName = firstName.toLocaleUpperCase('en');
        student.lastName = lastName.toLocaleUpperCase('en');
        break;
      case 'invalidEmail':
        email = `${username}.${rng.pick(MAIL_DOMAINS)}`;
        student.email = email;
        break;
      case 'badPhone':
        phone = `0${digits(rng, 3)}-ABC-${digits(rng, 2)}`;
        student.phone = phone;
        break;
      case 'noContact':
        student.email = null;
        student.phone = null;
        break;
      case 'duplicate':
        student.email = null;
        break;
      case null:
        break;
    }
    previous = student;
    yield student;
  }
}
