/** The queue and a request's page (lms routes under `learning`, decision 0021 §2.6). */
export const GRADE_REQUESTS_PATH = '/en/learning/grade-requests';
export const gradeRequestPath = (id: number) => `/en/learning/grade-request/${id}`;
