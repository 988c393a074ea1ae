// A training item's settings: its package, how it is graded, attempts and display.
import { z } from 'zod';

const attempts = z.number().int().min(1).max(20).nullable().optional(); // null: unlimited

export const wbtSettingsSchema = z.object({
  /** A `wbt_packages` row (immutable). */
  packageId: z.number().int().positive(),
  /** completion: full points when complete. */
  gradeFrom: z.enum(['score', 'completion']),
  completeWhen: z
    .enum(['completed', 'passed', 'completed_or_passed'])
    .default('completed_or_passed'),
  maxAttempts: attempts,
  /** Plays without sign-in at `public_wbt` (nothing tracked against a person). */
  isPublic: z.boolean().default(false),
  display: z
    .object({ mode: z.enum(['embedded', 'full']), heightPx: z.number().int().min(400).max(2000) })
    .default({ mode: 'embedded', heightPx: 720 }),
});
export type WbtSettings = z.infer<typeof wbtSettingsSchema>;
