import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from './constants';
import { VALIDATION } from './messages';

export const loginSchema = z.object({
  username: z.string({ error: VALIDATION.required }).trim().min(1, VALIDATION.required).max(180),
  password: z.string({ error: VALIDATION.password }).min(1, VALIDATION.password).max(1024),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const tokenPairSchema = z.object({ token: z.string(), refresh_token: z.string() });
export type TokenPair = z.infer<typeof tokenPairSchema>;

export const refreshSchema = z.object({
  refresh_token: z.string({ error: VALIDATION.required }).min(1, VALIDATION.required).max(512),
});

export const forgotPasswordInitSchema = z.object({
  usernameOrEmail: z
    .string({ error: VALIDATION.required })
    .trim()
    .min(1, VALIDATION.required)
    .max(254),
  locale: z.string().trim().min(2).max(5).default('en'),
});
export type ForgotPasswordInit = z.infer<typeof forgotPasswordInitSchema>;

export const newPasswordSchema = z
  .string({ error: VALIDATION.password })
  .min(1, VALIDATION.password)
  .min(PASSWORD_MIN_LENGTH, `At least ${PASSWORD_MIN_LENGTH} characters`)
  .max(256, 'At most 256 characters');

/** A one-time link's token. Any string is taken: a wrong one is refused as a link that is
 * invalid or has expired (the server's one answer), never as a field to fill. */
const linkTokenSchema = z.string().max(1024).catch('');

export const resetPasswordSchema = z.object({
  token: linkTokenSchema,
  password: newPasswordSchema,
});

/** Whether a reset link still works, asked when its page opens. */
export const checkResetTokenSchema = z.object({ token: linkTokenSchema });
export const tokenValiditySchema = z.object({ valid: z.boolean() });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

export const changePasswordSchema = z.object({
  currentPassword: z.string({ error: VALIDATION.password }).min(1, VALIDATION.password).max(1024),
  newPassword: newPasswordSchema,
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const messageSchema = z.object({ message: z.string() });
