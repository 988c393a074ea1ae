/** The API path of a bachelor programme's terms, offerings, students and classrooms. */
export const bachelorApi = (programmeId: number) => `/api/en/programme/bachelor/${programmeId}`;
