/** Business constants of spec §9. */
export const APP_VERSION = '5.12.5';
export const VERSION_CHECK_INTERVAL_MS = 60_000;
export const MAX_FILE_SIZE_LABEL = '512mb';
export const MAX_FILE_SIZE_BYTES = 512 * 1024 * 1024;
export const DEFAULT_LOCALE = 'en';
export const ALLOWED_LANGUAGES = ['en'] as const;
/** Offered by the lms language switcher; ar is right-to-left. Only en is routable (spec §2). */
export const SWITCHER_LANGUAGES = ['en', 'es', 'ar'] as const;
export const RTL_LANGUAGES = ['ar'] as const;

/** Keys the web keeps in local storage (spec §9). */
export const STORAGE_KEYS = {
  authCode: 'authCode',
  refreshCode: 'refreshCode',
  impersonateUsername: 'impersonateUsername',
  debug: 'xdebug_enabled',
  currentCourseIndex: 'currentCourseIndex',
  redirectUrl: 'REDIRECT_URL',
  /** Beside REDIRECT_URL: whose session saved it, so only that user is led back there. */
  redirectUrlUser: 'REDIRECT_URL_USER',
} as const;

/** Query parameters the client appends and the server takes off before validation. */
export const SWITCH_USER_PARAM = '_switch_user';
export const DEBUG_PARAM = 'XDEBUG_SESSION_START';

export const HEADER_HIDE_AFTER_PX = 250;
export const HEADER_SHOW_AT_PX = 150;
export const HEADER_ALWAYS_VISIBLE_PX = 25;
export const RESIZE_THROTTLE_MS = 200;

export const NOTIFICATION_LIMITS = {
  gradeComments: 50,
  undoPublishRequests: 50,
  announcements: 10,
  discussionReplies: 50,
  dropoutFlags: 50,
} as const;
export const BADGE_CAP = 99;
export const IMPERSONATION_SEARCH_MIN_CHARS = 4;
export const PROFILE_IMAGE_SIZE = 75;
export const DROPDOWN_OPTIONS_LIMIT = 1000;
export const CLASS_GROUP_SIZE = 15;
export const STUDENT_AGE = { min: 15, max: 100 } as const;
export const PAGE_SIZE_MAX = 100;

/** Sign-in protection. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_DAYS = 30;
export const LOGIN_WINDOW_MINUTES = 15;
export const LOGIN_MAX_FAILURES_PER_ACCOUNT = 10;
export const LOGIN_MAX_FAILURES_PER_ADDRESS = 100;
export const PASSWORD_RESET_TTL_MINUTES = 60;
export const PASSWORD_MIN_LENGTH = 8;
