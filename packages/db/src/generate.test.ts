import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEVICE_TYPES,
  GENDERS,
  RESIDENCY_STATUSES,
  SCHOOLING_LEVELS,
} from '@lantern/contracts/enums';
import { IDENTIFICATION_TYPES, ageOn } from '@lantern/contracts/people';
import { openDatabase, type Database } from './client';
import { migrate } from './migrate';
import { syncCatalogue } from './catalogue';
import {
  FLAWS,
  HOST_COUNTRIES,
  generateClcs,
  generateStaff,
  generateStudents,
  insertStaff,
  insertStudents,
  pgArrayLiteral,
  type ClcRef,
  type GeneratedStudent,
} from './generate';
import { clcs } from './schema/people';

const TODAY = new Date(Date.UTC(2026, 5, 15));
const CLCS: ClcRef[] = generateClcs(25, 11).map((c, i) => ({
  id: i + 1,
  code: c.code,
  country: c.country,
}));
const sample = (seed: number, count = 2000, today = TODAY): GeneratedStudent[] => [
  ...generateStudents({ clcs: CLCS, count, seed, today }),
];

/** Calling codes of the host countries, for the phone check. */
const CALLING_CODES: Record<string, string> = {
  KE: '254',
  UG: '256',
  JO: '962',
  LB: '961',
  IQ: '964',
  MW: '265',
  EC: '593',
  CO: '57',
  PE: '51',
  BD: '880',
  MY: '60',
  TH: '66',
  GR: '30',
  TR: '90',
  RW: '250',
  ET: '251',
  PK: '92',
  NP: '977',
  DJ: '253',
  TZ: '255',
  AF: '93',
};

describe('generateClcs', () => {
  it('is deterministic and gives distinct codes and four-digit finance codes', () => {
    const a = generateClcs(50, 3);
    expect(generateClcs(50, 3)).toEqual(a);
    expect(generateClcs(50, 4)).not.toEqual(a);
    expect(new Set(a.map((c) => c.code)).size).toBe(50);
    expect(new Set(a.map((c) => c.financeCode)).size).toBe(50);
    for (const c of a) {
      expect(c.financeCode).toMatch(/^\d{4}$/);
      expect(c.code).toMatch(/^[A-Z]{3}\d{2}$/);
      expect(HOST_COUNTRIES).toContain(c.country);
      expect(c.timeZone).toMatch(/^[A-Za-z]+\/[A-Za-z_]+$/);
      if (c.contactPhone)
        expect(c.contactPhone.startsWith(`+${CALLING_CODES[c.country] ?? '?'}`)).toBe(true);
    }
    expect(new Set(a.map((c) => c.country)).size).toBe(HOST_COUNTRIES.length);
  });
});

describe('generateStudents', () => {
  const students = sample(42);

  it('gives the same rows for the same seed, and others for another seed', () => {
    expect(sample(42)).toEqual(students);
    expect(sample(43).map((s) => s.username)).not.toEqual(students.map((s) => s.username));
  });

  it('hands out unique usernames that a sign-in accepts, also past names already taken', () => {
    const names = students.map((s) => s.username);
    expect(new Set(names).size).toBe(names.length);
    for (const n of names) expect(n).toMatch(/^[a-z0-9._-]{3,60}$/);
    const taken = new Set(names.slice(0, 500));
    const more = [...generateStudents({ clcs: CLCS, count: 2000, seed: 42, today: TODAY, taken })];
    const all = [...names.slice(0, 500), ...more.map((s) => s.username)];
    expect(new Set(all).size).toBe(all.length);
  });

  it('uses every value of every enumeration', () => {
    const seen = <T>(read: (s: GeneratedStudent) => T) => new Set(students.map(read));
    expect([...seen((s) => s.residencyStatus)]).toEqual(
      expect.arrayContaining([...RESIDENCY_STATUSES, null]),
    );
    expect([...seen((s) => s.schoolingLevel)]).toEqual(
      expect.arrayContaining([...SCHOOLING_LEVELS, null]),
    );
    expect([...seen((s) => s.deviceType)]).toEqual(expect.arrayContaining([...DEVICE_TYPES, null]));
    expect([...seen((s) => s.identificationType)]).toEqual(
      expect.arrayContaining([...IDENTIFICATION_TYPES]),
    );
    expect([...seen((s) => s.gender)]).toEqual(expect.arrayContaining([...GENDERS]));
    expect([...seen((s) => s.cefrLevel)]).toEqual(
      expect.arrayContaining([0, 1, 2, 3, 4, 5, 6, 7, null]),
    );
    expect([...seen((s) => s.status)]).toEqual(expect.arrayContaining(['active', 'locked']));
    expect(seen((s) => s.vocationalSchool).size).toBe(2);
  });

  it('gives ages from 15 to 60 on the day it is counted from, today included', () => {
    const ages = students.map((s) => ageOn(s.birthDate, TODAY));
    expect(Math.min(...ages)).toBe(15);
    expect(Math.max(...ages)).toBe(60);
    const now = new Date();
    for (const s of sample(7, 2000, now)) {
      const age = ageOn(s.birthDate, now);
      expect(age).toBeGreaterThanOrEqual(15);
      expect(age).toBeLessThanOrEqual(60);
    }
  });

  it('writes phones in E.164 form with the calling code of the CLC’s country', () => {
    const country = new Map(CLCS.map((c) => [c.id, c.country]));
    const phones = students.filter((s) => s.phone && s.flaw !== 'badPhone');
    expect(phones.length).toBeGreaterThan(1500);
    for (const s of phones) {
      expect(s.phone).toMatch(/^\+[1-9]\d{7,14}$/);
      const code = CALLING_CODES[country.get(s.clcId) ?? ''] ?? '?';
      expect(s.phone?.startsWith(`+${code}`)).toBe(true);
    }
  });

  it('gives ISO alpha-2 countries, shares some e-mails and leaves some fields empty', () => {
    for (const s of students) {
      for (const c of [s.nationality, s.birthCountry, s.countryOfOrigin, s.countryOfResidence])
        if (c !== null) expect(c).toMatch(/^[A-Z]{2}$/);
      if (s.identificationType !== 'none') expect(s.identificationNumber).toBeTruthy();
    }
    const emails = students.map((s) => s.email).filter((e) => e !== null);
    expect(new Set(emails).size).toBeLessThan(emails.length);
    expect(emails.length).toBeLessThan(students.length);
    expect(students.some((s) => /[À-ÿ]/.test(s.firstName + s.lastName))).toBe(true);
  });

  it('plants each data-quality problem, and only when asked', () => {
    const flawed = students.filter((s) => s.flaw !== null);
    expect(new Set(flawed.map((s) => s.flaw))).toEqual(new Set(FLAWS));
    const byFlaw = (f: string) => flawed.filter((s) => s.flaw === f);
    for (const s of byFlaw('spaces')) expect(s.firstName).not.toBe(s.firstName.trim());
    for (const s of byFlaw('capitals')) expect(s.lastName).toBe(s.lastName.toUpperCase());
    for (const s of byFlaw('invalidEmail')) expect(s.email).not.toContain('@');
    for (const s of byFlaw('noContact')) expect([s.email, s.phone]).toEqual([null, null]);
    for (const s of byFlaw('duplicate')) {
      const twin = students[students.indexOf(s) - 1];
      expect([s.firstName, s.lastName, s.birthDate]).toEqual([
        twin?.firstName,
        twin?.lastName,
        twin?.birthDate,
      ]);
      expect(s.username).not.toBe(twin?.username);
    }
    const clean = [
      ...generateStudents({ clcs: CLCS, count: 200, seed: 42, today: TODAY, flaws: false }),
    ];
    expect(clean.every((s) => s.flaw === null)).toBe(true);
  });
});

describe('pgArrayLiteral', () => {
  it('quotes what PostgreSQL needs quoted', () => {
    expect(pgArrayLiteral(['a "b"', 'c\\d', null, 3, true, "O'Brien"])).toBe(
      `{"a \\"b\\"","c\\\\d",NULL,3,t,"O'Brien"}`,
    );
  });
});

describe('insertStudents and insertStaff on PGlite', () => {
  let database: Database;
  let clcIds: number[];
  beforeAll(async () => {
    database = await openDatabase({ dataDir: null });
    await migrate(database);
    await syncCatalogue(database.db);
    const rows = await database.db
      .insert(clcs)
      .values(generateClcs(5, 1))
      .returning({ id: clcs.id });
    clcIds = rows.map((r) => r.id);
  });
  afterAll(async () => database.close());

  it('inserts users, roles, CLCs and profiles in batches, and again without username clashes', async () => {
    const first = await insertStudents(database.db, {
      clcIds,
      count: 1200,
      seed: 5,
      batchSize: 500,
    });
    expect(first).toEqual({ students: 1200, batches: 3 });
    const again = await insertStudents(database.db, { clcIds, count: 300, seed: 5 });
    expect(again.students).toBe(300);
    const [counts] = await database.query<Record<string, number>>(
      `select (select count(*)::int from users) as users,
              (select count(*)::int from user_roles where role_key = 'STUDENT') as roles,
              (select count(*)::int from user_clcs) as memberships,
              (select count(*)::int from student_profiles) as profiles,
              (select count(*)::int from users where password_hash is not null) as passwords,
              (select count(distinct lower(username))::int from users) as usernames`,
    );
    expect(counts).toEqual({
      users: 1500,
      roles: 1500,
      memberships: 1500,
      profiles: 1500,
      passwords: 0,
      usernames: 1500,
    });
    // The stored rows are the generated ones, accents and all.
    const generated = [
      ...generateStudents({
        clcs: await database.query<ClcRef>('select id, code, country from clcs order by id'),
        count: 3,
        seed: 5,
      }),
    ];
    const stored = await database.query<{ first_name: string; birth_date: string }>(
      `select u.first_name, p.birth_date::text from users u join student_profiles p on p.user_id = u.jwl_id order by u.jwl_id limit 3`,
    );
    expect(stored.map((r) => r.first_name)).toEqual(generated.map((s) => s.firstName));
  });

  it('gives each CLC facilitators with an employee type and coordinators', async () => {
    const staff = await insertStaff(database.db, { clcIds, seed: 9 });
    expect(staff.facilitators).toBeGreaterThanOrEqual(2 * clcIds.length);
    expect(staff.coordinators).toBeGreaterThanOrEqual(clcIds.length);
    const rows = await database.query<{
      role_key: string;
      employee_type: string | null;
      clcs: number;
    }>(
      `select ur.role_key, u.employee_type, (select count(*)::int from user_clcs uc where uc.user_id = u.jwl_id) as clcs
         from users u join user_roles ur on ur.user_id = u.jwl_id where ur.role_key in ('FACILITATOR', 'COORDINATOR')`,
    );
    expect(rows).toHaveLength(staff.facilitators + staff.coordinators);
    for (const r of rows) {
      expect(r.clcs).toBe(1);
      expect(r.employee_type === null).toBe(r.role_key === 'COORDINATOR');
    }
    expect(generateStaff({ clcs: CLCS, seed: 9 })).toEqual(generateStaff({ clcs: CLCS, seed: 9 }));
  });
});
