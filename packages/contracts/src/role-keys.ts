// The built-in roles' keys, and the shape of a role's defaults with a helper to write them.
import type { ROLE_SCOPES } from './enums';
import { family, type Right } from './rights';

/** The 15 built-in application roles of spec §6; their keys never change. */
export const ROLE_KEYS = [
  'SUPER_ADMIN',
  'ADMIN',
  'ACADEMIC_MANAGER',
  'OPERATIONAL_MANAGER',
  'LEAD_COORDINATOR',
  'COORDINATOR',
  'LEAD_FACILITATOR',
  'FACILITATOR',
  'LEAD_FACULTY',
  'FACULTY',
  'TEACHING_ASSISTANT',
  'UNIVERSITY_REPRESENTATIVE',
  'VIEW_ONLY_USER',
  'API_USER',
  'STUDENT',
] as const;
export type BuiltInRoleKey = (typeof ROLE_KEYS)[number];

export type RoleScope = (typeof ROLE_SCOPES)[number];

export type RoleDefault = {
  label: string;
  scope: RoleScope;
  rights: readonly Right[];
  why: string;
};

export const displays = (...areas: string[]): Right[] =>
  areas.flatMap(family).filter((r) => r.endsWith('__DISPLAY'));
