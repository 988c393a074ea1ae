import type { Right } from './rights';

/**
 * What people read instead of codes: right families and actions, audit actions and the fields a
 * server message names. Both sides use these tables, so a screen and an error say the same.
 */

type FamilyOf<R extends string> = R extends `${infer F}__${string}` ? F : never;
type ActionOf<R extends string> = R extends `${string}__${infer A}` ? A : never;
export type RightFamilyKey = FamilyOf<Right>;
export type RightActionKey = ActionOf<Right>;

/** Every family of the catalogue; a new family fails the type check until it has a label. */
export const RIGHT_FAMILY_LABELS: Record<RightFamilyKey, string> = {
  ACTIVE_COURSES: 'Active courses',
  ADDITIONAL_COURSES: 'Additional courses',
  ANNOUNCEMENT: 'Announcements',
  APPLICANT: 'Applicants',
  PROGRAMME_APPLICANT: 'Applicants of a programme',
  AUTHORISATION: 'Authorisation',
  ROLE: 'Roles',
  RIGHT: 'Rights',
  ROLE_TO_RIGHT: 'Rights of roles',
  AUTOMATIC_MAIL: 'Automatic mails',
  BA_API: 'Bachelor: API',
  BA_COHORT: 'Bachelor: cohorts',
  BA_STUDENT: 'Bachelor: students',
  BA_STUDENT_STATUS: 'Bachelor: student status',
  BA_TERM: 'Bachelor: terms',
  BA_VERIFICATION: 'Bachelor: final-grade verification',
  BA_VERIFICATION_APPROVAL_BASIC: 'Bachelor: verification approval (basic)',
  BA_VERIFICATION_APPROVAL_CLC: 'Bachelor: verification approval (CLC)',
  BA_VERIFICATION_APPROVAL_UNI: 'Bachelor: verification approval (university)',
  BA_TRANSFER_IN: 'Bachelor: transfers in',
  BA_TRANSFER_OUT: 'Bachelor: transfers out',
  BA_PROGRAMME_BREAK: 'Bachelor: programme breaks',
  CERTIFICATE: 'Certificates',
  CLASSROOM: 'Classes',
  CLASSROOM_STUDENT: 'Students of a class',
  CLASSROOM_STAFF: 'Staff of a class',
  CLC: 'CLC partners',
  CLC_SIGNATURE: 'CLC signatures',
  COORDINATOR: 'Coordinators',
  FACILITATOR: 'Facilitators',
  LEAD_FACILITATOR: 'Lead facilitators',
  LEAD_FACULTY: 'Lead faculty',
  COURSE_DOCUMENT: 'Course documents',
  COURSE_TASK: 'Course tasks',
  COURSE_TASK_ONLINE: 'Online course tasks',
  COURSE_TASK_ONSITE: 'Onsite course tasks',
  COURSE_PREVIEW: 'Course preview',
  DATA_CLEAN_UP: 'Data cleanup and user merge',
  DROPOUT_FLAGGING: 'Dropout flagging',
  DROPOUT_FOLLOW_UP: 'Dropout follow-ups',
  GEL_APPLICANT: 'GEL: applicants',
  GEL_CLASSROOM: 'GEL: classes',
  GEL_TERM: 'GEL: terms',
  GEL_CERTIFICATE: 'GEL: certificates',
  GEL_PENDING_APPLICANT: 'GEL: pending applicants',
  GEL_MINORS_VALIDATION: 'GEL: validation of minors',
  GEL_STUDENT_MOVE: 'GEL: moving students',
  GEL_STUDENT_WITHDRAW: 'GEL: withdrawing students',
  GENERAL_LMS: 'Learning platform',
  GENERAL_SIS: 'Student information system',
  GENERAL_UNIVERSITY: 'University view',
  GRADE_BOOK: 'Grade book',
  GRADE_CHANGE_REQUEST: 'Grade-change requests',
  PASSWORD_RESET: 'Password reset for others',
  PC_PROGRAMME: 'Professional certificates: programmes',
  PC_STUDENT: 'Professional certificates: students',
  PC_CLASS: 'Professional certificates: classes',
  PC_BREAK: 'Professional certificates: study breaks',
  PROGRAMME: 'Programmes',
  PROGRAMME_CERTIFICATE: 'Certificates of a programme',
  PROGRAMME_ACADEMIC: 'Bachelor programmes',
  PROGRAMME_PROFESSIONAL: 'Professional-certificate programmes',
  PROGRAMME_GEL: 'GEL programmes',
  QUIZ_SESSION: 'Quiz sessions',
  REPORTING: 'Reporting',
  STUDENT: 'Students',
  STUDENT_PHOTO: 'Student photos',
  SUBMISSION: 'Submissions',
  SUBMISSION_TURNITIN_ADMIN: 'Similarity reports (admin)',
  SUBMISSION_TURNITIN_INSTRUCTOR: 'Similarity reports (instructor)',
  SUBMISSION_TURNITIN_LEARNER: 'Similarity reports (learner)',
  SYLLABUS: 'Syllabus',
  UNIT: 'Learning units',
  USER: 'Users',
  WBT_ALL: 'All web-based trainings',
  AUDIT_LOG: 'Audit log',
  MAIL_LOG: 'Mail log',
  SUPPORT_TICKET: 'Support tickets',
};

export const RIGHT_ACTION_LABELS: Record<RightActionKey, string> = {
  DISPLAY: 'View',
  EDIT: 'Edit',
  CREATE: 'Create',
  DELETE: 'Delete',
  EXPORT: 'Export',
  IMPORT: 'Import',
  PUBLISH: 'Publish',
  CLOSE: 'Close',
  MERGE: 'Merge',
  REVIEW_GRADES: 'Review grades',
  IMPERSONATE: 'Impersonate',
  SECURITY_ACCESS: 'Security actions',
};

/** "FOO_BAR" → "Foo bar": for a code no table knows yet (a right added since). */
const humaniseCode = (code: string): string => {
  const words = code.replace(/[_.]+/g, ' ').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

export function rightFamilyLabel(family: string): string {
  return (RIGHT_FAMILY_LABELS as Record<string, string>)[family] ?? humaniseCode(family);
}

export function rightActionLabel(action: string): string {
  return (RIGHT_ACTION_LABELS as Record<string, string>)[action] ?? humaniseCode(action);
}

/** A right as a sentence: `PC_CLASS__DISPLAY` → "Professional certificates: classes — view". */
export function rightLabel(right: string): string {
  const at = right.indexOf('__');
  if (at < 0) return humaniseCode(right);
  const action = rightActionLabel(right.slice(at + 2));
  return `${rightFamilyLabel(right.slice(0, at))} — ${action.charAt(0).toLowerCase()}${action.slice(1)}`;
}

/** Audit actions a person reads in the log; others are told from their two parts below. */
export const AUDIT_ACTION_LABELS: Readonly<Record<string, string>> = {
  'auth.sign_in': 'Signed in',
  'auth.sign_out': 'Signed out',
  'auth.refresh_replayed': 'Sign-in ended: a refresh token was used twice',
  'auth.password_reset_requested': 'Asked for a password reset link',
  'auth.password_reset': 'Set a new password with a reset link',
  'impersonation.request': 'Acted as another user',
  'profile.clcs_selected': 'Chose CLCs',
  'profile.password_changed': 'Changed own password',
  'profile.photo_uploaded': 'Uploaded a photo',
  'profile.role_selected': 'Chose a role',
  'role.create': 'Role created',
  'role.update': 'Role changed',
  'role.rights': 'Rights of a role changed',
  'class.staff': 'Staff of a class changed',
  'classes.distributed': 'Students distributed to classes',
  'applicants.imported': 'Applicants imported',
  'results.imported': 'Results imported',
  'results.saved': 'Results saved',
  'user.data_fixed': 'Data check fixed',
  'user.merged_away': 'Merged into another person',
  'user.merge_undone': 'Merge undone',
  'data_cleanup.run': 'Data cleanup run',
  'data_cleanup.restored': 'Data cleanup restored',
  'automatic_mail.test_sent': 'Test mail sent',
  'support_ticket.replied': 'Ticket answered',
  'support_ticket.status_changed': 'Ticket status changed',
  'demo.seeded': 'Demo data filled in',
};

/** The thing an audit action is about, by the first part of its code. */
const AUDIT_ENTITY_LABELS: Readonly<Record<string, string>> = {
  announcement: 'Announcement',
  applicant: 'Applicant',
  auth: 'Sign-in',
  automatic_mail: 'Automatic mail',
  ba_classroom: 'Classroom',
  ba_offering: 'Course offering',
  ba_student_course: "A student's course",
  ba_term: 'Term',
  break: 'Study break',
  certificate: 'Certificate',
  class: 'Class',
  clc: 'CLC partner',
  cohort: 'Cohort',
  coordinator: 'Coordinator',
  course: 'Course',
  discussion: 'Discussion',
  dropout_follow_up: 'Dropout follow-up',
  dropout_item: 'Dropout flagging item',
  data_cleanup: 'Data cleanup',
  enrolment: 'Enrolment',
  facilitator: 'Facilitator',
  grading_schema: 'Grading schema',
  lead_facilitator: 'Lead facilitator',
  lead_faculty: 'Lead faculty',
  learning_item: 'Item',
  learning_unit: 'Unit',
  profile: 'Profile',
  programme: 'Programme',
  request: 'Request',
  session: 'Sign-in',
  public_ticket: 'Public ticket',
  role: 'Role',
  student: 'Student',
  support_issue: 'Problem report',
  support_ticket: 'Support ticket',
  user: 'User',
};

/** The kind of record an audit entry is about: `automatic_mail` → "Automatic mail". */
export function entityTypeLabel(type: string): string {
  return AUDIT_ENTITY_LABELS[type] ?? humaniseCode(type);
}

/** `student.created` → "Student created"; `user.security.lock` → "User: security lock". */
export function auditActionLabel(action: string): string {
  const known = AUDIT_ACTION_LABELS[action];
  if (known) return known;
  const [entity = '', ...rest] = action.split('.');
  const verb = rest
    .join(' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replaceAll('_', ' ')
    .toLowerCase()
    .trim();
  const subject = AUDIT_ENTITY_LABELS[entity] ?? humaniseCode(entity);
  if (!verb) return subject;
  // A past participle reads as a sentence ("Student created"); anything else after a colon.
  return /(ed|en)$/.test(verb) && !verb.includes(' ')
    ? `${subject} ${verb}`
    : `${subject}: ${verb}`;
}

/** Labels of the fields server messages name, as the forms label them. */
export const FIELD_LABELS: Readonly<Record<string, string>> = {
  username: 'Username',
  usernameOrEmail: 'Username or e-mail',
  email: 'E-mail',
  password: 'Password',
  currentPassword: 'Current password',
  newPassword: 'New password',
  token: 'Link',
  firstName: 'First name',
  lastName: 'Last name',
  phone: 'Phone',
  contactPhone: 'Contact phone',
  contactEmail: 'Contact e-mail',
  birthDate: 'Date of birth',
  gender: 'Gender',
  nationality: 'Nationality',
  birthCountry: 'Country of birth',
  birthPlace: 'Place of birth',
  countryOfOrigin: 'Country of origin',
  countryOfResidence: 'Country of residence',
  countryOfSchool: 'Country of school',
  nativeLanguage: 'Native language',
  residencyStatus: 'Residency status',
  unhcrNumber: 'UNHCR number',
  schoolingLevel: 'Highest level of schooling',
  vocationalSchool: 'Went to a vocational school',
  vocationalName: 'Vocational school',
  vocationalCountry: 'Country of the vocational school',
  vocationalSubjects: 'Vocational subjects',
  vocationalYears: 'Years at the vocational school',
  vocationalCompleted: 'Completed',
  vocationalCompletionYear: 'Year of completion',
  identificationType: 'Other identification',
  identificationNumber: 'Identification number',
  otherCommunication: 'Other communication channels',
  deviceType: 'Device',
  cefrLevel: 'English level (CEFR)',
  employeeType: 'Employee type',
  minAgeForMinors: 'Minimum age for minors',
  clcIds: 'CLCs',
  clcId: 'CLC partner',
  roles: 'Application roles',
  systemRole: 'System role',
  status: 'Status',
  code: 'Code',
  name: 'Name',
  title: 'Title',
  label: 'Label',
  country: 'Country',
  timeZone: 'Time zone',
  startsOn: 'Start',
  endsOn: 'End',
  startDate: 'Start date',
  endDate: 'End date',
  financeCode: 'Finance code',
  programmeCode: 'Programme code',
  description: 'Description',
  subject: 'Subject',
  body: 'Text',
  message: 'Message',
  file: 'File',
  studentId: 'JWL-ID',
  version: 'Version',
};

/** A field key as people read it: `phone` → "Phone", `vocationalSchool.name` → "Vocational
 * school name", a list index (`clcIds.0`) dropped. */
export function fieldLabel(key: string): string {
  const known = FIELD_LABELS[key];
  if (known) return known;
  const words = key
    .split('.')
    .filter((part) => !/^\d+$/.test(part))
    .join(' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replaceAll('_', ' ')
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The `detail` of a refusal with per-field messages: "Phone: Please enter a valid phone number". */
export function fieldsDetail(fields: Readonly<Record<string, string>>): string {
  return Object.entries(fields)
    .map(([key, message]) => `${fieldLabel(key)}: ${message}`)
    .join(', ');
}
