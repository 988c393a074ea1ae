import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RIGHTS, rightAction } from './rights';
import { DEFAULT_ROLES, ROLE_KEYS, defaultRightsOf } from './roles';
import { roleRightsTable } from './role-rights-table';

const ACTIONS = [
  'DISPLAY',
  'EDIT',
  'CREATE',
  'DELETE',
  'EXPORT',
  'IMPORT',
  'IMPERSONATE',
  'SECURITY_ACCESS',
  'CLOSE',
  'REVIEW_GRADES',
  'PUBLISH',
  'MERGE',
];

describe('the rights catalogue', () => {
  it('is AREA__ACTION with a known action, each right once', () => {
    for (const right of RIGHTS) {
      expect(right).toMatch(/^[A-Z][A-Z_]*[A-Z]__[A-Z_]+$/);
      expect(ACTIONS).toContain(rightAction(right));
    }
    expect(new Set(RIGHTS).size).toBe(RIGHTS.length);
  });

  it('holds the rights the spec names', () => {
    for (const right of [
      'PROGRAMME_ACADEMIC__DISPLAY',
      'PROGRAMME_PROFESSIONAL__DISPLAY',
      'PROGRAMME_GEL__DISPLAY',
      'USER__IMPERSONATE',
      'USER__SECURITY_ACCESS',
      'ROLE_TO_RIGHT__EXPORT',
      'SUBMISSION__CREATE',
      'PROGRAMME__REVIEW_GRADES',
      'PROGRAMME__CLOSE',
      'UNIT__PUBLISH',
    ]) {
      expect(RIGHTS).toContain(right);
    }
  });
});

describe('the default roles', () => {
  it('are the 15 roles of the spec', () => {
    expect([...ROLE_KEYS].sort()).toEqual([
      'ACADEMIC_MANAGER',
      'ADMIN',
      'API_USER',
      'COORDINATOR',
      'FACILITATOR',
      'FACULTY',
      'LEAD_COORDINATOR',
      'LEAD_FACILITATOR',
      'LEAD_FACULTY',
      'OPERATIONAL_MANAGER',
      'STUDENT',
      'SUPER_ADMIN',
      'TEACHING_ASSISTANT',
      'UNIVERSITY_REPRESENTATIVE',
      'VIEW_ONLY_USER',
    ]);
  });

  it('give impersonation to the super admin only, and the sis to no student', () => {
    const holders = ROLE_KEYS.filter((r) => defaultRightsOf(r).includes('USER__IMPERSONATE'));
    expect(holders).toEqual(['SUPER_ADMIN']);
    expect(defaultRightsOf('SUPER_ADMIN')).toHaveLength(RIGHTS.length);
    expect(defaultRightsOf('STUDENT')).not.toContain('GENERAL_SIS__DISPLAY');
    expect(DEFAULT_ROLES.STUDENT.scope).toBe('own_records');
    expect(DEFAULT_ROLES.COORDINATOR.scope).toBe('own_clcs');
  });

  it('let the view-only user change nothing: it reads, and downloads certificates it reads', () => {
    const reads = defaultRightsOf('VIEW_ONLY_USER').filter((r) => !r.endsWith('__DISPLAY'));
    expect(reads).toEqual(['CERTIFICATE__EXPORT']);
  });

  it('are documented as they are in docs/decisions/0003-default-role-rights.md', () => {
    const doc = readFileSync(
      new URL('../../../docs/decisions/0003-default-role-rights.md', import.meta.url),
      'utf8',
    );
    expect(doc).toContain(roleRightsTable());
  });
});
