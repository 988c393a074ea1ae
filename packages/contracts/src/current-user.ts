import { z } from 'zod';
import { RTL_LANGUAGES, SWITCHER_LANGUAGES } from './constants';
import { EMPLOYEE_TYPES, GENDERS, ROLE_SCOPES, SYSTEM_ROLES } from './enums';

export const clcRefSchema = z.object({ id: z.number().int(), name: z.string(), code: z.string() });
export type ClcRef = z.infer<typeof clcRefSchema>;

/** The current user of spec §3; `id` is the person's jwlId, `role` the system role. */
/** A language the lms offers (spec §2's switcher); routes and server sentences stay en. */
export const languageSchema = z.enum(SWITCHER_LANGUAGES);
export type Language = z.infer<typeof languageSchema>;

/**
 * What the lms needs to know of the person at start (decision 0019, "Mode follows the route"):
 * whether they learn (SUBMISSION__CREATE), reach a class, may author content, read every course
 * (system role seeAllCourses), and until when a study break covering today runs (a date).
 */
export const learningFlagsSchema = z.object({
  isLearner: z.boolean(),
  teaches: z.boolean(),
  authors: z.boolean(),
  seeAllCourses: z.boolean(),
  studyBreakUntil: z.string().nullable(),
});
export type LearningFlags = z.infer<typeof learningFlagsSchema>;

export const currentUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  profilePhoto: z.string().nullable(),
  role: z.enum(SYSTEM_ROLES),
  employeeType: z.enum(EMPLOYEE_TYPES).nullable(),
  gender: z.enum(GENDERS).nullable(),
  applicationRoles: z.array(z.string()),
  activeRole: z.string().nullable(),
  roleScope: z.enum(ROLE_SCOPES).nullable(),
  applicationRights: z.array(z.string()),
  /** The CLCs the user works in now (narrowed by their choice); `allClcs` are all they belong to. */
  clcs: z.array(clcRefSchema),
  allClcs: z.array(clcRefSchema),
  canImpersonate: z.boolean(),
  impersonated: z.boolean(),
  impersonatedBy: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  /** The person's language in lms mode (users.locale); en until they choose. */
  locale: languageSchema.default('en'),
  /** In lms mode only; null in sis. */
  learning: learningFlagsSchema.nullable().default(null),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** A menu item of spec §3 (programme entries carry code, dates and type). */
export const menuItemSchema = z.object({
  id: z.string(),
  code: z.string().nullable(),
  label: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  type: z.enum(['orientation', 'other']),
});
export type MenuItem = z.infer<typeof menuItemSchema>;

/** A menu node: a link (`path` under /:lang) or a group of items; `flyout` marks course/class
 * menus, whose entries each carry their spec §3 menu `item` (the programme or class they open). */
export type MenuNode = {
  id: string;
  label: string;
  path: string | null;
  flyout?: 'course' | 'class' | undefined;
  item?: MenuItem | undefined;
  items?: MenuItem[] | undefined;
  children?: MenuNode[] | undefined;
};
export const menuNodeSchema: z.ZodType<MenuNode> = z.lazy(() =>
  z.object({
    id: z.string(),
    label: z.string(),
    path: z.string().nullable(),
    flyout: z.enum(['course', 'class']).optional(),
    item: menuItemSchema.optional(),
    items: z.array(menuItemSchema).optional(),
    children: z.array(menuNodeSchema).optional(),
  }),
);

export const enumOptionSchema = z.object({ value: z.string(), label: z.string() });

export const basicSystemDataSchema = z.object({
  version: z.string(),
  maxFileSize: z.string(),
  maxFileSizeBytes: z.number(),
  mode: z.enum(['lms', 'sis']),
  locale: z.string(),
  year: z.number().int(),
  helpdeskEmail: z.string().nullable(),
  enumerations: z.record(z.string(), z.array(enumOptionSchema)),
  /** lms mode only (decision 0019): the switcher's languages, those written right to left, the
   * hosts videos may come from, and the upload limits. */
  languages: z.array(languageSchema).optional(),
  rtlLanguages: z.array(z.enum(RTL_LANGUAGES)).optional(),
  videoHosts: z.array(z.string()).optional(),
  upload: z.object({ maxBytes: z.number().int(), chunkBytes: z.number().int() }).optional(),
});
export type BasicSystemData = z.infer<typeof basicSystemDataSchema>;

export const baseDataSchema = z.object({
  user: currentUserSchema,
  menu: z.array(menuNodeSchema),
  basicSystemData: basicSystemDataSchema,
});
export type BaseData = z.infer<typeof baseDataSchema>;

/** PUT /api/general/current-user/locale: the person's language choice, and its answer. */
export const localeUpdateSchema = z.object({ locale: languageSchema });
export type LocaleUpdate = z.infer<typeof localeUpdateSchema>;

export const versionSchema = z.object({ version: z.string() });

export const impersonatorSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});
export type Impersonator = z.infer<typeof impersonatorSchema>;

/** Where a person reads the rules of use (a page of the app). */
export const ACCEPTABLE_USE_PATH = '/en/acceptable-use';

/** What the public pages need before anyone signs in (spec §3, the store's "public info"):
 * the helpdesk's address, the version, and where the acceptable-use rules are. */
export const publicInfoSchema = z.object({
  version: z.string(),
  helpdeskEmail: z.string().nullable(),
  acceptableUsePath: z.string(),
});
export type PublicInfo = z.infer<typeof publicInfoSchema>;
