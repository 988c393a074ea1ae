import {
  CEFR_LEVELS,
  DEVICE_TYPES,
  EMPLOYEE_TYPES,
  GENDERS,
  RESIDENCY_STATUSES,
  SCHOOLING_LEVELS,
  SYSTEM_ROLES,
  TERMS,
  USER_STATUSES,
  type Mode,
} from '@lantern/contracts/enums';
import {
  APP_VERSION,
  DEFAULT_LOCALE,
  MAX_FILE_SIZE_BYTES,
  MAX_FILE_SIZE_LABEL,
  RTL_LANGUAGES,
  SWITCHER_LANGUAGES,
} from '@lantern/contracts/constants';
import { UPLOAD_CHUNK_BYTES } from '@lantern/contracts/uploads';
import {
  languageSchema,
  type BaseData,
  type BasicSystemData,
  type Language,
  type LearningFlags,
} from '@lantern/contracts/current-user';
import { ERROR_TEXTS } from '@lantern/contracts/messages';
import type { AuthContext } from '../../plugins/auth';
import { audit } from '../../lib/audit';
import type { Deps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { isAuthor, isLearner, seesAllCourses } from '../../lib/learning-scope';
import { buildMenuWithFlyouts } from '../../lib/menu-with-flyouts';
import { findClcRefs } from '../../lib/people';
import { canImpersonate } from '../../lib/grants';
import * as repo from './general.repository';

const label = (value: string) =>
  (value.charAt(0).toUpperCase() + value.slice(1)).replaceAll(/[_-]/g, ' ');
const options = (values: readonly string[], labels: Record<string, string> = {}) =>
  values.map((value) => ({ value, label: labels[value] ?? label(value) }));

const ENUMERATIONS: BasicSystemData['enumerations'] = {
  systemRoles: options(SYSTEM_ROLES, {
    seeAllCourses: 'See all courses',
    superAdmin: 'Super admin',
  }),
  employeeTypes: options(EMPLOYEE_TYPES, {
    online_facilitator: 'Online facilitator',
    'online-onsite_facilitator': 'Online and onsite facilitator',
    onsite_facilitator: 'Onsite facilitator',
    'onsite-online_facilitator': 'Onsite and online facilitator',
  }),
  genders: options(GENDERS, { m: 'Male', f: 'Female', o: 'Other' }),
  userStatuses: options(USER_STATUSES),
  residencyStatuses: options(RESIDENCY_STATUSES, {
    hc: 'Host community',
    idp: 'Internally displaced person',
  }),
  schoolingLevels: options(SCHOOLING_LEVELS),
  deviceTypes: options(DEVICE_TYPES, { tablet_keyboard: 'Tablet with keyboard' }),
  cefrLevels: CEFR_LEVELS.map((value, i) => ({ value: String(i), label: value })),
  terms: options(TERMS, { sp: 'Spring', su: 'Summer', fa: 'Fall' }),
};

export function basicSystemData(deps: Deps, mode: Mode): BasicSystemData {
  const data: BasicSystemData = {
    version: APP_VERSION,
    maxFileSize: MAX_FILE_SIZE_LABEL,
    maxFileSizeBytes: MAX_FILE_SIZE_BYTES,
    mode,
    // The routes' and the API's language (spec §2): the person's own choice is `user.locale`.
    locale: DEFAULT_LOCALE,
    year: new Date().getUTCFullYear(),
    helpdeskEmail: deps.config.helpdeskEmail,
    enumerations: ENUMERATIONS,
  };
  if (mode === 'sis') return data;
  return {
    ...data,
    languages: [...SWITCHER_LANGUAGES],
    rtlLanguages: [...RTL_LANGUAGES],
    videoHosts: deps.config.videoHosts,
    upload: { maxBytes: MAX_FILE_SIZE_BYTES, chunkBytes: UPLOAD_CHUNK_BYTES },
  };
}

/** System role manager works in the sis only, whatever its rights (spec §3). */
export function assertLmsAvailable(auth: AuthContext): void {
  if (auth.user.systemRole === 'manager')
    throw new AppError(403, 'LMS_NOT_AVAILABLE', ERROR_TEXTS.lmsNotAvailable);
}

/**
 * What the lms knows of the person (decision 0019): learns (SUBMISSION__CREATE); reaches a class
 * (CLASSROOM__DISPLAY and a class in class scope); may author; sees every course; the end of a
 * study break covering today.
 */
async function learningFlags(deps: Deps, auth: AuthContext): Promise<LearningFlags> {
  const teaches =
    auth.rights.has('CLASSROOM__DISPLAY') &&
    (seesAllCourses(auth) || (await repo.reachesAClass(deps.db, auth)));
  return {
    isLearner: isLearner(auth),
    teaches,
    authors: isAuthor(auth),
    seeAllCourses: seesAllCourses(auth),
    studyBreakUntil: await repo.findStudyBreakUntil(deps.db, auth.user.jwlId),
  };
}

/** A stored language, read leniently: anything the switcher does not offer (any more) is en. */
const asLanguage = (value: string | null): Language => {
  const parsed = languageSchema.safeParse(value);
  return parsed.success ? parsed.data : 'en';
};

/** The base data the web loads at start: the user as they act now, their menu, system data. */
export async function getBaseData(deps: Deps, auth: AuthContext, mode: Mode): Promise<BaseData> {
  if (mode === 'lms') assertLmsAvailable(auth);
  const { user } = auth;
  const allClcs = await findClcRefs(deps.db, user.allClcIds);
  const locale = asLanguage(await repo.findUserLocale(deps.db, user.jwlId));
  return {
    user: {
      id: user.jwlId,
      username: user.username,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      profilePhoto: user.profilePhotoFileId ? deps.files.signedUrl(user.profilePhotoFileId) : null,
      role: user.systemRole,
      employeeType: user.employeeType,
      gender: user.gender,
      applicationRoles: user.roleKeys,
      activeRole: user.roleKey,
      roleScope: user.roleScope,
      applicationRights: [...auth.rights],
      clcs: allClcs.filter((c) => auth.clcIds.includes(c.id)),
      allClcs,
      canImpersonate: canImpersonate(auth.realUser),
      impersonated: auth.impersonating,
      impersonatedBy: auth.impersonating
        ? { id: auth.realUser.jwlId, username: auth.realUser.username }
        : null,
      locale,
      learning: mode === 'lms' ? await learningFlags(deps, auth) : null,
    },
    menu: await buildMenuWithFlyouts(deps.db, auth, mode),
    basicSystemData: basicSystemData(deps, mode),
  };
}

/** Keeps the person's language choice (lms switcher); the change is on record. */
export async function updateLocale(
  deps: Deps,
  auth: AuthContext,
  locale: Language,
): Promise<{ locale: Language }> {
  await deps.db.transaction(async (tx) => {
    const before = await repo.findUserLocale(tx, auth.user.jwlId);
    if (before === locale) return;
    await repo.updateUserLocale(tx, auth.user.jwlId, locale);
    await audit(tx, auth, {
      action: 'user.locale',
      entityType: 'user',
      entityId: auth.user.jwlId,
      changes: { locale: { from: before, to: locale } },
    });
  });
  return { locale };
}
