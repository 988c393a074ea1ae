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
  /** Whether the form carries the employee type (facilitators, and users for any staff). */
  hasEmployeeType: boolean;
  input: z.ZodType;
  detail: z.ZodType;
};

/** The people lists of the sis: each is the users holding some roles, behind its own rights. */
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
    hasEmployeeType: false,
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
    // Lead facilitators are their own list, behind their own rights (decision 0005).
    roles: ['FACILITATOR'],
    createRole: 'FACILITATOR',
    hasEmployeeType: true,
    input: facilitatorInputSchema,
    detail: personSchema,
  },
  'lead-facilitator': {
    kind: 'lead-facilitator',
    path: 'lead-facilitator',
    label: 'Lead facilitator',
    rights: {
      display: 'LEAD_FACILITATOR__DISPLAY',
      create: 'LEAD_FACILITATOR__CREATE',
      edit: 'LEAD_FACILITATOR__EDIT',
      export: 'LEAD_FACILITATOR__EXPORT',
    },
    roles: ['LEAD_FACILITATOR'],
    createRole: 'LEAD_FACILITATOR',
    hasEmployeeType: true,
    input: facilitatorInputSchema,
    detail: personSchema,
  },
  'lead-faculty': {
    kind: 'lead-faculty',
    path: 'lead-faculty',
    label: 'Lead faculty',
    rights: {
      display: 'LEAD_FACULTY__DISPLAY',
      create: 'LEAD_FACULTY__CREATE',
      edit: 'LEAD_FACULTY__EDIT',
      export: 'LEAD_FACULTY__EXPORT',
    },
    roles: ['LEAD_FACULTY'],
    createRole: 'LEAD_FACULTY',
    hasEmployeeType: false,
    input: coordinatorInputSchema,
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
    hasEmployeeType: false,
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
    hasEmployeeType: true,
    input: userInputSchema,
    detail: personSchema,
  },
};
