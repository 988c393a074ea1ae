import { ROLE_SCOPES } from './enums';
import { family, RIGHTS, type Right } from './rights';

/** The 15 built-in application roles of spec §6; their keys never change. */
export const ROLE_KEYS = [
  'SUPER_ADMIN',
  'ADMIN',
  'ACADEMIC_MANAGER',
  'OPERATIONAL_MANAGER',
  'LEAD_COORDINATOR',
  'COORDINATOR',
  'LEAD_FACILITATOR',
  'FACILITATOR',
  'LEAD_FACULTY',
  'FACULTY',
  'TEACHING_ASSISTANT',
  'UNIVERSITY_REPRESENTATIVE',
  'VIEW_ONLY_USER',
  'API_USER',
  'STUDENT',
] as const;
export type BuiltInRoleKey = (typeof ROLE_KEYS)[number];

// The list lives in enums.ts, so that the current user's schema does not load this module (its
// table of default roles and every right) into each page; it is exported here as well.
export { ROLE_SCOPES };
export type RoleScope = (typeof ROLE_SCOPES)[number];

type RoleDefault = { label: string; scope: RoleScope; rights: readonly Right[]; why: string };

const without = (rights: readonly Right[], ...drop: Right[]): Right[] =>
  rights.filter((r) => !drop.includes(r));
const displays = (...areas: string[]): Right[] =>
  areas.flatMap(family).filter((r) => r.endsWith('__DISPLAY'));

const ALL: readonly Right[] = RIGHTS;
const ADMIN_RIGHTS = without(ALL, 'USER__IMPERSONATE');
const SIS_PEOPLE = [
  ...family('STUDENT'),
  ...family('APPLICANT'),
  ...family('PROGRAMME_APPLICANT'),
  ...family('FACILITATOR'),
  'COORDINATOR__DISPLAY',
  'CLC__DISPLAY',
] as const satisfies readonly Right[];

/**
 * The default role → right map, seeded into the database on first start. Admins change it
 * afterwards on the authorisation pages; the reasons are in docs/decisions/0003.
 */
export const DEFAULT_ROLES: Record<BuiltInRoleKey, RoleDefault> = {
  SUPER_ADMIN: {
    label: 'Super Admin',
    scope: 'all_clcs',
    rights: ALL,
    why: 'Runs the system; the only role that may impersonate.',
  },
  ADMIN: {
    label: 'Admin',
    scope: 'all_clcs',
    rights: ADMIN_RIGHTS,
    why: 'Runs the network day to day; everything except impersonation.',
  },
  ACADEMIC_MANAGER: {
    label: 'Academic Manager',
    scope: 'all_clcs',
    rights: [
      'GENERAL_SIS__DISPLAY',
      'GENERAL_LMS__DISPLAY',
      ...family('PROGRAMME'),
      ...family('PROGRAMME_ACADEMIC'),
      ...family('PROGRAMME_PROFESSIONAL'),
      ...family('PROGRAMME_GEL'),
      ...family('PC_PROGRAMME'),
      ...family('PC_STUDENT'),
      ...family('PC_CLASS'),
      ...family('PC_BREAK'),
      ...family('BA_COHORT'),
      ...family('BA_STUDENT'),
      ...family('BA_STUDENT_STATUS'),
      ...family('BA_TERM'),
      ...family('BA_VERIFICATION'),
      'BA_VERIFICATION_APPROVAL_BASIC__EDIT',
      ...family('BA_TRANSFER_IN'),
      ...family('BA_TRANSFER_OUT'),
      ...family('BA_PROGRAMME_BREAK'),
      ...family('GEL_TERM'),
      ...family('GEL_CLASSROOM'),
      ...family('GEL_CERTIFICATE'),
      ...family('CLASSROOM'),
      ...family('CLASSROOM_STUDENT'),
      ...family('CLASSROOM_STAFF'),
      ...family('CERTIFICATE'),
      ...family('GRADE_BOOK'),
      ...family('GRADE_CHANGE_REQUEST'),
      ...family('DROPOUT_FLAGGING'),
      ...family('DROPOUT_FOLLOW_UP'),
      ...family('AUTOMATIC_MAIL'),
      ...family('SYLLABUS'),
      ...family('COURSE_DOCUMENT'),
      ...family('COURSE_TASK'),
      'COURSE_PREVIEW__DISPLAY',
      ...family('ACTIVE_COURSES'),
      ...family('ADDITIONAL_COURSES'),
      'SUBMISSION__DISPLAY',
      ...family('UNIT'),
      ...family('REPORTING'),
      ...displays(
        'STUDENT',
        'FACILITATOR',
        'COORDINATOR',
        'CLC',
        'LEAD_FACULTY',
        'LEAD_FACILITATOR',
      ),
      'STUDENT__EXPORT',
      // Appoints the lead faculty of the courses it owns (people → lead faculty).
      'LEAD_FACULTY__EDIT',
      'LEAD_FACULTY__CREATE',
      'LEAD_FACULTY__EXPORT',
      ...family('ANNOUNCEMENT'),
      // Reads every training and the quiz sessions of the courses it owns (decision 0020).
      'WBT_ALL__DISPLAY',
      'QUIZ_SESSION__DISPLAY',
    ],
    why: 'Owns programmes, terms, classes, grades and certificates across the network; reads people.',
  },
  OPERATIONAL_MANAGER: {
    label: 'Operational Manager',
    scope: 'all_clcs',
    rights: [
      'GENERAL_SIS__DISPLAY',
      ...SIS_PEOPLE,
      ...family('COORDINATOR'),
      ...family('CLC'),
      ...family('CLC_SIGNATURE'),
      ...family('LEAD_FACILITATOR'),
      ...family('USER').filter((r) => r !== 'USER__IMPERSONATE' && r !== 'USER__SECURITY_ACCESS'),
      'PASSWORD_RESET__EDIT',
      ...displays('PROGRAMME', 'PROGRAMME_ACADEMIC', 'PROGRAMME_PROFESSIONAL', 'PROGRAMME_GEL'),
      ...displays('PC_PROGRAMME', 'PC_STUDENT', 'BA_STUDENT', 'GEL_APPLICANT', 'CLASSROOM'),
      // Staffing across the network: every class and who teaches it (decision 0008).
      'PC_CLASS__DISPLAY',
      'ACTIVE_COURSES__DISPLAY',
      'ADDITIONAL_COURSES__DISPLAY',
      ...family('REPORTING'),
      ...family('ANNOUNCEMENT'),
      ...family('SUPPORT_TICKET'),
      ...family('DATA_CLEAN_UP').filter((r) => r !== 'DATA_CLEAN_UP__MERGE'),
    ],
    why: 'Runs CLCs and staffing across the network: people, CLCs, accounts, reports; reads programmes.',
  },
  LEAD_COORDINATOR: {
    label: 'Lead Coordinator',
    scope: 'own_clcs',
    rights: [
      'GENERAL_SIS__DISPLAY',
      ...SIS_PEOPLE,
      ...family('COORDINATOR'),
      'CLC__EDIT',
      ...displays('PROGRAMME', 'PROGRAMME_PROFESSIONAL', 'PROGRAMME_ACADEMIC', 'PROGRAMME_GEL'),
      ...family('PC_STUDENT'),
      ...family('PC_BREAK'),
      ...displays('PC_PROGRAMME', 'PC_CLASS', 'CLASSROOM', 'BA_STUDENT', 'BA_COHORT'),
      ...family('GEL_APPLICANT'),
      ...family('GEL_PENDING_APPLICANT'),
      ...family('GEL_MINORS_VALIDATION'),
      // Approving a CLC's grades means reading them first (the verification page).
      'BA_VERIFICATION__DISPLAY',
      'BA_VERIFICATION_APPROVAL_CLC__EDIT',
      'PASSWORD_RESET__EDIT',
      // A student's courses on their overview: drop, restore, add one outside the programme.
      ...family('ACTIVE_COURSES'),
      ...family('ADDITIONAL_COURSES'),
      ...family('ANNOUNCEMENT'),
      'REPORTING__DISPLAY',
      // Their CLCs' dropout flags and follow-ups (decision 0021 §3.8).
      'DROPOUT_FLAGGING__DISPLAY',
      ...family('DROPOUT_FOLLOW_UP'),
    ],
    why: 'A coordinator who also leads the other coordinators of their CLCs and approves for the CLC.',
  },
  COORDINATOR: {
    label: 'Coordinator',
    scope: 'own_clcs',
    rights: [
      'GENERAL_SIS__DISPLAY',
      ...SIS_PEOPLE,
      ...displays('PROGRAMME', 'PROGRAMME_PROFESSIONAL', 'PROGRAMME_ACADEMIC', 'PROGRAMME_GEL'),
      ...family('PC_STUDENT'),
      ...family('PC_BREAK'),
      ...displays('PC_PROGRAMME', 'PC_CLASS', 'CLASSROOM', 'BA_STUDENT'),
      ...family('GEL_APPLICANT'),
      ...family('GEL_PENDING_APPLICANT'),
      'PASSWORD_RESET__EDIT',
      // A student's courses on their overview: drop, restore, add one outside the programme.
      ...family('ACTIVE_COURSES'),
      ...family('ADDITIONAL_COURSES'),
      // Their CLCs' dropout flags and follow-ups (decision 0021 §3.8).
      'DROPOUT_FLAGGING__DISPLAY',
      ...family('DROPOUT_FOLLOW_UP'),
    ],
    why: 'Runs one or more CLCs: their students, applicants and facilitators, nothing beyond them.',
  },
  LEAD_FACILITATOR: {
    label: 'Lead Facilitator',
    scope: 'own_clcs',
    rights: [
      'GENERAL_LMS__DISPLAY',
      'GENERAL_SIS__DISPLAY',
      ...displays('STUDENT', 'FACILITATOR', 'CLASSROOM', 'GRADE_BOOK', 'SUBMISSION'),
      'FACILITATOR__EDIT',
      // Sees the other lead facilitators; appointing them is the operational manager's.
      'LEAD_FACILITATOR__DISPLAY',
      'COURSE_TASK_ONSITE__EDIT',
      'COURSE_DOCUMENT__DISPLAY',
      'COURSE_TASK__DISPLAY',
      'SYLLABUS__DISPLAY',
      'COURSE_PREVIEW__DISPLAY',
      'GRADE_BOOK__EDIT',
      'SUBMISSION_TURNITIN_INSTRUCTOR__DISPLAY',
      // They publish onsite grades, so they ask to undo or change them (decision 0021 §2.2).
      'GRADE_CHANGE_REQUEST__CREATE',
      'GRADE_CHANGE_REQUEST__DISPLAY',
      // The dropout follow-ups of the classes they facilitate (decision 0021 §3.4).
      ...family('DROPOUT_FOLLOW_UP'),
    ],
    why: 'An onsite facilitator who also guides the facilitators of their CLCs.',
  },
  FACILITATOR: {
    label: 'Facilitator',
    scope: 'own_clcs',
    rights: [
      'GENERAL_LMS__DISPLAY',
      'GENERAL_SIS__DISPLAY',
      'STUDENT__DISPLAY',
      'CLASSROOM__DISPLAY',
      'COURSE_TASK_ONSITE__EDIT',
      'COURSE_DOCUMENT__DISPLAY',
      'COURSE_TASK__DISPLAY',
      'SYLLABUS__DISPLAY',
      'COURSE_PREVIEW__DISPLAY',
      'GRADE_BOOK__DISPLAY',
      'SUBMISSION__DISPLAY',
      'SUBMISSION_TURNITIN_INSTRUCTOR__DISPLAY',
      // They publish onsite grades, so they ask to undo or change them (decision 0021 §2.2).
      'GRADE_CHANGE_REQUEST__CREATE',
      'GRADE_CHANGE_REQUEST__DISPLAY',
      // The dropout follow-ups of the classes they facilitate (decision 0021 §3.4).
      ...family('DROPOUT_FOLLOW_UP'),
    ],
    why: 'Supports students onsite in their CLCs: reads the students and classes there, grades onsite tasks.',
  },
  LEAD_FACULTY: {
    label: 'Lead Faculty',
    scope: 'all_clcs',
    rights: [
      'GENERAL_LMS__DISPLAY',
      'GENERAL_SIS__DISPLAY',
      // Sees the other lead faculty; appointing them is the academic manager's.
      'LEAD_FACULTY__DISPLAY',
      ...displays(
        'STUDENT',
        'CLASSROOM',
        'PROGRAMME',
        'PROGRAMME_PROFESSIONAL',
        'PROGRAMME_ACADEMIC',
        // A programme's page and its students, whose courses they lead (decision 0003).
        'PC_PROGRAMME',
        'PC_STUDENT',
        'BA_STUDENT',
      ),
      ...family('GRADE_BOOK'),
      ...family('GRADE_CHANGE_REQUEST'),
      ...family('COURSE_DOCUMENT'),
      ...family('COURSE_TASK'),
      'COURSE_TASK_ONLINE__EDIT',
      'COURSE_PREVIEW__DISPLAY',
      ...family('SYLLABUS'),
      ...family('UNIT'),
      'SUBMISSION__DISPLAY',
      'SUBMISSION__EDIT',
      'SUBMISSION_TURNITIN_INSTRUCTOR__DISPLAY',
      'QUIZ_SESSION__DISPLAY',
      // Opens and closes quiz sessions, grants extra time or attempts (issue 16, decision 0020).
      'QUIZ_SESSION__EDIT',
      'WBT_ALL__DISPLAY',
    ],
    why: 'Leads the online faculty of a course across CLCs: course content, grading and grade changes.',
  },
  FACULTY: {
    label: 'Faculty',
    scope: 'all_clcs',
    rights: [
      'GENERAL_LMS__DISPLAY',
      // Their own classes and students are in the sis until the learning side has them.
      'GENERAL_SIS__DISPLAY',
      'STUDENT__DISPLAY',
      'CLASSROOM__DISPLAY',
      'COURSE_TASK_ONLINE__EDIT',
      'COURSE_DOCUMENT__DISPLAY',
      'COURSE_TASK__DISPLAY',
      'COURSE_PREVIEW__DISPLAY',
      'GRADE_BOOK__DISPLAY',
      'GRADE_BOOK__EDIT',
      'GRADE_CHANGE_REQUEST__CREATE',
      'GRADE_CHANGE_REQUEST__DISPLAY',
      'SUBMISSION__DISPLAY',
      // Grades by course responsibility; overriding it is lead faculty's (decision 0019).
      'SUBMISSION_TURNITIN_INSTRUCTOR__DISPLAY',
      'SYLLABUS__DISPLAY',
      'QUIZ_SESSION__DISPLAY',
    ],
    why: 'Teaches online: grades the online tasks of the classes they teach, wherever the students are.',
  },
  TEACHING_ASSISTANT: {
    label: 'Teaching Assistant',
    scope: 'all_clcs',
    rights: [
      'GENERAL_LMS__DISPLAY',
      'GENERAL_SIS__DISPLAY',
      'CLASSROOM__DISPLAY',
      'COURSE_DOCUMENT__DISPLAY',
      'COURSE_TASK__DISPLAY',
      'GRADE_BOOK__DISPLAY',
      'SUBMISSION__DISPLAY',
      'SYLLABUS__DISPLAY',
    ],
    why: 'Helps faculty: reads classes, tasks and submissions; grades nothing.',
  },
  UNIVERSITY_REPRESENTATIVE: {
    label: 'University Representative',
    scope: 'all_clcs',
    rights: [
      'GENERAL_UNIVERSITY__DISPLAY',
      'GENERAL_SIS__DISPLAY',
      ...displays(
        'PROGRAMME',
        'PROGRAMME_ACADEMIC',
        'BA_STUDENT',
        'BA_COHORT',
        'BA_VERIFICATION',
        'BA_TERM',
      ),
      'BA_VERIFICATION__EXPORT',
      'BA_VERIFICATION_APPROVAL_UNI__EDIT',
      'BA_TRANSFER_OUT__DISPLAY',
      'GRADE_BOOK__DISPLAY',
      'GRADE_BOOK__EXPORT',
    ],
    why: 'The certifying university: reads bachelor students and grades and approves verification.',
  },
  VIEW_ONLY_USER: {
    label: 'View Only User',
    scope: 'all_clcs',
    rights: [
      'GENERAL_SIS__DISPLAY',
      ...RIGHTS.filter((r) => r.endsWith('__DISPLAY')).filter(
        (r) =>
          ![
            'AUTHORISATION__DISPLAY',
            'ROLE__DISPLAY',
            'RIGHT__DISPLAY',
            'ROLE_TO_RIGHT__DISPLAY',
            'DATA_CLEAN_UP__DISPLAY',
            'AUDIT_LOG__DISPLAY',
            'MAIL_LOG__DISPLAY',
            'SUPPORT_TICKET__DISPLAY',
            'BA_API__DISPLAY',
          ].includes(r),
      ),
      // Downloading certificates reads them; it changes nothing (decision 0003).
      'CERTIFICATE__EXPORT',
    ],
    why: 'Reads what the sis shows (monitoring, donors, audits), changes nothing, sees no security pages.',
  },
  API_USER: {
    label: 'API User',
    scope: 'all_clcs',
    rights: ['BA_API__DISPLAY', 'BA_API__EDIT', ...displays('STUDENT', 'CLC', 'PROGRAMME')],
    why: 'A machine account for integrations: the bachelor API and reading students, CLCs and programmes.',
  },
  STUDENT: {
    label: 'Student',
    scope: 'own_records',
    rights: [
      'GENERAL_LMS__DISPLAY',
      'SUBMISSION__CREATE',
      'SUBMISSION_TURNITIN_LEARNER__DISPLAY',
      'COURSE_DOCUMENT__DISPLAY',
      'COURSE_TASK__DISPLAY',
      'SYLLABUS__DISPLAY',
    ],
    why: 'Learns in the lms: their own courses and submissions; no sis page.',
  },
};

/** A role's rights without repeats, in catalogue order. */
export function defaultRightsOf(role: BuiltInRoleKey): Right[] {
  const held = new Set<Right>(DEFAULT_ROLES[role].rights);
  return RIGHTS.filter((r) => held.has(r));
}
