/** System roles of spec §3: manager works in the sis only and has no reporting; superAdmin may impersonate. */
export const SYSTEM_ROLES = ['admin', 'manager', 'seeAllCourses', 'superAdmin', 'user'] as const;
export type SystemRole = (typeof SYSTEM_ROLES)[number];

/** The facilitator employee types of spec §2. */
export const EMPLOYEE_TYPES = [
  'online_facilitator',
  'online-onsite_facilitator',
  'onsite_facilitator',
  'onsite-online_facilitator',
] as const;
export type EmployeeType = (typeof EMPLOYEE_TYPES)[number];

export const GENDERS = ['m', 'f', 'o'] as const;
export type Gender = (typeof GENDERS)[number];

export const USER_STATUSES = ['active', 'locked'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** Which rows a role reaches: every CLC, the CLCs the user belongs to, or only their own records. */
export const ROLE_SCOPES = ['all_clcs', 'own_clcs', 'own_records'] as const;

export const MODES = ['lms', 'sis'] as const;
export type Mode = (typeof MODES)[number];

export const RESIDENCY_STATUSES = [
  'hc',
  'idp',
  'indigenous',
  'refugee',
  'returnees',
  'rural',
  'urban',
  'other',
] as const;
export const SCHOOLING_LEVELS = ['none', 'grade_school', 'middle_school', 'high_school'] as const;
export const DEVICE_TYPES = ['tablet', 'tablet_keyboard', 'laptop', 'none'] as const;
export const CEFR_LEVELS = ['below A1', 'A1', 'A2', 'B1', 'B1+', 'B2', 'C1', 'C2'] as const;
export const TERMS = ['sp', 'su', 'fa'] as const;
/** Every programme type of spec §1, in the model from the start. */
export const PROGRAMME_TYPES = [
  'professional',
  'bachelor',
  'language',
  'orientation',
  'gel',
] as const;
/** Programme statuses of spec §4. */
export const PROGRAMME_STATUSES = [
  'new',
  'applying',
  'preparing',
  'prep_done',
  'running',
  'finished',
  'cancelled',
] as const;
export const NOTIFICATION_TYPES = [
  'grade_comment',
  'announcement',
  'undo_publish_request',
  // New posts in a topic one follows (decision 0020 §4.2, O-1).
  'discussion_reply',
  // A student newly flagged for dropout, to the item's assignees (decision 0021 §3.5).
  'dropout_flag',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
