// Grading schemas: a scale, a pass mark and named bands.
import { z } from 'zod';
import { requiredText } from './common';
import { VALIDATION } from './messages';

export const gradeBandSchema = z.object({
  label: requiredText(40),
  /** The lowest score of the band, on the schema's scale. */
  min: z.coerce.number({ error: VALIDATION.number }).min(0),
});

export const gradingSchemaInputSchema = z
  .object({
    name: requiredText(120),
    scaleMax: z.coerce.number({ error: VALIDATION.number }).positive().max(1000),
    passMark: z.coerce.number({ error: VALIDATION.number }).min(0),
    bands: z.array(gradeBandSchema).max(20).default([]),
  })
  .superRefine((v, ctx) => {
    if (v.passMark > v.scaleMax)
      ctx.addIssue({ code: 'custom', path: ['passMark'], message: 'Must be within the scale' });
    v.bands.forEach((band, i) => {
      if (band.min > v.scaleMax)
        ctx.addIssue({
          code: 'custom',
          path: ['bands', i, 'min'],
          message: 'Must be within the scale',
        });
    });
  });
export type GradingSchemaInput = z.infer<typeof gradingSchemaInputSchema>;

export const gradingSchemaSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  scaleMax: z.number(),
  passMark: z.number(),
  bands: z.array(z.object({ label: z.string(), min: z.number() })),
  programmes: z.number().int(),
  version: z.number().int(),
});
export type GradingSchema = z.infer<typeof gradingSchemaSchema>;
