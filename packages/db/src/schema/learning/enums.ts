// The PostgreSQL enums of the learning model (their values live in the contracts).
import { pgEnum } from 'drizzle-orm/pg-core';
import {
  COURSE_ENROLMENT_SOURCES,
  COURSE_ENROLMENT_STATUSES,
  GRADE_EVENT_ACTIONS,
  GRADE_EVENT_SUBJECTS,
  GRADE_OUTCOMES,
  ITEM_KINDS_LIST,
  PROGRESS_SOURCES,
  SUBMISSION_STATUSES,
  TASK_DELIVERIES,
  TASK_GRADINGS,
  UNIT_STATUSES,
  UPLOAD_PURPOSES,
} from '@lantern/contracts/learning-enums';
import { GRADE_REQUEST_KINDS, GRADE_REQUEST_STATES } from '@lantern/contracts/grade-requests';

export const unitStatusEnum = pgEnum('learning_unit_status', UNIT_STATUSES);
export const itemKindEnum = pgEnum('learning_item_kind', ITEM_KINDS_LIST);
export const taskDeliveryEnum = pgEnum('task_delivery', TASK_DELIVERIES);
export const taskGradingEnum = pgEnum('task_grading', TASK_GRADINGS);
export const submissionStatusEnum = pgEnum('submission_status', SUBMISSION_STATUSES);
export const gradeOutcomeEnum = pgEnum('grade_outcome', GRADE_OUTCOMES);
export const gradeEventActionEnum = pgEnum('grade_event_action', GRADE_EVENT_ACTIONS);
export const gradeEventSubjectEnum = pgEnum('grade_event_subject', GRADE_EVENT_SUBJECTS);
export const progressSourceEnum = pgEnum('progress_source', PROGRESS_SOURCES);
export const gradeRequestKindEnum = pgEnum('grade_request_kind', GRADE_REQUEST_KINDS);
export const gradeRequestStateEnum = pgEnum('grade_request_state', GRADE_REQUEST_STATES);
export const courseEnrolmentSourceEnum = pgEnum(
  'course_enrolment_source',
  COURSE_ENROLMENT_SOURCES,
);
export const courseEnrolmentStatusEnum = pgEnum(
  'course_enrolment_status',
  COURSE_ENROLMENT_STATUSES,
);
export const uploadPurposeEnum = pgEnum('upload_purpose', UPLOAD_PURPOSES);
