import type { z } from 'zod';
import {
  coordinatorInputSchema,
  facilitatorInputSchema,
  personSchema,
  studentInputSchema,
  studentSchema,
  userInputSchema,
  type PersonKind,
} from '@lantern/contracts/people';
import type { Right } from '@lantern/contracts/rights';

export type KindRights = { display: Right; create: Right; edit: Right; export: Right };

export type Kind = {
  kind: PersonKind;
  /** The path segment under /api/{locale}/ and /{lang}/, as in spec §2. */
  path: string;
  label: string;
  rights: KindRights;
  /** A person is of this kind when they hold one of these roles; null: everyone (users). */
  roles: string[] | null;
  /** The role a person created here gets; users get the roles chosen in the form. */
  createRole: string | null;
  input: z.ZodType;
  detail: z.ZodType;
};

/** The four people lists of the sis: each is the users holding some roles, behind its own rights. */
export const KINDS: Record<PersonKind, Kind> = {
  student: {
    kind: 'student',
    path: 'student',
    label: 'Student',
    rights: {
      display: 'STUDENT__DISPLAY',
      create: 'STUDENT__CREATE',
      edit: 'STUDENT__EDIT',
      export: 'STUDENT__EXPORT',
    },
    roles: ['STUDENT'],
    createRole: 'STUDENT',
    input: studentInputSchema,
    detail: studentSchema,
  },
  facilitator: {
    kind: 'facilitator',
    path: 'facilitator',
    label: 'Facilitator',
    rights: {
      display: 'FACILITATOR__DISPLAY',
      create: 'FACILITATOR__CREATE',
      edit: 'FACILITATOR__EDIT',
      export: 'FACILITATOR__EXPORT',
    },
    roles: ['FACILITATOR', 'LEAD_FACILITATOR'],
    createRole: 'FACILITATOR',
    input: facilitatorInputSchema,
    detail: personSchema,
  },
  coordinator: {
    kind: 'coordinator',
    path: 'coordinator',
    label: 'Coordinator',
    rights: {
      display: 'COORDINATOR__DISPLAY',
      create: 'COORDINATOR__CREATE',
      edit: 'COORDINATOR__EDIT',
      export: 'COORDINATOR__EXPORT',
    },
    roles: ['COORDINATOR', 'LEAD_COORDINATOR'],
    createRole: 'COORDINATOR',
    input: coordinatorInputSchema,
    detail: personSchema,
  },
  user: {
    kind: 'user',
    path: 'user',
    label: 'User',
    rights: {
      display: 'USER__DISPLAY',
      create: 'USER__CREATE',
      edit: 'USER__EDIT',
      export: 'USER__EXPORT',
    },
    roles: null,
    createRole: null,
    input: userInputSchema,
    detail: personSchema,
  },
};
