import { z } from 'zod';
import { VALIDATION } from './messages';
import { ROLE_SCOPES } from './roles';
import { personSchema } from './people';

export const applicationRoleSchema = z.object({
  key: z.string(),
  label: z.string(),
  scope: z.enum(ROLE_SCOPES),
  active: z.boolean(),
});
export type ApplicationRole = z.infer<typeof applicationRoleSchema>;

export const userApplicationRolesSchema = z.object({
  possibleApplicationRoles: z.array(applicationRoleSchema),
});

/** `roles` is a JSON list holding exactly one role key (spec §6, §7). */
export const selectRolesSchema = z.object({
  roles: z
    .array(z.string().min(1), { error: VALIDATION.select })
    .length(1, 'Exactly one role must be selected'),
});

export const selectClcsSchema = z.object({
  clcIds: z
    .array(z.number().int().positive(), { error: VALIDATION.multiSelect })
    .min(1, VALIDATION.multiSelect),
});

/** The signed-in person's own view: the person record's fields, their roles, and the photo rule. */
export const profileSchema = personSchema
  .pick({
    id: true,
    username: true,
    firstName: true,
    lastName: true,
    email: true,
    phone: true,
    gender: true,
    systemRole: true,
    employeeType: true,
    profilePhoto: true,
    lastSignInAt: true,
    clcs: true,
  })
  .extend({ canUploadPhoto: z.boolean(), roles: z.array(applicationRoleSchema) });
export type Profile = z.infer<typeof profileSchema>;

export const IMAGE_TYPES = ['profile'] as const;
/** Photos, logos and signatures: JPEG or PNG, judged by content on the server. */
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png'] as const;
/** The largest photo accepted; larger uploads are refused before they are read whole. */
export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;
export const imageUploadResultSchema = z.object({ profilePhoto: z.string() });
