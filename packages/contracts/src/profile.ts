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
  .extend({
    canUploadPhoto: z.boolean(),
    /** The photo printed on certificates: students only, uploaded once like the profile photo. */
    certificatePhoto: z.string().nullable(),
    canUploadCertificatePhoto: z.boolean(),
    roles: z.array(applicationRoleSchema),
  });
export type Profile = z.infer<typeof profileSchema>;

/** The photos people upload themselves, each once (spec §5): `image-upload/:imageType?`. */
export const IMAGE_TYPES = ['profile', 'certificate'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];
export const IMAGE_TYPE_LABELS: Record<ImageType, string> = {
  profile: 'Profile photo',
  certificate: 'Certificate photo',
};
/** A certificate photo belongs to a student's record. */
export const CERTIFICATE_PHOTO_STUDENTS_ONLY = 'Only students have a certificate photo.';
/** Photos, logos and signatures: JPEG or PNG, judged by content on the server. */
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png'] as const;
/** The largest photo accepted; larger uploads are refused before they are read whole. */
export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;
export const imageUploadResultSchema = z.object({
  imageType: z.enum(IMAGE_TYPES),
  /** A signed link to the stored photo. */
  photo: z.string(),
});
