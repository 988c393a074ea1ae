import { z } from 'zod';
import { PAGE_SIZE_MAX } from './constants';

/** The JWL-IDs of a merge, as the page address names them: the one removed, the one kept. */
export const mergePairParams = z.object({
  deleteUserJwlId: z.coerce.number().int().positive().max(2_147_483_647),
  mergeUserJwlId: z.coerce.number().int().positive().max(2_147_483_647),
});

/**
 * The values a merge lets you choose between: the person's own fields and those of their
 * student profile. Everything else (roles, CLCs, programmes, files …) moves to the kept person.
 */
export const MERGE_FIELDS = [
  { key: 'firstName', label: 'First name', table: 'users', column: 'first_name' },
  { key: 'lastName', label: 'Last name', table: 'users', column: 'last_name' },
  { key: 'email', label: 'E-mail', table: 'users', column: 'email' },
  { key: 'phone', label: 'Phone', table: 'users', column: 'phone' },
  { key: 'gender', label: 'Gender', table: 'users', column: 'gender' },
  { key: 'birthDate', label: 'Birth date', table: 'student_profiles', column: 'birth_date' },
  {
    key: 'birthCountry',
    label: 'Birth country',
    table: 'student_profiles',
    column: 'birth_country',
  },
  { key: 'birthPlace', label: 'Birth place', table: 'student_profiles', column: 'birth_place' },
  { key: 'nationality', label: 'Nationality', table: 'student_profiles', column: 'nationality' },
  {
    key: 'nativeLanguage',
    label: 'Native language',
    table: 'student_profiles',
    column: 'native_language',
  },
  {
    key: 'countryOfResidence',
    label: 'Country of residence',
    table: 'student_profiles',
    column: 'country_of_residence',
  },
  {
    key: 'residencyStatus',
    label: 'Residency status',
    table: 'student_profiles',
    column: 'residency_status',
  },
  { key: 'unhcrNumber', label: 'UNHCR number', table: 'student_profiles', column: 'unhcr_number' },
] as const;
export type MergeFieldKey = (typeof MERGE_FIELDS)[number]['key'];
const MERGE_FIELD_KEYS = MERGE_FIELDS.map((f) => f.key) as [MergeFieldKey, ...MergeFieldKey[]];

export const MERGE_SIDES = ['kept', 'removed'] as const;
export type MergeSide = (typeof MERGE_SIDES)[number];

export const mergePersonSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  status: z.string(),
  roles: z.array(z.string()),
  clcs: z.array(z.string()),
  lastSignInAt: z.string().nullable(),
  createdAt: z.string(),
});
export type MergePerson = z.infer<typeof mergePersonSchema>;

export const mergeFieldSchema = z.object({
  key: z.enum(MERGE_FIELD_KEYS),
  label: z.string(),
  kept: z.string().nullable(),
  removed: z.string().nullable(),
});

export const mergeCountSchema = z.object({
  kind: z.string(),
  label: z.string(),
  kept: z.number().int(),
  removed: z.number().int(),
});
export type MergeCount = z.infer<typeof mergeCountSchema>;

export const mergePreviewSchema = z.object({
  removed: mergePersonSchema,
  kept: mergePersonSchema,
  fields: z.array(mergeFieldSchema),
  /** What would move from the removed person to the kept one, per kind. */
  counts: z.array(mergeCountSchema),
  /** Why the merge cannot happen as things are; empty when it can. */
  conflicts: z.array(z.string()),
});
export type MergePreview = z.infer<typeof mergePreviewSchema>;

export const mergeInputSchema = z.object({
  /** Which person's value survives, per field; a field left out keeps the kept person's. */
  fields: z.partialRecord(z.enum(MERGE_FIELD_KEYS), z.enum(MERGE_SIDES)).default({}),
});
export type MergeInput = z.infer<typeof mergeInputSchema>;

export const mergeLogItemSchema = z.object({
  id: z.number().int(),
  removed: z.object({ id: z.number().int(), name: z.string(), username: z.string() }),
  kept: z.object({ id: z.number().int(), name: z.string(), username: z.string() }),
  mergedAt: z.string(),
  mergedBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  counts: z.array(mergeCountSchema),
  undoneAt: z.string().nullable(),
  undoneBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type MergeLogItem = z.infer<typeof mergeLogItemSchema>;

export const mergeLogQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(25),
  /** A JWL-ID: merges where that person was removed or kept. */
  user: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});

export const mergeLogSchema = z.object({
  items: z.array(mergeLogItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type MergeLog = z.infer<typeof mergeLogSchema>;

export const mergeCandidateQuerySchema = z.object({
  q: z.string().trim().min(1).max(200),
});

export const mergeCandidatesSchema = z.object({ items: z.array(mergePersonSchema) });
export type MergeCandidates = z.infer<typeof mergeCandidatesSchema>;

export const MERGE_TEXTS = {
  same: 'A person cannot be merged into themselves.',
  self: 'You cannot merge your own account away; ask another administrator.',
  superAdmin: 'Only a super admin can merge a super admin account.',
  removedGone: 'This person has already been removed or merged.',
  confirm: (removed: number, kept: number) =>
    `Merge ${String(removed)} into ${String(kept)}? ${String(removed)} can no longer sign in; the merge can be undone from the merge log.`,
  undone: 'This merge has already been undone.',
  undoLater: 'The kept person has been merged or removed since; undo that first, then this merge.',
} as const;
