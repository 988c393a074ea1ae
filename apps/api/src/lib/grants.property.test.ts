import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { GRANT_TABLE, SUPER_ADMIN_ONLY_RIGHTS } from '@lantern/contracts/grants';
import type { Right } from '@lantern/contracts/rights';
import { Grants, isSuperAdminPerson } from './grants';

/*
 * Escalation invariants of the grant rule (decision 0015), as properties over random role maps,
 * actors, people and sequences of writes, checked against the rule itself (no database): an
 * actor never ends up — in a role it can switch to, or through an account it controls — with a
 * right outside what it held plus what the grant table lets it give; nobody below a super admin
 * changes a super admin. Fixed seed, printed by fast-check on failure.
 */

const SEED = 20_261_125;
const RIGHTS_POOL: Right[] = [
  ...SUPER_ADMIN_ONLY_RIGHTS,
  ...GRANT_TABLE.flatMap((g) => g.heldRights),
  'CLC__EDIT',
  'CERTIFICATE__CREATE',
  'SUBMISSION__CREATE',
  'GRADE_BOOK__EDIT',
  'DATA_CLEAN_UP__MERGE',
];
const ROLES = ['SUPER_ADMIN', 'ADMIN', 'STUDENT', 'FACILITATOR', 'COORDINATOR', 'R1', 'R2', 'R3'];
const PEOPLE = 4;

type World = { roleRights: Map<string, Set<string>>; people: string[][] };

const rightsArb = fc.subarray(RIGHTS_POOL);
const worldArb = fc
  .record({
    rights: fc.array(rightsArb, { minLength: ROLES.length, maxLength: ROLES.length }),
    people: fc.array(fc.subarray(ROLES, { maxLength: 3 }), {
      minLength: PEOPLE,
      maxLength: PEOPLE,
    }),
    actorRole: fc.constantFrom(...ROLES.filter((r) => r !== 'SUPER_ADMIN')),
  })
  .map(({ rights, people, actorRole }) => {
    const roleRights = new Map(ROLES.map((r, i) => [r, new Set<string>(rights[i])]));
    roleRights.set('SUPER_ADMIN', new Set(RIGHTS_POOL));
    // Person 0 is the actor, acting in one role; person 1 the super admin.
    people[0] = [actorRole];
    people[1] = ['SUPER_ADMIN'];
    return { world: { roleRights, people }, actorRole };
  });

const opArb = fc.oneof(
  fc.record({
    kind: fc.constant('grant' as const),
    who: fc.nat(PEOPLE - 1),
    role: fc.constantFrom(...ROLES),
  }),
  fc.record({
    kind: fc.constant('remove' as const),
    who: fc.nat(PEOPLE - 1),
    role: fc.constantFrom(...ROLES),
  }),
  fc.record({ kind: fc.constant('control' as const), who: fc.nat(PEOPLE - 1) }),
  fc.record({
    kind: fc.constant('addRight' as const),
    role: fc.constantFrom(...ROLES),
    right: fc.constantFrom(...RIGHTS_POOL),
  }),
  fc.record({ kind: fc.constant('switch' as const), role: fc.constantFrom(...ROLES) }),
);

/** What the actor may legitimately reach: its rights, closed over the grant table's roles. */
function allowedClosure(world: World, start: Set<string>): Set<string> {
  const reach = new Set(start);
  for (let changed = true; changed;) {
    changed = false;
    for (const row of GRANT_TABLE) {
      if (!row.heldRights.some((r) => reach.has(r))) continue;
      for (const r of world.roleRights.get(row.role) ?? []) {
        if (!reach.has(r)) {
          reach.add(r);
          changed = true;
        }
      }
    }
  }
  return reach;
}

const grantsOf = (world: World, acting: string) =>
  new Grants(
    { id: 0, isSuperAdmin: false, rights: new Set(world.roleRights.get(acting)), scope: null },
    new Map([...world.roleRights].map(([k, v]) => [k, { label: k, rights: [...v] }])),
  );

const target = (world: World, who: number) => ({
  systemRole: 'user' as const,
  roles: world.people[who] ?? [],
  clcIds: [1],
});

describe('escalation invariants', () => {
  it('no sequence of writes gives an actor a right it did not hold (or could give by the table)', () => {
    fc.assert(
      fc.property(worldArb, fc.array(opArb, { maxLength: 30 }), ({ world, actorRole }, ops) => {
        const allowed = allowedClosure(world, new Set(world.roleRights.get(actorRole)));
        const controlled = new Set<number>([0]);
        let acting = actorRole;
        const superAdminBefore = [...(world.people[1] ?? [])];
        for (const op of ops) {
          const grants = grantsOf(world, acting);
          if (op.kind === 'grant' || op.kind === 'remove') {
            const before = world.people[op.who] ?? [];
            const after =
              op.kind === 'grant'
                ? [...new Set([...before, op.role])]
                : before.filter((r) => r !== op.role);
            if (grants.rolesChangeRefusal(target(world, op.who), { roles: after }) === null)
              world.people[op.who] = after;
          } else if (op.kind === 'control') {
            if (grants.identityRefusal(target(world, op.who)) === null) controlled.add(op.who);
          } else if (op.kind === 'addRight') {
            try {
              grants.assertMayAddRights([op.right]);
              world.roleRights.get(op.role)?.add(op.right);
            } catch {
              // refused: nothing changes
            }
          } else if ((world.people[0] ?? []).includes(op.role)) {
            acting = op.role;
          }
          // The invariant: every right of every role of every account the actor controls.
          for (const who of controlled)
            for (const role of world.people[who] ?? [])
              for (const right of world.roleRights.get(role) ?? [])
                expect(allowed.has(right), `${right} through ${role} of person ${who}`).toBe(true);
        }
        // Nobody below a super admin changed the super admin.
        expect(world.people[1]).toEqual(superAdminBefore);
        expect(isSuperAdminPerson({ systemRole: 'user', roles: world.people[1] ?? [] })).toBe(true);
      }),
      { seed: SEED, numRuns: 500 },
    );
  });
});
