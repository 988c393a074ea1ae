import { z } from 'zod';

/** The start page: the areas the user may open and the counts that matter to them. */
export const HOME_KINDS = ['sis', 'learner', 'machine'] as const;

export const homeSummarySchema = z.object({
  /** Whose start page: sis staff (GENERAL_SIS__DISPLAY), a learner (the learning platform is
   * theirs, spec §6), or a machine account that uses neither side but the API. */
  kind: z.enum(HOME_KINDS),
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
  /** GENERAL_UNIVERSITY__DISPLAY (the university representative): their bachelor programmes,
   * each with its students and the terms whose final grades wait for the university's approval
   * (decision 0022, as built: university home). Absent for other roles. */
  university: z
    .array(
      z.object({
        id: z.number().int(),
        code: z.string(),
        title: z.string(),
        certifyingUniversity: z.string().nullable(),
        students: z.number().int(),
        /** Terms the levels below let the university approve, not yet approved by it. */
        waitingForUni: z.number().int(),
        /** Terms whose verification has begun but still waits for basic or CLC approvals. */
        waitingBelow: z.number().int(),
        graduated: z.number().int(),
      }),
    )
    .optional(),
});
export type HomeSummary = z.infer<typeof homeSummarySchema>;
