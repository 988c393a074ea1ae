// The defaults of the teaching roles (faculty, assistants), the university's, the read-only and
// machine users', and the students'.
import { family, RIGHTS } from './rights';
import { displays, type BuiltInRoleKey, type RoleDefault } from './role-keys';

/** Faculty, teaching assistants, the university, view-only, API users and students. */
export const TEACHING_ROLE_DEFAULTS = {
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
} satisfies Partial<Record<BuiltInRoleKey, RoleDefault>>;
