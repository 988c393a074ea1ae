import { z } from 'zod';
import type { Right } from './rights';

/**
 * Who may grant a role beyond the general rule (decision 0015). The rule: a user grants or
 * removes only roles whose every right they hold. These rows let the people forms work as the
 * roles' purpose says: whoever creates or edits students may make someone a student, and so on,
 * within their CLC scope — although a student holds rights (submitting work) a coordinator lacks.
 */
export const GRANT_TABLE: readonly { role: string; heldRights: readonly Right[] }[] = [
  // A cohort import makes the people of its file students of the bachelor (decision 0022).
  { role: 'STUDENT', heldRights: ['STUDENT__CREATE', 'STUDENT__EDIT', 'BA_COHORT__IMPORT'] },
  { role: 'FACILITATOR', heldRights: ['FACILITATOR__CREATE', 'FACILITATOR__EDIT'] },
  { role: 'COORDINATOR', heldRights: ['COORDINATOR__CREATE', 'COORDINATOR__EDIT'] },
  // Lead facilitators and lead faculty are managed like facilitators, under their own rights.
  {
    role: 'LEAD_FACILITATOR',
    heldRights: ['LEAD_FACILITATOR__CREATE', 'LEAD_FACILITATOR__EDIT'],
  },
  { role: 'LEAD_FACULTY', heldRights: ['LEAD_FACULTY__CREATE', 'LEAD_FACULTY__EDIT'] },
];

/** Rights that reach other people's accounts or the rights map: only a super admin adds them to a role. */
export const SUPER_ADMIN_ONLY_RIGHTS: readonly Right[] = [
  'USER__IMPERSONATE',
  'USER__SECURITY_ACCESS',
  'ROLE__CREATE',
  'ROLE__EDIT',
  'RIGHT__EDIT',
  'ROLE_TO_RIGHT__EDIT',
  'AUTHORISATION__EDIT',
];

/** The role that makes a super admin (beside the system role `superAdmin`). */
export const SUPER_ADMIN_ROLE = 'SUPER_ADMIN';

/** The sentences of a refused grant, shown as they are. */
export const GRANT_TEXTS = {
  role: (label: string) =>
    `You cannot grant or remove the role ${label}: it holds rights you do not have.`,
  superAdminRole: 'Only a super admin can grant or remove super admin rights.',
  superAdminTarget: 'Only a super admin can change a super admin.',
  identity: (label: string) =>
    `You cannot change this person's username, e-mail, status, password or sign-ins: they hold the role ${label}, which you cannot grant.`,
  outOfScope: 'This person is outside the CLCs you work in.',
  lastSuperAdmin:
    'This would leave no active super admin. The last active super admin cannot be demoted, locked or removed.',
  rights: (labels: string) => `You cannot give a role rights you do not hold: ${labels}.`,
  superAdminRights: (labels: string) =>
    `Only a super admin can give a role these rights: ${labels}.`,
} as const;

/**
 * An application role as the user form and filters offer it; `grantable`: the person asking may
 * grant or remove it (decision 0015), so the form offers it and locks the others a user holds.
 */
export const roleOptionSchema = z.object({
  key: z.string(),
  label: z.string(),
  grantable: z.boolean(),
});
export type RoleOption = z.infer<typeof roleOptionSchema>;
