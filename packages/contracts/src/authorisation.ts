import { z } from 'zod';
import { requiredText } from './common';
import { VALIDATION } from './messages';
import { RIGHTS } from './rights';
import { ROLE_SCOPES } from './roles';

/** A role key: upper snake case, starting with a letter (`CLC_AUDITOR`). */
export const ROLE_KEY_PATTERN = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$/;
export const ROLE_KEY_MESSAGE =
  'Use capital letters, digits and single underscores, starting with a letter (for example CLC_AUDITOR)';

export const roleKeySchema = z
  .string({ error: VALIDATION.required })
  .trim()
  .min(1, VALIDATION.required)
  .max(64, 'At most 64 characters')
  .regex(ROLE_KEY_PATTERN, ROLE_KEY_MESSAGE);

export const ROLE_SCOPE_LABELS: Record<(typeof ROLE_SCOPES)[number], string> = {
  all_clcs: 'All CLCs',
  own_clcs: 'Own CLCs',
  own_records: 'Own records',
};

export const rightInfoSchema = z.object({
  key: z.string(),
  family: z.string(),
  action: z.string(),
});
export type RightInfo = z.infer<typeof rightInfoSchema>;

export const roleSchema = z.object({
  key: z.string(),
  label: z.string(),
  scope: z.enum(ROLE_SCOPES),
  isBuiltIn: z.boolean(),
  version: z.number().int(),
  /** How many users hold the role: whose rights a change of it changes. */
  userCount: z.number().int(),
  rights: z.array(z.string()),
});
export type Role = z.infer<typeof roleSchema>;

/** Every role with its rights and the whole rights catalogue: the matrix and both lists. */
export const authorisationSchema = z.object({
  roles: z.array(roleSchema),
  rights: z.array(rightInfoSchema),
});
export type Authorisation = z.infer<typeof authorisationSchema>;

export const roleCreateSchema = z.object({
  key: roleKeySchema,
  label: requiredText(100),
  scope: z.enum(ROLE_SCOPES, { error: VALIDATION.select }),
});
export type RoleCreate = z.infer<typeof roleCreateSchema>;

/** A relabel at the version the editor saw; the key of a built-in role never changes. */
export const roleUpdateSchema = z.object({
  version: z.coerce.number().int().positive(),
  key: roleKeySchema.optional(),
  label: requiredText(100),
});
export type RoleUpdate = z.infer<typeof roleUpdateSchema>;

export const roleRightsUpdateSchema = z.object({
  version: z.coerce.number().int().positive(),
  rights: z.array(z.enum(RIGHTS, { error: 'Unknown right' })).max(RIGHTS.length),
});
export type RoleRightsUpdate = z.infer<typeof roleRightsUpdateSchema>;

export const roleRightsSavedSchema = z.object({
  role: roleSchema,
  added: z.array(z.string()),
  removed: z.array(z.string()),
  /** The users whose rights changed. */
  affectedUsers: z.number().int(),
});
export type RoleRightsSaved = z.infer<typeof roleRightsSavedSchema>;
