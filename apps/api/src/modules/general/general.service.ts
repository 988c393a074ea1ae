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
} from '@lantern/contracts/constants';
import type { BaseData, BasicSystemData } from '@lantern/contracts/current-user';
import type { AuthContext } from '../../plugins/auth';
import type { Deps } from '../../lib/deps';
import { buildMenuWithFlyouts } from '../../lib/menu-flyouts';
import { findClcRefs } from '../../lib/people';
import { canImpersonate } from '../../lib/grants';

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
  return {
    version: APP_VERSION,
    maxFileSize: MAX_FILE_SIZE_LABEL,
    maxFileSizeBytes: MAX_FILE_SIZE_BYTES,
    mode,
    locale: DEFAULT_LOCALE,
    year: new Date().getUTCFullYear(),
    helpdeskEmail: deps.config.helpdeskEmail,
    enumerations: ENUMERATIONS,
  };
}

/** The base data the web loads at start: the user as they act now, their menu, system data. */
export async function getBaseData(deps: Deps, auth: AuthContext, mode: Mode): Promise<BaseData> {
  const { user } = auth;
  const allClcs = await findClcRefs(deps.db, user.allClcIds);
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
    },
    menu: await buildMenuWithFlyouts(deps.db, auth, mode),
    basicSystemData: basicSystemData(deps, mode),
  };
}
