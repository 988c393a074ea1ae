import type {
  GradeRequest,
  GradeRequestDetail,
  GradeRequestPage,
} from '@lantern/contracts/grade-requests';

/** Requests and answers as the server sends them, for the component tests of this area. */
export const REQUEST: GradeRequest = {
  id: 12,
  kind: 'undo_publish',
  subject: 'task',
  state: 'open',
  course: { id: 3, code: 'BUS101', title: 'Business basics' },
  item: { id: 9, title: 'Essay 2' },
  student: { id: 10010, firstName: 'Maria', lastName: 'Alvarez' },
  class: { id: 4, name: 'K1' },
  gradeVersion: 3,
  from: { points: 7, outcome: 'graded' },
  to: null,
  maxPoints: 10,
  reason: 'Published the wrong student’s grade.',
  requestedBy: { id: 501, name: 'Ana Ruiz' },
  requestedAt: '2027-03-03T14:02:00.000Z',
  decidedBy: null,
  decidedAt: null,
  decisionNote: null,
  version: 1,
  mayDecide: true,
  mayWithdraw: false,
};

export const CHANGE: GradeRequest = {
  ...REQUEST,
  id: 13,
  kind: 'grade_change',
  to: { points: 9, outcome: 'graded', comment: 'Recounted the second part.' },
  reason: 'The second part was not counted.',
};

export const DETAIL: GradeRequestDetail = {
  request: REQUEST,
  current: { points: 7, outcome: 'graded', published: true, version: 3 },
  stale: false,
  events: [],
  certificates: [],
  mayRevokeCertificates: false,
};

export const page = (rows: GradeRequest[], next: number | null = null): GradeRequestPage => ({
  rows,
  next,
  counts: { open: 2, approved: 5, declined: 1, withdrawn: 0 },
  openByKind: { undo_publish: 1, grade_change: 1 },
  courses: [{ id: 3, code: 'BUS101', title: 'Business basics' }],
});
