import type { z } from 'zod';
import type { Programme, programmeInputSchema } from '@lantern/contracts/programme';

export type ProgrammeFormValues = z.input<typeof programmeInputSchema>;
export type ProgrammeFormOutput = z.output<typeof programmeInputSchema>;

export const EMPTY_PROGRAMME: ProgrammeFormValues = {
  code: '',
  internalName: '',
  title: '',
  startDate: '',
  endDate: '',
  gradingSchemaId: null,
  certifyingUniversity: '',
  certificateText: '',
  clcIds: [],
  courses: [{ code: '', title: '', units: null }],
};

export const programmeFormValues = (p: Programme): ProgrammeFormValues => ({
  code: p.code,
  internalName: p.internalName,
  title: p.title,
  startDate: p.startDate.slice(0, 10),
  endDate: p.endDate.slice(0, 10),
  gradingSchemaId: p.gradingSchema?.id ?? null,
  certifyingUniversity: p.certifyingUniversity ?? '',
  certificateText: p.certificateText ?? '',
  clcIds: p.clcs.map((clc) => clc.id),
  courses: p.courses.map((c) => ({ id: c.id, code: c.code, title: c.title, units: c.units })),
});

const TOP_FIELDS = [
  'code',
  'internalName',
  'title',
  'startDate',
  'endDate',
  'gradingSchemaId',
  'certifyingUniversity',
  'certificateText',
  'clcIds',
  'courses',
] as const;

/** Every field a server message may name, the course rows included (`courses.2.units`). */
export function programmeFieldNames(courseCount: number) {
  const rows = Array.from({ length: courseCount }, (_, i) =>
    (['code', 'title', 'units'] as const).map((f) => `courses.${i}.${f}` as const),
  ).flat();
  return [...TOP_FIELDS, ...rows];
}
