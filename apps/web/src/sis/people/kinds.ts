import type { Right } from '@lantern/contracts/rights';
import type { PERSON_SORTS, PersonKind } from '@lantern/contracts/people';

export type PersonSort = (typeof PERSON_SORTS)[number];
export type PersonFilter =
  'clc' | 'status' | 'gender' | 'nationality' | 'residencyStatus' | 'employeeType' | 'role';

export type KindConfig = {
  kind: PersonKind;
  /** The API path and the app path: /api/en/<path>, /en/<path>/list. */
  path: PersonKind;
  label: string;
  plural: string;
  rights: { display: Right; create: Right; edit: Right; export: Right };
  filters: readonly PersonFilter[];
};

const rights = (
  family: 'STUDENT' | 'FACILITATOR' | 'LEAD_FACILITATOR' | 'LEAD_FACULTY' | 'COORDINATOR' | 'USER',
) =>
  ({
    display: `${family}__DISPLAY`,
    create: `${family}__CREATE`,
    edit: `${family}__EDIT`,
    export: `${family}__EXPORT`,
  }) as const satisfies KindConfig['rights'];

const COMMON: readonly PersonFilter[] = ['clc', 'status', 'gender'];

export const KINDS = {
  student: {
    kind: 'student',
    path: 'student',
    label: 'Student',
    plural: 'Students',
    rights: rights('STUDENT'),
    filters: [...COMMON, 'nationality', 'residencyStatus'],
  },
  facilitator: {
    kind: 'facilitator',
    path: 'facilitator',
    label: 'Facilitator',
    plural: 'Facilitators',
    rights: rights('FACILITATOR'),
    filters: [...COMMON, 'employeeType'],
  },
  'lead-facilitator': {
    kind: 'lead-facilitator',
    path: 'lead-facilitator',
    label: 'Lead facilitator',
    plural: 'Lead facilitators',
    rights: rights('LEAD_FACILITATOR'),
    filters: [...COMMON, 'employeeType'],
  },
  'lead-faculty': {
    kind: 'lead-faculty',
    path: 'lead-faculty',
    label: 'Lead faculty',
    plural: 'Lead faculty',
    rights: rights('LEAD_FACULTY'),
    filters: COMMON,
  },
  coordinator: {
    kind: 'coordinator',
    path: 'coordinator',
    label: 'Coordinator',
    plural: 'Coordinators',
    rights: rights('COORDINATOR'),
    filters: COMMON,
  },
  user: {
    kind: 'user',
    path: 'user',
    label: 'User',
    plural: 'Users',
    rights: rights('USER'),
    filters: [...COMMON, 'role'],
  },
} as const satisfies Record<PersonKind, KindConfig>;

/** Where a row of the list opens: a student's overview, anyone else's edit page. */
export const recordPath = (kind: PersonKind, id: number): string =>
  kind === 'student' ? `/en/student/${id}/overview` : `/en/${kind}/${id}/edit`;
