import type { Right } from './rights';

/**
 * A page the menu leads to: its path under /:lang (`:id` stands for a programme), the one right
 * that opens it, and the API route the page loads, which declares that same right. The menu is
 * built from this table and its page loaders check these rights, so a menu entry leads only
 * where its role may go (issue 14; a test holds the table, the routes and the menu together).
 */
export type Page = { path: string; right: Right; api: string };

export const PAGES = {
  studentList: { path: 'student/list', right: 'STUDENT__DISPLAY', api: 'GET /api/:locale/student' },
  facilitatorList: {
    path: 'facilitator/list',
    right: 'FACILITATOR__DISPLAY',
    api: 'GET /api/:locale/facilitator',
  },
  coordinatorList: {
    path: 'coordinator/list',
    right: 'COORDINATOR__DISPLAY',
    api: 'GET /api/:locale/coordinator',
  },
  leadFacilitatorList: {
    path: 'lead-facilitator/list',
    right: 'LEAD_FACILITATOR__DISPLAY',
    api: 'GET /api/:locale/lead-facilitator',
  },
  leadFacultyList: {
    path: 'lead-faculty/list',
    right: 'LEAD_FACULTY__DISPLAY',
    api: 'GET /api/:locale/lead-faculty',
  },
  clcList: { path: 'clc-partner/list', right: 'CLC__DISPLAY', api: 'GET /api/:locale/clc-partner' },
  userList: { path: 'user/list', right: 'USER__DISPLAY', api: 'GET /api/:locale/user' },
  // The follow-ups of dropout flags assigned to the user (decision 0021 §3.4); both modes.
  dropoutFollowUps: {
    path: 'dropout-follow-ups',
    right: 'DROPOUT_FOLLOW_UP__DISPLAY',
    api: 'GET /api/:locale/dropout-follow-ups',
  },
  bachelorList: {
    path: 'programme/list/bachelor',
    right: 'PROGRAMME_ACADEMIC__DISPLAY',
    api: 'GET /api/:locale/programme/bachelor',
  },
  professionalList: {
    path: 'programme/list/professional-certificate',
    right: 'PROGRAMME_PROFESSIONAL__DISPLAY',
    api: 'GET /api/:locale/programme/professional-certificate',
  },
  programmeOverview: {
    path: 'programme/professional-certificate/:id/overview',
    right: 'PC_PROGRAMME__DISPLAY',
    api: 'GET /api/:locale/programme/professional-certificate/:id',
  },
  programmeClasses: {
    path: 'programme/professional-certificate/:id/classes',
    right: 'CLASSROOM__DISPLAY',
    api: 'GET /api/:locale/programme/professional-certificate/:id/classes',
  },
  authorisation: {
    path: 'authorisation',
    right: 'AUTHORISATION__DISPLAY',
    api: 'GET /api/:locale/authorisation',
  },
  userDataChecker: {
    path: 'userDataChecker',
    right: 'DATA_CLEAN_UP__DISPLAY',
    api: 'GET /api/:locale/user-data-checker',
  },
  dataCleanup: {
    path: 'dataCleanup',
    right: 'DATA_CLEAN_UP__DISPLAY',
    api: 'GET /api/:locale/data-cleanup/runs',
  },
  userMerge: {
    path: 'userMerge',
    right: 'DATA_CLEAN_UP__MERGE',
    api: 'GET /api/:locale/user-merge/log',
  },
  securityActions: {
    path: 'security-actions',
    right: 'USER__SECURITY_ACCESS',
    api: 'POST /api/:locale/security-actions/preview',
  },
  apiTokens: {
    path: 'api-tokens',
    right: 'USER__SECURITY_ACCESS',
    api: 'GET /api/:locale/api-tokens',
  },
  auditLog: { path: 'audit-log', right: 'AUDIT_LOG__DISPLAY', api: 'GET /api/:locale/audit-log' },
  mailLog: { path: 'mail-log', right: 'MAIL_LOG__DISPLAY', api: 'GET /api/:locale/mail-log' },
  announcements: {
    path: 'announcements',
    right: 'ANNOUNCEMENT__DISPLAY',
    api: 'GET /api/:locale/announcements',
  },
  supportTickets: {
    path: 'support-tickets',
    right: 'SUPPORT_TICKET__DISPLAY',
    api: 'GET /api/:locale/support-tickets',
  },
} as const satisfies Record<string, Page>;
export type PageKey = keyof typeof PAGES;

/**
 * The lms pages the lms menu leads to (decision 0019, "The lms menu and the concentrations"):
 * `:id` is the programme of a concentration, the course of an orientation, or the class. Their
 * API routes are the learning routes under /api/:locale/lms.
 */
export const LMS_PAGES = {
  learning: { path: 'learning', right: 'GENERAL_LMS__DISPLAY', api: 'GET /api/:locale/lms/home' },
  concentrationHome: {
    path: 'concentration_home/:id',
    right: 'GENERAL_LMS__DISPLAY',
    api: 'GET /api/:locale/lms/concentration/:concentration',
  },
  orientationCourse: {
    path: 'orientation_course/:id',
    right: 'COURSE_DOCUMENT__DISPLAY',
    api: 'GET /api/:locale/lms/course/:courseId',
  },
  classRoot: {
    path: 'class_root',
    right: 'CLASSROOM__DISPLAY',
    api: 'GET /api/:locale/lms/classes',
  },
  class: {
    path: 'class/:id',
    right: 'CLASSROOM__DISPLAY',
    api: 'GET /api/:locale/lms/class/:classId',
  },
  track: {
    path: 'track',
    right: 'GENERAL_LMS__DISPLAY',
    api: 'GET /api/:locale/lms/my-progress',
  },
  similarityChecks: {
    path: 'similarity-checks',
    right: 'SUBMISSION_TURNITIN_ADMIN__DISPLAY',
    api: 'GET /api/:locale/lms/similarity-checks',
  },
  wbts: {
    path: 'wbts',
    right: 'WBT_ALL__DISPLAY',
    api: 'GET /api/:locale/lms/wbts',
  },
  gradeRequests: {
    path: 'learning/grade-requests',
    right: 'GRADE_CHANGE_REQUEST__DISPLAY',
    api: 'GET /api/:locale/lms/grade-requests',
  },
} as const satisfies Record<string, Page>;
export type LmsPageKey = keyof typeof LMS_PAGES;

/** Every page a menu of either mode leads to. */
export const MENU_PAGES = { ...PAGES, ...LMS_PAGES } as const satisfies Record<string, Page>;
export type MenuPageKey = keyof typeof MENU_PAGES;

/** A page's path with its id (programme, course or class) put in. */
export const pagePath = (key: MenuPageKey, id?: number): string =>
  MENU_PAGES[key].path.replace(':id', String(id ?? ''));

/**
 * The programme entry's redirect (spec §2), in its order: the bachelor list, else the
 * professional list, else GEL. programme/gel is not built yet (null): until it is, a holder of
 * PROGRAMME_GEL__DISPLAY alone has nowhere to go, and the menu shows them no Programmes entry.
 */
export const PROGRAMME_ENTRY: readonly { right: Right; page: PageKey | null }[] = [
  { right: 'PROGRAMME_ACADEMIC__DISPLAY', page: 'bachelorList' },
  { right: 'PROGRAMME_PROFESSIONAL__DISPLAY', page: 'professionalList' },
  { right: 'PROGRAMME_GEL__DISPLAY', page: null },
];

/** Where the programme entry leads a holder of these rights: the first step they hold (its page
 * may be null, not built yet), or undefined when they hold none of the three. */
export function programmeEntryStep(
  rights: ReadonlySet<string>,
): (typeof PROGRAMME_ENTRY)[number] | undefined {
  return PROGRAMME_ENTRY.find((step) => rights.has(step.right));
}
