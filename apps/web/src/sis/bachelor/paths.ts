import { currentTermYear } from '@lantern/contracts/bachelor';

/** The sections of a bachelor programme (spec §2 `programme/bachelor/:programme`). */
const base = (id: number) => `/en/programme/bachelor/${id}`;
export const bachelorPaths = {
  home: base,
  cohorts: (id: number) => `${base(id)}/cohorts/list`,
  cohortNew: (id: number) => `${base(id)}/cohorts/new`,
  cohortImport: (id: number, cohortId: number) => `${base(id)}/cohorts/import/${cohortId}`,
  terms: (id: number, year = currentTermYear()) => `${base(id)}/terms/${year}`,
  createInternship: (id: number, year = currentTermYear()) =>
    `${base(id)}/terms/${year}/create-internship`,
  students: (id: number, year = currentTermYear()) => `${base(id)}/students/${year}`,
  studentsTerm: (id: number, year: number, termKey: string) =>
    `${base(id)}/students/${year}/term/${termKey}`,
  internship: (id: number) => `${base(id)}/students/internship`,
  pastClassrooms: (id: number, which: 'open' | 'closed' = 'open') =>
    `${base(id)}/students/past-classrooms/${which}`,
  classroom: (id: number, termKey: string, courseId: number, index: number) =>
    `${base(id)}/classroom/${termKey}/${courseId}/${index}`,
  transferIn: (id: number, which: 'internal' | 'external' | 'approval' = 'internal') =>
    `${base(id)}/transfer-in/${which}`,
  transferOut: (id: number) => `${base(id)}/transfer-out/bachelor`,
  gradesOut: (id: number, gradingSchemaId: number | null = null, courseId: number | null = null) =>
    `${base(id)}/transfer-out/transfer-grades-out${gradingSchemaId ? `/${gradingSchemaId}${courseId ? `/${courseId}` : ''}` : ''}`,
  credits: (id: number) => `${base(id)}/credits`,
  verification: (id: number) => `${base(id)}/verification`,
  dropout: (id: number, year = currentTermYear()) => `${base(id)}/dropout-flagging/${year}`,
  dropoutTerm: (id: number, year: number, termKey: string) =>
    `${base(id)}/dropout-flagging/${year}/term/${termKey}`,
  mails: (id: number) => `/en/automatic-mail/bachelor/${id}/list`,
};
