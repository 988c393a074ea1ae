import { describe, expect, it } from 'vitest';
import { EMPLOYEE_TYPES, type EmployeeType } from '@lantern/contracts/enums';
import { TASK_DELIVERIES } from '@lantern/contracts/learning-enums';
import type { AuthContext } from '../../../plugins/auth';
import type { Principal } from '../../../plugins/principal';
import { AppError } from '../../../lib/errors';
import { assertMayGrade, isResponsible, whyNotGrade } from './responsibility';

function auth(type: EmployeeType | null, rights: string[]): AuthContext {
  const user: Principal = {
    jwlId: 1,
    username: 'x',
    firstName: 'X',
    lastName: 'Y',
    email: null,
    systemRole: 'user',
    employeeType: type,
    gender: null,
    status: 'active',
    profilePhotoFileId: null,
    roleKeys: [],
    roleKey: null,
    roleScope: null,
    rights,
    allClcIds: [],
  };
  return {
    sessionId: 's',
    user,
    realUser: user,
    impersonating: false,
    rights: new Set(rights),
    clcIds: [],
    clcNarrowed: false,
    ip: '127.0.0.1',
  };
}

const ONLINE = new Set<EmployeeType | null>([
  'online_facilitator',
  'online-onsite_facilitator',
  'onsite-online_facilitator',
]);
const ONSITE = new Set<EmployeeType | null>([
  'onsite_facilitator',
  'online-onsite_facilitator',
  'onsite-online_facilitator',
]);
const RIGHT_SETS = [
  [],
  ['COURSE_TASK_ONLINE__EDIT'],
  ['COURSE_TASK_ONSITE__EDIT'],
  ['COURSE_TASK_ONLINE__EDIT', 'COURSE_TASK_ONSITE__EDIT'],
];

describe('course responsibility (spec §6, decision 0019)', () => {
  // The four employee types and none × both rights (each, both, neither) × both deliveries.
  for (const type of [...EMPLOYEE_TYPES, null])
    for (const rights of RIGHT_SETS)
      for (const delivery of TASK_DELIVERIES) {
        const expected =
          delivery === 'online'
            ? rights.includes('COURSE_TASK_ONLINE__EDIT') && ONLINE.has(type)
            : rights.includes('COURSE_TASK_ONSITE__EDIT') && ONSITE.has(type);
        it(`${type ?? 'no type'} with [${rights.join(', ')}] on an ${delivery} task: ${expected ? 'responsible' : 'not'}`, () => {
          expect(isResponsible(auth(type, rights), { delivery })).toBe(expected);
          // A holder of SUBMISSION__CREATE (a learner) is never responsible.
          expect(isResponsible(auth(type, [...rights, 'SUBMISSION__CREATE']), { delivery })).toBe(
            false,
          );
        });
      }

  it('names what is missing', () => {
    expect(whyNotGrade(auth(null, []), { delivery: 'online' }, true)).toBe(
      'Grading online tasks needs the right “Online course tasks — edit” and an online employee type.',
    );
    expect(
      whyNotGrade(
        auth('onsite_facilitator', ['COURSE_TASK_ONLINE__EDIT']),
        { delivery: 'online' },
        true,
      ),
    ).toBe('Grading online tasks needs an online employee type.');
    expect(whyNotGrade(auth('onsite_facilitator', []), { delivery: 'onsite' }, true)).toMatch(
      /^Grading onsite tasks needs the right “.+ — edit”\.$/,
    );
  });

  it('SUBMISSION__EDIT grades any task in the grading scope, never outside it', () => {
    const lead = auth(null, ['SUBMISSION__EDIT']);
    expect(whyNotGrade(lead, { delivery: 'onsite' }, true)).toBeNull();
    expect(whyNotGrade(lead, { delivery: 'onsite' }, false)).toBe(
      'You grade only the students of the classes you teach.',
    );
  });

  it('refuses with 403 NOT_RESPONSIBLE', () => {
    try {
      assertMayGrade(
        auth('online_facilitator', ['COURSE_TASK_ONLINE__EDIT']),
        { delivery: 'onsite' },
        true,
      );
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).statusCode).toBe(403);
      expect((error as AppError).code).toBe('NOT_RESPONSIBLE');
    }
    expect(() =>
      assertMayGrade(
        auth('online_facilitator', ['COURSE_TASK_ONLINE__EDIT']),
        { delivery: 'online' },
        true,
      ),
    ).not.toThrow();
    expect(() =>
      assertMayGrade(
        auth('online_facilitator', ['SUBMISSION__CREATE', 'SUBMISSION__EDIT']),
        { delivery: 'online' },
        true,
      ),
    ).toThrow('not by learners');
  });
});
