// Programme types and statuses, and the two status machines: the programme's and each student's
// in it (docs/decisions/0006).
import type { PROGRAMME_STATUSES, PROGRAMME_TYPES } from './enums';
import type { Right } from './rights';

export type ProgrammeType = (typeof PROGRAMME_TYPES)[number];
export const PROGRAMME_TYPE_LABELS: Record<ProgrammeType, string> = {
  professional: 'Professional certificate',
  bachelor: 'Bachelor',
  language: 'Language',
  orientation: 'Orientation',
  gel: 'General English (GEL)',
};

/**
 * The path segment of a type in programme-scoped addresses, web (`programme/bachelor/:programme/…`,
 * spec §2) and API alike: `/api/{locale}/programme/{segment}/{id}/…`. A route under one segment
 * answers only for programmes of that type (docs/decisions/0006).
 */
export const PROGRAMME_TYPE_PATHS: Record<ProgrammeType, string> = {
  professional: 'professional-certificate',
  bachelor: 'bachelor',
  language: 'language',
  orientation: 'orientation',
  gel: 'gel',
};

export type ProgrammeStatus = (typeof PROGRAMME_STATUSES)[number];
export const PROGRAMME_STATUS_LABELS: Record<ProgrammeStatus, string> = {
  new: 'New',
  applying: 'Applying',
  preparing: 'Preparing',
  prep_done: 'Preparation done',
  running: 'Running',
  finished: 'Finished',
  cancelled: 'Cancelled',
};

type Transition<S extends string> = {
  label: string;
  from: readonly S[];
  to: S;
  right: Right;
  /** Asked before the action happens (the web shows it; the server needs nothing more). */
  confirm?: string;
};

/**
 * The programme's status machine (docs/decisions/0006). The server refuses any other move
 * with 409 and a sentence that says why; the web offers only the moves of this table.
 */
export const PROGRAMME_ACTIONS = {
  openApplications: {
    label: 'Open applications',
    from: ['new'],
    to: 'applying',
    right: 'PROGRAMME__EDIT',
  },
  startPreparing: {
    label: 'Start preparing',
    from: ['applying'],
    to: 'preparing',
    right: 'PROGRAMME__EDIT',
  },
  finishPreparing: {
    label: 'Preparation done',
    from: ['preparing'],
    to: 'prep_done',
    right: 'PROGRAMME__EDIT',
  },
  startProgramme: {
    label: 'Start programme',
    from: ['prep_done'],
    to: 'running',
    right: 'PROGRAMME__EDIT',
  },
  finishProgramme: {
    label: 'Finish programme',
    from: ['running'],
    to: 'finished',
    right: 'PROGRAMME__REVIEW_GRADES',
    confirm: 'Finish the programme? Every student must be passed or failed first.',
  },
  reopen: {
    label: 'Reopen programme',
    from: ['finished'],
    to: 'running',
    right: 'PROGRAMME__CLOSE',
    confirm: 'Reopen the programme? Grades and outcomes can be changed again.',
  },
  cancel: {
    label: 'Cancel programme',
    from: ['new', 'applying', 'preparing', 'prep_done', 'running'],
    to: 'cancelled',
    right: 'PROGRAMME__CLOSE',
    confirm: 'Cancel the programme? It cannot be started again.',
  },
} as const satisfies Record<string, Transition<ProgrammeStatus>>;
export type ProgrammeAction = keyof typeof PROGRAMME_ACTIONS;
export const PROGRAMME_ACTION_KEYS = Object.keys(PROGRAMME_ACTIONS) as ProgrammeAction[];

/** The extra warning of reopening when certificates were already issued (spec §4). */
export const REOPEN_CERTIFICATES_WARNING =
  'Certificates have already been issued for this programme. They stay valid unless you revoke them.';

/** Student-in-programme states of spec §4; `completed` is shown as 'Passed'. */
export const ENROLMENT_STATES = [
  'applied',
  'active',
  'declined',
  'withdrawn',
  'completed',
  'failed',
] as const;
export type EnrolmentState = (typeof ENROLMENT_STATES)[number];
export const ENROLMENT_STATE_LABELS: Record<EnrolmentState, string> = {
  applied: 'Applied',
  active: 'Active',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
  completed: 'Passed',
  failed: 'Failed',
};

type EnrolmentTransition = Transition<EnrolmentState> & {
  /** The programme statuses in which the action may happen. */
  programme: readonly ProgrammeStatus[];
};

const OPEN: readonly ProgrammeStatus[] = ['applying', 'preparing', 'prep_done', 'running'];

/**
 * The student-in-programme machine (docs/decisions/0006). `suspend` keeps the state active and
 * starts a study break. Each action takes an optional reason and writes an audit row.
 */
export const ENROLMENT_ACTIONS = {
  accept: {
    label: 'Accept',
    from: ['applied'],
    to: 'active',
    right: 'PC_STUDENT__EDIT',
    programme: OPEN,
  },
  decline: {
    label: 'Decline',
    from: ['applied'],
    to: 'declined',
    right: 'PC_STUDENT__EDIT',
    programme: OPEN,
  },
  suspend: {
    label: 'Suspend (study break)',
    from: ['active'],
    to: 'active',
    right: 'PC_BREAK__EDIT',
    programme: OPEN,
  },
  withdraw: {
    label: 'Withdraw',
    from: ['applied', 'active'],
    to: 'withdrawn',
    right: 'PC_STUDENT__EDIT',
    programme: OPEN,
  },
  finalize: {
    label: 'Finalize (pass)',
    from: ['active'],
    to: 'completed',
    right: 'PROGRAMME__REVIEW_GRADES',
    programme: ['running'],
  },
  fail: {
    label: 'Fail',
    from: ['active'],
    to: 'failed',
    right: 'PROGRAMME__REVIEW_GRADES',
    programme: ['running'],
  },
  unfail: {
    label: 'Unfail',
    from: ['failed'],
    to: 'active',
    right: 'PROGRAMME__REVIEW_GRADES',
    programme: ['running'],
  },
  reactivate: {
    label: 'Reactivate',
    from: ['withdrawn', 'declined'],
    to: 'active',
    right: 'PC_STUDENT__EDIT',
    programme: OPEN,
  },
} as const satisfies Record<string, EnrolmentTransition>;
export type EnrolmentAction = keyof typeof ENROLMENT_ACTIONS;
export const ENROLMENT_ACTION_KEYS = Object.keys(ENROLMENT_ACTIONS) as EnrolmentAction[];

/** Programme statuses in which applicants may be added (one by one or imported). */
export const APPLICATION_STATUSES: readonly ProgrammeStatus[] = [
  'applying',
  'preparing',
  'prep_done',
];
