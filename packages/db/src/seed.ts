import { count, eq, sql } from 'drizzle-orm';
import type { BuiltInRoleKey } from '@lantern/contracts/roles';
import type { EmployeeType, Gender, SystemRole } from '@lantern/contracts/enums';
import type { Db } from './client';
import { hashPassword } from './passwords';
import { insertStaff, insertStudents } from './generate';
import { clcs, studentProfiles, userClcs, users } from './schema/people';
import { userRoles } from './schema/access';
import { auditLog } from './schema/operations';
import { seedProgrammes } from './seed-programmes';
import { seedDataChecks } from './seed-data-checks';
import { seedBachelorCohorts } from './seed-bachelor-cohorts';
import { seedCommunication } from './seed-communication';
import { seedBachelorCredits, seedEarnedForFinalResults } from './seed-bachelor-credits';
import { seedLearning } from './seed-learning';
import { seedLearningActivities } from './seed-learning-activities';
import { seedLearningWork } from './seed-learning-work';
import { seedBachelorVerify } from './seed-bachelor-verify';
import { seedBachelorTerms } from './seed-bachelor-terms';

export const DEMO_PASSWORD = 'lantern-demo';

/** CLCs on several continents; the first two are the ones the demo sign-ins belong to. */
export const DEMO_CLCS = [
  {
    name: 'Kakuma CLC',
    code: 'KAK',
    financeCode: '4101',
    country: 'KE',
    timeZone: 'Africa/Nairobi',
    address: 'Kakuma Refugee Camp, Turkana County',
    maxStudents: 400,
    minorPermission: true,
    minAgeForMinors: 16,
    isGel: true,
    signeeName: 'Grace Atieno',
    signeeTitle: 'Centre Director',
    contactName: 'Grace Atieno',
    contactEmail: 'kakuma@clc.lantern.example',
    contactPhone: '+254712345678',
  },
  {
    name: 'Amman CLC',
    code: 'AMM',
    financeCode: '4202',
    country: 'JO',
    timeZone: 'Asia/Amman',
    address: 'Jabal Al-Hussein, Amman',
    maxStudents: 250,
    minorPermission: false,
    minAgeForMinors: null,
    isGel: true,
    signeeName: 'Rania Haddad',
    signeeTitle: 'Programme Coordinator',
    contactName: 'Rania Haddad',
    contactEmail: 'amman@clc.lantern.example',
    contactPhone: '+962791234567',
  },
  {
    name: 'Erbil CLC',
    code: 'ERB',
    financeCode: '4303',
    country: 'IQ',
    timeZone: 'Asia/Baghdad',
    address: 'Ainkawa, Erbil',
    maxStudents: 150,
    minorPermission: false,
    minAgeForMinors: null,
    isGel: false,
    signeeName: null,
    signeeTitle: null,
    contactName: null,
    contactEmail: null,
    contactPhone: null,
  },
  {
    name: 'Dzaleka CLC',
    code: 'DZA',
    financeCode: '4404',
    country: 'MW',
    timeZone: 'Africa/Blantyre',
    address: 'Dzaleka Refugee Camp, Dowa',
    maxStudents: 300,
    minorPermission: true,
    minAgeForMinors: 15,
    isGel: false,
    signeeName: 'Innocent Banda',
    signeeTitle: 'Site Lead',
    contactName: 'Innocent Banda',
    contactEmail: 'dzaleka@clc.lantern.example',
    contactPhone: '+265991234567',
  },
  {
    name: 'Quito CLC',
    code: 'UIO',
    financeCode: '4505',
    country: 'EC',
    timeZone: 'America/Guayaquil',
    address: 'La Tola, Quito',
    maxStudents: 120,
    minorPermission: false,
    minAgeForMinors: null,
    isGel: true,
    signeeName: null,
    signeeTitle: null,
    contactName: 'Lucía Andrade',
    contactEmail: 'quito@clc.lantern.example',
    contactPhone: '+593991234567',
  },
  {
    name: "Cox's Bazar CLC",
    code: 'CXB',
    financeCode: '4606',
    country: 'BD',
    timeZone: 'Asia/Dhaka',
    address: 'Camp 4, Ukhia',
    maxStudents: 200,
    minorPermission: false,
    minAgeForMinors: null,
    isGel: false,
    signeeName: null,
    signeeTitle: null,
    contactName: null,
    contactEmail: null,
    contactPhone: null,
  },
  {
    name: 'Athens CLC',
    code: 'ATH',
    financeCode: '4707',
    country: 'GR',
    timeZone: 'Europe/Athens',
    address: 'Exarcheia, Athens',
    maxStudents: 80,
    minorPermission: false,
    minAgeForMinors: null,
    isGel: false,
    signeeName: null,
    signeeTitle: null,
    contactName: null,
    contactEmail: null,
    contactPhone: null,
  },
] as const;

type DemoUser = {
  username: string;
  firstName: string;
  lastName: string;
  gender: Gender;
  systemRole: SystemRole;
  roles: BuiltInRoleKey[];
  clcCodes: string[];
  employeeType?: EmployeeType;
};

/** A sign-in for every role (username = the role in lower case), and a second CLC's people. */
export const DEMO_USERS: DemoUser[] = [
  {
    username: 'super_admin',
    firstName: 'Samira',
    lastName: 'Haddad',
    gender: 'f',
    systemRole: 'superAdmin',
    roles: ['SUPER_ADMIN', 'ADMIN'],
    clcCodes: ['KAK'],
  },
  {
    username: 'admin',
    firstName: 'Daniel',
    lastName: 'Okafor',
    gender: 'm',
    systemRole: 'admin',
    roles: ['ADMIN'],
    clcCodes: ['KAK'],
  },
  {
    username: 'academic_manager',
    firstName: 'Grace',
    lastName: 'Mwangi',
    gender: 'f',
    systemRole: 'user',
    roles: ['ACADEMIC_MANAGER'],
    clcCodes: ['KAK'],
  },
  {
    username: 'operational_manager',
    firstName: 'Tomas',
    lastName: 'Berger',
    gender: 'm',
    systemRole: 'user',
    roles: ['OPERATIONAL_MANAGER'],
    clcCodes: ['KAK'],
  },
  {
    username: 'lead_coordinator',
    firstName: 'Amina',
    lastName: 'Yusuf',
    gender: 'f',
    systemRole: 'user',
    roles: ['LEAD_COORDINATOR', 'COORDINATOR'],
    clcCodes: ['KAK', 'DZA'],
  },
  {
    username: 'coordinator',
    firstName: 'John',
    lastName: 'Deng',
    gender: 'm',
    systemRole: 'user',
    roles: ['COORDINATOR'],
    clcCodes: ['KAK'],
  },
  {
    username: 'lead_facilitator',
    firstName: 'Leila',
    lastName: 'Nasser',
    gender: 'f',
    systemRole: 'user',
    roles: ['LEAD_FACILITATOR', 'FACILITATOR'],
    clcCodes: ['KAK'],
    employeeType: 'onsite_facilitator',
  },
  {
    username: 'facilitator',
    firstName: 'Peter',
    lastName: 'Lual',
    gender: 'm',
    systemRole: 'user',
    roles: ['FACILITATOR'],
    clcCodes: ['KAK'],
    employeeType: 'onsite_facilitator',
  },
  {
    username: 'lead_faculty',
    firstName: 'David',
    lastName: 'Kim',
    gender: 'm',
    systemRole: 'user',
    roles: ['LEAD_FACULTY', 'FACULTY'],
    clcCodes: ['KAK'],
    employeeType: 'online_facilitator',
  },
  {
    username: 'faculty',
    firstName: 'Maria',
    lastName: 'Alvarez',
    gender: 'f',
    systemRole: 'user',
    roles: ['FACULTY'],
    clcCodes: ['KAK'],
    employeeType: 'online_facilitator',
  },
  {
    username: 'teaching_assistant',
    firstName: 'Nour',
    lastName: 'Khalil',
    gender: 'f',
    systemRole: 'user',
    roles: ['TEACHING_ASSISTANT'],
    clcCodes: ['KAK'],
    employeeType: 'online-onsite_facilitator',
  },
  {
    username: 'university_representative',
    firstName: 'Sarah',
    lastName: 'Collins',
    gender: 'f',
    systemRole: 'user',
    roles: ['UNIVERSITY_REPRESENTATIVE'],
    clcCodes: ['KAK'],
  },
  {
    username: 'view_only_user',
    firstName: 'Ahmed',
    lastName: 'Farah',
    gender: 'm',
    systemRole: 'user',
    roles: ['VIEW_ONLY_USER'],
    clcCodes: ['KAK'],
  },
  {
    username: 'api_user',
    firstName: 'Integration',
    lastName: 'Account',
    gender: 'o',
    systemRole: 'user',
    roles: ['API_USER'],
    clcCodes: ['KAK'],
  },
  {
    username: 'student',
    firstName: 'Achol',
    lastName: 'Garang',
    gender: 'f',
    systemRole: 'user',
    roles: ['STUDENT'],
    clcCodes: ['KAK'],
  },
  {
    username: 'coordinator_2',
    firstName: 'Rami',
    lastName: 'Saleh',
    gender: 'm',
    systemRole: 'user',
    roles: ['COORDINATOR'],
    clcCodes: ['AMM'],
  },
  {
    username: 'facilitator_2',
    firstName: 'Hana',
    lastName: 'Odeh',
    gender: 'f',
    systemRole: 'user',
    roles: ['FACILITATOR'],
    clcCodes: ['AMM'],
    employeeType: 'onsite_facilitator',
  },
  {
    username: 'student_2',
    firstName: 'Yousef',
    lastName: 'Qasem',
    gender: 'm',
    systemRole: 'user',
    roles: ['STUDENT'],
    clcCodes: ['AMM'],
  },
];

/** Generated people of the demo: fixed seeds, so every demo database holds the same people. */
export const DEMO_GENERATED = {
  students: 300,
  studentSeed: 20_240_301,
  staffSeed: 20_240_302,
  perClc: { facilitators: [2, 4], coordinators: [1, 2] },
} as const;

/** The profiles of the demo sign-ins `student` and `student_2`. */
const DEMO_STUDENT_PROFILES = {
  student: {
    birthDate: '2001-03-14',
    birthCountry: 'SS',
    birthPlace: 'Bor',
    nationality: 'SS',
    nativeLanguage: 'Dinka',
    countryOfOrigin: 'SS',
    countryOfResidence: 'KE',
    countryOfSchool: 'KE',
    residencyStatus: 'refugee',
    schoolingLevel: 'high_school',
    unhcrNumber: '813-15C04512',
    identificationType: 'localId',
    identificationNumber: '40021577',
    deviceType: 'tablet_keyboard',
    cefrLevel: 3,
  },
  student_2: {
    birthDate: '1998-09-02',
    birthCountry: 'SY',
    birthPlace: 'Daraa',
    nationality: 'SY',
    nativeLanguage: 'Arabic',
    countryOfOrigin: 'SY',
    countryOfResidence: 'JO',
    countryOfSchool: 'SY',
    residencyStatus: 'urban',
    schoolingLevel: 'middle_school',
    unhcrNumber: '672-18C00931',
    identificationType: 'passport',
    identificationNumber: 'N0123456',
    deviceType: 'laptop',
    cefrLevel: 2,
  },
} as const satisfies Record<string, Omit<typeof studentProfiles.$inferInsert, 'userId'>>;

export async function hasAnyUser(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return (row?.n ?? 0) > 0;
}

/** Fills an empty database with the demo CLCs and sign-ins. Call after syncCatalogue. */
export async function seedDemo(db: Db): Promise<void> {
  // One hash for every demo account: argon2 is deliberately slow.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const clcRows = await tx
      .insert(clcs)
      .values([...DEMO_CLCS])
      .returning({ id: clcs.id, code: clcs.code });
    const clcId = new Map(clcRows.map((c) => [c.code, c.id]));
    const created = await tx
      .insert(users)
      .values(
        DEMO_USERS.map((u) => ({
          username: u.username,
          email: `${u.username}@demo.lantern.example`,
          firstName: u.firstName,
          lastName: u.lastName,
          gender: u.gender,
          systemRole: u.systemRole,
          employeeType: u.employeeType ?? null,
          passwordHash,
          lastRoleKey: u.roles[0] ?? null,
        })),
      )
      .returning({ jwlId: users.jwlId, username: users.username });
    const idOf = new Map(created.map((u) => [u.username, u.jwlId]));
    const memberships = DEMO_USERS.flatMap((u) =>
      u.clcCodes.map((code) => ({
        userId: idOf.get(u.username) ?? 0,
        clcId: clcId.get(code) ?? 0,
      })),
    );
    await tx.insert(userClcs).values(memberships);
    const grants = DEMO_USERS.flatMap((u) =>
      u.roles.map((roleKey) => ({ userId: idOf.get(u.username) ?? 0, roleKey })),
    );
    await tx.insert(userRoles).values(grants);
    await tx.insert(studentProfiles).values(
      Object.entries(DEMO_STUDENT_PROFILES).map(([username, profile]) => ({
        userId: idOf.get(username) ?? 0,
        ...profile,
      })),
    );
    // A few hundred students over every demo CLC, and facilitators and coordinators for each
    // (with no password: they would set one through their invitation link).
    const clcIds = clcRows.map((c) => c.id);
    const generated = await insertStudents(tx, {
      clcIds,
      count: DEMO_GENERATED.students,
      seed: DEMO_GENERATED.studentSeed,
    });
    const staff = await insertStaff(tx, {
      clcIds,
      seed: DEMO_GENERATED.staffSeed,
      perClc: {
        facilitators: [...DEMO_GENERATED.perClc.facilitators],
        coordinators: [...DEMO_GENERATED.perClc.coordinators],
      },
    });
    const programmes = await seedProgrammes(tx, { clcId, userId: idOf });
    // Course content of the learning side, in the programmes just made.
    await seedLearning(tx, { userId: idOf });
    // A quiz, a graded discussion and a voice task for the demo student to try.
    await seedLearningActivities(tx, { userId: idOf });
    // Learner work on that content: submissions in every state, with their grades and progress.
    const learningWork = await seedLearningWork(tx, { userId: idOf });
    // A handful of people with one data-quality problem each, for the user data checker.
    const dataChecks = await seedDataChecks(tx, clcId);
    const communication = await seedCommunication(tx, { clcId, userId: idOf });
    // Terms, offerings, student courses and classrooms of the bachelor programme 512.
    const bachelorTerms = await seedBachelorTerms(tx);
    await seedBachelorCohorts(tx);
    // Credits before verification: its seed makes further results final, which then earn.
    const bachelorCredits = await seedBachelorCredits(tx);
    // After the bachelor terms: verification at each level and export statuses.
    const bachelorVerify = await seedBachelorVerify(tx);
    const earnedLater = await seedEarnedForFinalResults(tx);
    await tx.insert(auditLog).values({
      action: 'demo.seeded',
      entityType: 'system',
      changes: {
        users:
          created.length +
          generated.students +
          staff.facilitators +
          staff.coordinators +
          dataChecks,
        clcs: clcRows.length,
        generatedStudents: generated.students,
        facilitators: staff.facilitators,
        coordinators: staff.coordinators,
        ...programmes,
        ...communication,
        ...learningWork,
        ...bachelorVerify,
        ...bachelorCredits,
        earnedLater,
        ...bachelorTerms,
      },
    });
  });
}

/** Creates the first super admin from the environment when no user has that name yet. */
export async function ensureAdmin(db: Db, username: string, password: string): Promise<boolean> {
  const existing = await db
    .select({ jwlId: users.jwlId })
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()));
  if (existing.length > 0) return false;
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({
        username,
        firstName: 'System',
        lastName: 'Administrator',
        systemRole: 'superAdmin',
        passwordHash,
        lastRoleKey: 'SUPER_ADMIN',
      })
      .returning({ jwlId: users.jwlId });
    if (!created) throw new Error('The first super admin could not be created.');
    await tx.insert(userRoles).values({ userId: created.jwlId, roleKey: 'SUPER_ADMIN' });
    await tx.insert(auditLog).values({
      action: 'user.created',
      entityType: 'user',
      entityId: String(created.jwlId),
      changes: { username, systemRole: 'superAdmin', source: 'LANTERN_ADMIN_USERNAME' },
    });
  });
  return true;
}
