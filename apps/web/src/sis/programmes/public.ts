// What other features may use of this one; everything else here is its own.
export { classesQueryOptions } from './api/get-classes';
export { useRunEnrolmentAction } from './api/run-enrolment-action';
export { StaffPickerModal } from './components/staff-picker-modal';
export type { StaffedGroup } from './components/staff-picker-modal';
export { StudyBreaksModal } from './components/study-breaks-modal';
