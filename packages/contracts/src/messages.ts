/** User-facing texts of spec §5 and §8, word for word. */
export const VALIDATION = {
  boolean: 'This checkbox must be set',
  date: 'Please provide a valid Date',
  email: 'Must be a valid E-Mail address',
  file: 'File must be a valid file',
  multiSelect: 'At least 1 option must be selected',
  notEnoughWords: 'Not enough words.',
  dateOfBirth: 'None plausible date of birth. The age must be between 15 and 100.',
  number: 'Must be a number',
  password: 'Please enter a password',
  phone: 'Please enter a valid phone number',
  select: 'Please select a valid option',
  text: 'Text appears to be too short',
  voiceRecord: 'Please stop your recording first',
  emptyFile: 'Please add a file first',
  required: 'This field must be filled',
} as const;

export const LOGIN_MESSAGES = {
  invalid: 'Username or Password incorrect.',
  noResponse: 'There is an error with the Server.',
  configuration: 'There is an error with the configuration.',
} as const;

export const NETWORK_ERROR_KEYS = {
  serverError: 'network.error.serverError',
  configurationError: 'network.error.configurationError',
} as const;

export const ERROR_TEXTS = {
  defaultHeadline: 'An error occurred',
  defaultText:
    'Please take a screenshot of this page and contact the helpdesk with your JWL-ID, the course, the URL and the screenshot.',
  serverError: 'The Server did not respond. Please try again later.',
  configurationError:
    'There is an error with the configuration. Please copy this text, reload the page and contact the helpdesk.',
  noAccessHeadline: 'No Access',
  noAccessText: 'Your current role does not authorise you to access this page',
  studyBreakHeadline: "We're taking a study break",
  studyBreakText: 'System not available',
  certificate: 'Error while generating.',
  submitError: 'Error while updating',
  submitSuccess: 'Successfully updated',
  insufficientPermissions: 'You have insufficient permissions to visit this page',
  impersonationSearchTooShort: '4 letters required',
  passwordChangeWhileImpersonating: 'Password change is not allowed while impersonating.',
  photoAlreadyUploaded:
    'This photo has already been uploaded. To change it, please send a request to the helpdesk.',
  menuError: 'The menu could not be loaded',
  invalidLink: 'This link is invalid or has expired',
  emptySubmenu: 'Nothing to show here yet',
  /** System role manager never gets lms mode (spec §3). */
  lmsNotAvailable: 'Managers work in the student information system only.',
  goToLearningHome: 'Go to your learning home',
} as const;
