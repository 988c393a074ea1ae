// Concentrations (spec §3, §7): the programmes a person can be placed in, by type.
import { z } from 'zod';
import { PROGRAMME_TYPES } from './enums';

export const concentrationProgrammeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  title: z.string(),
  programmeType: z.enum(PROGRAMME_TYPES),
  startDate: z.string(),
  endDate: z.string(),
  /** `units` is the course's credit weight (decision 0008), not its learning units. */
  courses: z.array(
    z.object({
      id: z.number().int(),
      code: z.string(),
      title: z.string(),
      units: z.number().int(),
    }),
  ),
});
export const concentrationsSchema = z.object({
  professional: z.array(concentrationProgrammeSchema),
  bachelor: z.array(concentrationProgrammeSchema),
  language: z.array(concentrationProgrammeSchema),
  /** `courseId` is the programme's first course, which orientation_course opens (null: none). */
  orientation: z.array(
    z.object({
      id: z.number().int(),
      code: z.string(),
      title: z.string(),
      courseId: z.number().int().nullable(),
    }),
  ),
  /** The text of a failure to load, or null (spec §8). */
  error: z.string().nullable(),
});
export type Concentrations = z.infer<typeof concentrationsSchema>;
