import { z } from 'zod';

/** The start page: the areas the user may open and the counts that matter to them. */
export const homeSummarySchema = z.object({
  greetingName: z.string(),
  activeRole: z.string().nullable(),
  counts: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      value: z.number().int(),
      path: z.string().nullable(),
    }),
  ),
  areas: z.array(
    z.object({ key: z.string(), label: z.string(), path: z.string(), description: z.string() }),
  ),
});
export type HomeSummary = z.infer<typeof homeSummarySchema>;
