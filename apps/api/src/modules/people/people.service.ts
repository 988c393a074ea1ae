import type { z } from 'zod';
import type {
  facilitatorInputSchema,
  Person,
  PersonListItem,
  PersonListQuery,
  PersonPage,
  Student,
  studentInputSchema,
  userInputSchema,
} from '@lantern/contracts/people';
import { VALIDATION } from '@lantern/contracts/messages';
import type { AuthContext } from '../../plugins/auth';
import { AppError, badRequest, invalidFields, notFound } from '../../lib/errors';
import { audit } from '../../lib/audit';
import type { Deps } from '../../lib/deps';
import { diff } from '../../lib/history';
import { isCountryCode } from '../../lib/countries';
import { normalisePhone } from '../../lib/phone';
import { clcScope } from '../../lib/scope';
import { decodeCursor, encodeCursor } from '../../lib/cursor';
import { findClcRefs } from '../../lib/people';
import { revokeAllSessions } from '../../lib/sessions';
import {
  assertSuperAdminSurvives,
  grantsFor,
  isSuperAdminPerson,
  loadGrantTarget,
} from '../../lib/grants';
import type { Kind } from './people.kinds';
import * as repo from './people.repository';

type StudentData = z.output<typeof studentInputSchema>;
type FacilitatorData = z.output<typeof facilitatorInputSchema>;
type UserData = z.output<typeof userInputSchema>;
/** What any of the four forms sends, after its schema: the base fields and maybe more. */
export type PersonData = Partial<StudentData & FacilitatorData & UserData> &
  Pick<
    StudentData,
    'username' | 'firstName' | 'lastName' | 'email' | 'phone' | 'gender' | 'clcIds'
  >;

const STUDENT_COUNTRY_FIELDS = [
  'birthCountry',
  'nationality',
  'countryOfOrigin',
  'countryOfResidence',
  'countryOfSchool',
  'vocationalCountry',
] as const;

const staleVersion = (kind: Kind) =>
  new AppError(
    409,
    'STALE_VERSION',
    `Someone else changed this ${kind.label.toLowerCase()} while you were editing. Reload to see their changes, then edit again.`,
  );

export function toListItem(row: repo.PersonListRow): PersonListItem {
  return {
    id: row.id,
    username: row.username,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    gender: row.gender,
    status: row.status,
    employeeType: row.employee_type as PersonListItem['employeeType'],
    roles: row.roles,
    clcs: row.clcs,
    nationality: row.nationality,
    residencyStatus: row.residency_status as PersonListItem['residencyStatus'],
    birthDate: row.birth_date,
    lastSignInAt: row.last_sign_in_at,
    createdAt: row.created_at,
  };
}

export async function findPersonList(
  deps: Deps,
  auth: AuthContext,
  kind: Kind,
  query: PersonListQuery,
): Promise<PersonPage> {
  const { page, limit, sort, dir, after, before, ...filters } = query;
  if (after !== undefined && before !== undefined)
    throw badRequest('Ask for the page after a row or before one, not both.');
  const start: repo.PageStart =
    after !== undefined
      ? { after: decodeCursor(after, sort, dir) }
      : before !== undefined
        ? { before: decodeCursor(before, sort, dir) }
        : { offset: (page - 1) * limit };
  const found = await repo.findPeople(
    deps.db,
    { roles: kind.roles, scope: clcScope(auth), query: filters },
    { limit, sort, dir, start },
  );
  const cursorOf = (row: repo.PersonPageRow | undefined) =>
    row ? encodeCursor({ sort, dir, value: row.sort_key, id: row.id }) : null;
  return {
    items: found.items.map(toListItem),
    total: found.total,
    page,
    limit,
    next: found.hasNext ? cursorOf(found.items.at(-1)) : null,
    prev: found.hasPrev ? cursorOf(found.items[0]) : null,
  };
}

async function toDetail(deps: Deps, row: repo.PersonRow): Promise<Person | Student> {
  const person: Person = {
    id: row.jwlId,
    username: row.username,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    gender: row.gender,
    systemRole: row.systemRole,
    employeeType: row.employeeType,
    status: row.status,
    roles: row.roles,
    clcs: await findClcRefs(deps.db, row.clcIds),
    profilePhoto: row.profilePhotoFileId ? deps.files.signedUrl(row.profilePhotoFileId) : null,
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    hasPassword: row.passwordHash !== null,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
  if (!row.profile) return person;
  const { userId: _userId, certificatePhotoFileId, ...profile } = row.profile;
  return {
    ...person,
    ...profile,
    certificatePhoto: certificatePhotoFileId ? deps.files.signedUrl(certificatePhotoFileId) : null,
  };
}

export async function getPersonDetail(deps: Deps, auth: AuthContext, kind: Kind, id: number) {
  const row = await repo.getPerson(deps.db, { roles: kind.roles, scope: clcScope(auth) }, id);
  if (!row) throw notFound(`The ${kind.label.toLowerCase()}`);
  return toDetail(deps, row);
}

export async function emailInUse(deps: Deps, email: string, exceptId?: number) {
  const count = await repo.countEmailUsers(deps.db, email, exceptId);
  return { count, warning: emailWarning(count) };
}

const emailWarning = (count: number): string | null =>
  count === 0
    ? null
    : `This e-mail is already used by ${count} other ${count === 1 ? 'person' : 'people'}. It is saved anyway.`;

/**
 * What the schema cannot know: free usernames, CLCs within reach, countries of the list, roles
 * that exist, and the phone read with its country. Throws one 400 naming every wrong field.
 */
async function check(
  deps: Deps,
  auth: AuthContext,
  kind: Kind,
  data: PersonData,
  exceptId?: number,
) {
  const fields: Record<string, string> = {};
  if (await repo.usernameTaken(deps.db, data.username, exceptId))
    fields.username = 'This username is already taken';
  const scope = clcScope(auth);
  const countries = await repo.clcCountries(deps.db, data.clcIds);
  if (data.clcIds.some((id) => !countries.has(id) || (scope && !scope.includes(id))))
    fields.clcIds = VALIDATION.select;
  for (const field of STUDENT_COUNTRY_FIELDS) {
    const value = data[field];
    if (value && !isCountryCode(value)) fields[field] = VALIDATION.select;
  }
  let roles: string[] = kind.createRole ? [kind.createRole] : [];
  if (kind.kind === 'user') {
    roles = [...new Set(data.roles ?? [])];
    const known = await repo.existingRoles(deps.db, roles);
    if (known.length !== roles.length) fields.roles = VALIDATION.multiSelect;
  }
  let phone: string | null = null;
  if (data.phone) {
    const country = data.countryOfResidence ?? countries.get(data.clcIds[0] ?? -1) ?? null;
    phone = normalisePhone(data.phone, country);
    if (!phone) fields.phone = VALIDATION.phone;
  }
  const names = Object.keys(fields);
  if (names.length > 0) throw invalidFields(fields);
  const warnings: Record<string, string> = {};
  if (data.email) {
    const warning = emailWarning(await repo.countEmailUsers(deps.db, data.email, exceptId));
    if (warning) warnings.email = warning;
  }
  return { phone, roles, warnings };
}

function userValues(kind: Kind, data: PersonData, phone: string | null): repo.UserValues {
  return {
    username: data.username,
    firstName: data.firstName,
    lastName: data.lastName,
    email: data.email,
    phone,
    gender: data.gender,
    employeeType: kind.hasEmployeeType ? (data.employeeType ?? null) : undefined,
    systemRole: kind.kind === 'user' ? (data.systemRole ?? 'user') : undefined,
    status: kind.kind === 'user' ? (data.status ?? 'active') : undefined,
  };
}

/** The keys that have a value: what a form of this kind sets (others stay as they are). */
function defined<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(values).filter((entry) => entry[1] !== undefined),
  ) as Partial<T>;
}

function profileValues(data: PersonData): repo.ProfileValues {
  const d = data as StudentData;
  return {
    birthDate: d.birthDate,
    birthCountry: d.birthCountry,
    birthPlace: d.birthPlace,
    nationality: d.nationality,
    nativeLanguage: d.nativeLanguage,
    countryOfOrigin: d.countryOfOrigin,
    countryOfResidence: d.countryOfResidence,
    countryOfSchool: d.countryOfSchool,
    residencyStatus: d.residencyStatus,
    schoolingLevel: d.schoolingLevel,
    vocationalSchool: d.vocationalSchool,
    vocationalName: d.vocationalSchool ? d.vocationalName : null,
    vocationalCountry: d.vocationalSchool ? d.vocationalCountry : null,
    vocationalSubjects: d.vocationalSchool ? d.vocationalSubjects : null,
    vocationalYears: d.vocationalSchool ? d.vocationalYears : null,
    vocationalCompleted: d.vocationalSchool ? d.vocationalCompleted : null,
    vocationalCompletionYear: d.vocationalSchool ? d.vocationalCompletionYear : null,
    unhcrNumber: d.unhcrNumber,
    identificationType: d.identificationType,
    identificationNumber: d.identificationType === 'none' ? null : d.identificationNumber,
    otherCommunication: d.otherCommunication,
    deviceType: d.deviceType,
    cefrLevel: d.cefrLevel,
  };
}

const clcCodes = async (deps: Deps, ids: number[]) =>
  (await findClcRefs(deps.db, ids)).map((c) => c.code).sort();

export async function createPerson(deps: Deps, auth: AuthContext, kind: Kind, data: PersonData) {
  const { phone, roles, warnings } = await check(deps, auth, kind, data);
  const user = userValues(kind, data, phone);
  const profile = kind.kind === 'student' ? profileValues(data) : null;
  const clcs = await clcCodes(deps, data.clcIds);
  const id = await deps.db.transaction(async (tx) => {
    // A new person holds nothing yet: every role given must be one the actor may grant.
    const grants = await grantsFor(tx, auth);
    grants.assertRolesChange(
      { systemRole: 'user', roles: [], clcIds: data.clcIds },
      { roles, systemRole: user.systemRole ?? 'user' },
    );
    const created = await repo.insertPerson(tx, { user, roles, clcIds: data.clcIds, profile });
    await audit(tx, auth, {
      action: `${kind.kind}.created`,
      entityType: 'user',
      entityId: created,
      changes: { ...user, roles, clcs, ...(profile ?? {}) },
    });
    return created;
  });
  return { record: await getPersonDetail(deps, auth, kind, id), warnings };
}

export async function updatePerson(
  deps: Deps,
  auth: AuthContext,
  kind: Kind,
  id: number,
  version: number,
  data: PersonData,
) {
  const scope = clcScope(auth);
  const current = await repo.getPerson(deps.db, { roles: kind.roles, scope }, id);
  if (!current) throw notFound(`The ${kind.label.toLowerCase()}`);
  const { phone, roles, warnings } = await check(deps, auth, kind, data, id);
  const user = defined(userValues(kind, data, phone));
  const profile = kind.kind === 'student' ? profileValues(data) : null;
  // CLCs by code in the history; memberships beyond the editor's reach stay and count. Read
  // before the transaction: PGlite has one connection, held by the transaction.
  const kept = scope ? current.clcIds.filter((c) => !scope.includes(c)) : [];
  const clcsBefore = await clcCodes(deps, current.clcIds);
  const clcsAfter = await clcCodes(deps, [...new Set([...data.clcIds, ...kept])]);
  await deps.db.transaction(async (tx) => {
    // The grant rule (decision 0015) against the person as they are inside this transaction.
    const target = await loadGrantTarget(tx, id);
    if (!target) throw notFound(`The ${kind.label.toLowerCase()}`);
    const grants = await grantsFor(tx, auth);
    grants.assertPerson(target);
    if (kind.kind === 'user')
      grants.assertRolesChange(target, { roles, systemRole: user.systemRole ?? target.systemRole });
    const identityChanged =
      (user.username !== undefined && user.username !== current.username) ||
      (user.email !== undefined && user.email?.toLowerCase() !== current.email?.toLowerCase()) ||
      (user.status !== undefined && user.status !== current.status);
    if (identityChanged) grants.assertIdentity(target);
    if (!(await repo.updateUserRow(tx, id, version, user))) throw staleVersion(kind);
    if (profile) await repo.upsertProfile(tx, id, profile);
    await repo.replaceClcs(tx, id, data.clcIds, scope);
    if (kind.kind === 'user') await repo.replaceRoles(tx, id, roles);
    // Locking an account ends every sign-in of it at once.
    if (user.status === 'locked' && current.status !== 'locked')
      await revokeAllSessions(tx, id, 'account locked');
    const before = {
      ...current,
      ...(current.profile ?? {}),
      clcs: clcsBefore,
      roles: current.roles,
    } as Record<string, unknown>;
    const after: Record<string, unknown> = {
      ...user,
      ...(profile ?? {}),
      clcs: clcsAfter,
      ...(kind.kind === 'user' ? { roles } : {}),
    };
    if (isSuperAdminPerson(target)) await assertSuperAdminSurvives(tx);
    await audit(tx, auth, {
      action: `${kind.kind}.updated`,
      entityType: 'user',
      entityId: id,
      changes: diff(before, after),
    });
  });
  return { record: await getPersonDetail(deps, auth, kind, id), warnings };
}
