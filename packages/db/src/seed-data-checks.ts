import type { Db } from './client';
import { studentProfiles, userClcs, users } from './schema/people';
import { userRoles } from './schema/access';

type BadRecord = {
  username: string;
  firstName: string;
  lastName: string;
  email?: string | null;
  phone?: string | null;
  role: 'STUDENT' | 'FACILITATOR' | null;
  clc: string | null;
  employeeType?: 'onsite_facilitator';
  /** A student profile: the date of birth (null: none on record) and country of residence. */
  profile?: { birthDate: string | null; countryOfResidence?: string };
};

/**
 * People with one data-quality problem each, for the user data checker (issue 5): each check
 * finds some of them beside the flaws the student generator plants. Usernames start with `dq.`.
 * What each check must find is listed in DATA_CHECK_SEEDS, which the checker's tests read.
 */
export const DATA_CHECK_RECORDS: BadRecord[] = [
  {
    username: 'dq.spaces',
    firstName: ' Amani',
    lastName: 'Lokure  Ekai ',
    email: ' amani.lokure@example.org',
    role: 'STUDENT',
    clc: 'KAK',
    profile: { birthDate: '1997-02-11', countryOfResidence: 'KE' },
  },
  {
    username: 'dq.phone.local',
    firstName: 'Nasra',
    lastName: 'Ekiru',
    phone: '0712 345 678',
    role: 'STUDENT',
    clc: 'KAK',
    profile: { birthDate: '1995-06-20', countryOfResidence: 'KE' },
  },
  {
    username: 'dq.phone.bad',
    firstName: 'Tarek',
    lastName: 'Haddadin',
    phone: '12-34',
    role: 'STUDENT',
    clc: 'AMM',
    profile: { birthDate: '1993-10-01', countryOfResidence: 'JO' },
  },
  {
    username: 'dq.no.birthdate',
    firstName: 'Lual',
    lastName: 'Makuei',
    role: 'STUDENT',
    clc: 'KAK',
    profile: { birthDate: null },
  },
  {
    username: 'dq.no.clc',
    firstName: 'Rima',
    lastName: 'Kassab',
    role: 'FACILITATOR',
    clc: null,
  },
  {
    username: 'dq.bad.email',
    firstName: 'Omran',
    lastName: 'Barakzai',
    email: 'omran.barakzai@example',
    role: 'STUDENT',
    clc: 'AMM',
    profile: { birthDate: '1990-01-15', countryOfResidence: 'JO' },
  },
  {
    username: 'dq.no.name',
    firstName: '-',
    lastName: 'Chuol',
    role: 'STUDENT',
    clc: 'KAK',
    profile: { birthDate: '2000-08-08', countryOfResidence: 'KE' },
  },
  {
    username: 'dq.capitals',
    firstName: 'FATUMA',
    lastName: 'ABDIKADIR',
    role: 'STUDENT',
    clc: 'KAK',
    profile: { birthDate: '1999-12-01', countryOfResidence: 'KE' },
  },
  {
    username: 'dq.lower',
    firstName: 'jamal',
    lastName: 'nuri',
    role: 'STUDENT',
    clc: 'AMM',
    profile: { birthDate: '1996-04-04', countryOfResidence: 'JO' },
  },
  {
    username: 'dq.shared.1',
    firstName: 'Selam',
    lastName: 'Tesfay',
    email: 'Tesfay.Family@example.org',
    role: 'STUDENT',
    clc: 'KAK',
    profile: { birthDate: '2001-01-21', countryOfResidence: 'KE' },
  },
  {
    username: 'dq.shared.2',
    firstName: 'Yonas',
    lastName: 'Tesfay',
    email: 'tesfay.family@example.org',
    role: 'STUDENT',
    clc: 'KAK',
    profile: { birthDate: '2003-03-30', countryOfResidence: 'KE' },
  },
  {
    username: 'dq.twin.1',
    firstName: 'Nyakim',
    lastName: 'Gatwech',
    role: 'STUDENT',
    clc: 'KAK',
    profile: { birthDate: '1998-05-05', countryOfResidence: 'KE' },
  },
  {
    username: 'dq.twin.2',
    firstName: 'Nyakim ',
    lastName: 'gatwech',
    role: 'STUDENT',
    clc: 'KAK',
    profile: { birthDate: '1998-05-05', countryOfResidence: 'KE' },
  },
];

/** The seeded usernames each check must find (beside the generator's planted flaws). */
export const DATA_CHECK_SEEDS = {
  'duplicate-emails': ['dq.shared.1', 'dq.shared.2'],
  'data-with-spaces': ['dq.spaces', 'dq.twin.2'],
  'phone-numbers': ['dq.phone.local', 'dq.phone.bad'],
  'mandatory-fields': ['dq.no.birthdate', 'dq.no.clc'],
  'valid-emails': ['dq.bad.email'],
  'mandatory-names': ['dq.no.name'],
  'possible-cleansing': ['dq.capitals', 'dq.lower', 'dq.twin.1', 'dq.twin.2'],
  'self-approved-transfers': [],
} as const;

/** Inserts the people of DATA_CHECK_RECORDS (no password: they never sign in). */
export async function seedDataChecks(tx: Db, clcId: Map<string, number>): Promise<number> {
  const created = await tx
    .insert(users)
    .values(
      DATA_CHECK_RECORDS.map((r) => ({
        username: r.username,
        firstName: r.firstName,
        lastName: r.lastName,
        email: r.email === undefined ? `${r.username}@demo.lantern.example` : r.email,
        phone: r.phone ?? null,
        employeeType: r.employeeType ?? null,
        lastRoleKey: r.role,
      })),
    )
    .returning({ jwlId: users.jwlId, username: users.username });
  const idOf = new Map(created.map((u) => [u.username, u.jwlId]));
  const id = (r: BadRecord) => idOf.get(r.username) ?? 0;
  const inClc = DATA_CHECK_RECORDS.filter((r) => r.clc !== null);
  await tx
    .insert(userClcs)
    .values(inClc.map((r) => ({ userId: id(r), clcId: clcId.get(r.clc ?? '') ?? 0 })));
  const withRole = DATA_CHECK_RECORDS.filter((r) => r.role !== null);
  await tx
    .insert(userRoles)
    .values(withRole.map((r) => ({ userId: id(r), roleKey: r.role ?? 'STUDENT' })));
  const students = DATA_CHECK_RECORDS.filter((r) => r.profile);
  await tx.insert(studentProfiles).values(
    students.map((r) => ({
      userId: id(r),
      birthDate: r.profile?.birthDate ?? null,
      countryOfResidence: r.profile?.countryOfResidence ?? null,
    })),
  );
  return created.length;
}
