import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROGRAMME_TYPES, type ProgrammeType } from '@lantern/contracts/programme';
import {
  DEFAULT_ROLES,
  ROLE_KEYS,
  defaultRightsOf,
  type BuiltInRoleKey,
} from '@lantern/contracts/roles';
import type { Right } from '@lantern/contracts/rights';
import { DEMO_USERS } from '@lantern/db/seed';
import type { RouteInfo } from '../src/app';
import { KINDS } from '../src/modules/people/people.kinds';
import { buildTestApp, type TestApp } from './helpers';

/**
 * The generated access matrix (issue 14): every route of the app's own route table × every demo
 * role × {own CLC, other CLC, anonymous, other programme type}. The expected answer comes from
 * the role → right table of the contracts (decision 0003), the route's declared right and the
 * scope and type of the sampled id — never from what a handler does. It fails when a route is
 * added with a wrong right, or a programme-scoped route answers for another type.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

/** A value no row has, for the parameters the matrix does not sample. */
const NO_ROW = '2147483646';
const PROGRAMME_NOT_FOUND = 'The programme was not found.';

/**
 * A person route with a further id (`/student/:id/additional-courses/:courseId/…`) reached the
 * person and answered 404 for the made-up second id: that is an allow, unless the 404 names a
 * person (the scope check's answer).
 */
const pastThePerson = (url: string, detail: string | undefined): boolean =>
  (url.match(/\/:[a-zA-Z]+/g) ?? []).length > 2 &&
  detail !== undefined &&
  !/^The (student|person|learner|staff member|user) was not found\.$/.test(detail);

type Variant = 'anonymous' | 'own CLC' | 'other CLC' | 'other programme type';
type Expected =
  | { kind: 'unauthenticated' }
  | { kind: 'missing right'; right: Right }
  | { kind: 'not found' }
  | { kind: 'allowed' };
type Probe = {
  route: RouteInfo;
  role: BuiltInRoleKey | null;
  variant: Variant;
  url: string;
  expected: Expected;
};

type ProgrammeRow = { id: number; type: ProgrammeType; codes: string[] };
type PersonRow = { id: number; roles: string[]; codes: string[] };
type ClcRow = { id: number; code: string };

/** The demo sign-in of a role: its username is the role's key in lower case (seed). */
const demoUser = (role: BuiltInRoleKey) => {
  const user = DEMO_USERS.find((u) => u.username === role.toLowerCase());
  if (!user) throw new Error(`The demo data has no sign-in for ${role}.`);
  return user;
};

const meets = (a: readonly string[], b: readonly string[]) => a.some((x) => b.includes(x));

/** The URL of a route with every parameter filled; `id` is the sampled record, if any. */
function concrete(route: RouteInfo, id: string | null, type: ProgrammeType | null): string {
  return route.url
    .replace(':locale', 'en')
    .replace(':mode', 'sis')
    .replace(':x', 'john')
    .replace(':imageType?', 'profile')
    .replace(':photo', 'profile')
    .replace(':format', 'csv')
    .replace(':programmeType', type ?? 'professional')
    .replace(/:(id|programmeId)\b/, id ?? NO_ROW)
    .replace(/:\w+\??/g, NO_ROW);
}

/** The people list a route belongs to (`/api/:locale/student/:id`), if any. */
const personKindOf = (url: string) =>
  Object.values(KINDS).find((k) => url.startsWith(`/api/:locale/${k.path}/:id`));

const isClcRoute = (url: string) => url.startsWith('/api/:locale/clc-partner/:id');

/**
 * Signed-in routes about one person that answer for the caller's own record, and for anyone
 * else's only with a right (spec §7: a person's own concentrations). The matrix tries both.
 */
const SELF_OR_RIGHT: Record<string, Right> = {
  '/api/general/concentrations-personalized/:id': 'PROGRAMME__DISPLAY',
};

/** Routes declared signedIn whose handler checks a right itself (a system role may stand in for
 * it): the demo users of these roles hold no such system role, so the right decides. */
const RIGHT_CHECKED_INSIDE: Record<string, Right> = {
  '/api/general/impersonators/:x': 'USER__IMPERSONATE',
};

describe('the generated access matrix', () => {
  it('answers every route × role × scope × programme type as the role → right table says', async () => {
    const programmes = await t.database.query<ProgrammeRow>(
      `select p.id, p.type::text as type, array_agg(c.code order by c.code) as codes
         from programmes p join programme_clcs pc on pc.programme_id = p.id
         join clcs c on c.id = pc.clc_id group by p.id order by p.id`,
    );
    const people = await t.database.query<PersonRow>(
      `select u.jwl_id as id,
              array(select r.role_key from user_roles r where r.user_id = u.jwl_id) as roles,
              array(select c.code from user_clcs uc join clcs c on c.id = uc.clc_id
                     where uc.user_id = u.jwl_id) as codes
         from users u where u.merged_into_id is null order by u.jwl_id`,
    );
    const clcs = await t.database.query<ClcRow>('select id, code from clcs order by id');
    // Who staffs a class of which programme: the classes routes narrow to these (decision 0008).
    const staffing = await t.database.query<{ programme_id: number; user_id: number }>(
      `select distinct c.programme_id, cs.user_id
         from class_staff cs join classes c on c.id = cs.class_id`,
    );
    const selves = await t.database.query<{ id: number; username: string }>(
      'select jwl_id as id, username from users',
    );
    const selfOf = (role: BuiltInRoleKey) =>
      selves.find((u) => u.username === demoUser(role).username)?.id;

    const programmeTypes = [
      ...new Set(
        t.routes.flatMap((r) =>
          r.programme === undefined
            ? []
            : [r.programme === 'fromPath' ? 'professional' : r.programme],
        ),
      ),
    ];
    // A programme of a type in or out of some CLCs; of another type, in them.
    const programmeOf = (type: ProgrammeType, codes: string[], inside: boolean) =>
      programmes.find((p) => p.type === type && meets(p.codes, codes) === inside);
    const otherTypeOf = (type: ProgrammeType, codes: string[]) =>
      programmes.find((p) => p.type !== type && meets(p.codes, codes));
    const personOf = (roles: string[] | null, codes: string[], inside: boolean) =>
      people.find(
        (p) =>
          (roles === null || meets(p.roles, roles)) &&
          p.codes.length > 0 &&
          meets(p.codes, codes) === inside,
      );
    const clcOf = (codes: string[], inside: boolean) =>
      clcs.find((c) => codes.includes(c.code) === inside);

    const routes = t.routes.filter(
      (r) =>
        r.method !== 'HEAD' &&
        r.access !== undefined &&
        r.access !== 'public' &&
        !r.url.startsWith('/api/docs'),
    );
    expect(routes.length).toBeGreaterThan(100);
    for (const type of programmeTypes) expect(PROGRAMME_TYPES).toContain(type);

    const probes: Probe[] = [];
    for (const route of routes) {
      const declared = route.programme;
      const type: ProgrammeType | null =
        declared === undefined ? null : declared === 'fromPath' ? 'professional' : declared;
      const sampleCodes = demoUser('COORDINATOR').clcCodes;
      const anyProgramme = type ? programmeOf(type, sampleCodes, true) : undefined;
      probes.push({
        route,
        role: null,
        variant: 'anonymous',
        url: concrete(route, anyProgramme ? String(anyProgramme.id) : null, type),
        expected: { kind: 'unauthenticated' },
      });

      for (const role of ROLE_KEYS) {
        const held = new Set<Right>(defaultRightsOf(role));
        const { scope } = DEFAULT_ROLES[role];
        const codes = demoUser(role).clcCodes;
        const right =
          typeof route.access === 'object'
            ? route.access.right
            : (RIGHT_CHECKED_INSIDE[route.url] ?? null);
        const denied: Expected | null =
          right !== null && !held.has(right) ? { kind: 'missing right', right } : null;
        // Out of the CLCs a role reaches is "not found", for roles that reach their own only.
        const outOfScope: Expected =
          denied ?? (scope === 'all_clcs' ? { kind: 'allowed' } : { kind: 'not found' });
        const add = (variant: Variant, id: number | undefined, expected: Expected) => {
          if (id === undefined) return;
          probes.push({ route, role, variant, url: concrete(route, String(id), type), expected });
        };

        if (type) {
          const own = programmeOf(type, codes, true)?.id;
          const other = programmeOf(type, codes, false)?.id;
          // Without PC_CLASS__DISPLAY, a classes route reaches only the programmes whose classes
          // the caller staffs (classScope): any other is "not found" — unless the caller may see
          // the programme itself (PC_PROGRAMME__DISPLAY, lead faculty), whose classes are then an
          // empty list (decision 0008).
          const ownClassesOnly =
            route.url.includes('/classes') &&
            !held.has('PC_CLASS__DISPLAY') &&
            !held.has('PC_PROGRAMME__DISPLAY');
          const staffs = (id: number | undefined) =>
            staffing.some((s) => s.programme_id === id && s.user_id === selfOf(role));
          const narrowed = (id: number | undefined, wide: Expected): Expected =>
            denied ?? (!ownClassesOnly || staffs(id) ? wide : { kind: 'not found' });
          add('own CLC', own, narrowed(own, { kind: 'allowed' }));
          add('other CLC', other, narrowed(other, outOfScope));
          add(
            'other programme type',
            otherTypeOf(type, codes)?.id,
            denied ?? { kind: 'not found' },
          );
          continue;
        }
        const otherRight = SELF_OR_RIGHT[route.url];
        if (otherRight) {
          const self = selfOf(role);
          add('own CLC', self, { kind: 'allowed' });
          add(
            'other CLC',
            people.find((p) => p.id !== self)?.id,
            held.has(otherRight)
              ? { kind: 'allowed' }
              : { kind: 'missing right', right: otherRight },
          );
          continue;
        }
        const kind = personKindOf(route.url);
        // Only reads are sampled by scope: a write with a real person would change the data
        // the other probes read (programme writes are safe: their check comes before the body).
        if (kind && route.method === 'GET') {
          add('own CLC', personOf(kind.roles, codes, true)?.id, denied ?? { kind: 'allowed' });
          add('other CLC', personOf(kind.roles, codes, false)?.id, outOfScope);
          continue;
        }
        if (isClcRoute(route.url) && route.method === 'GET') {
          add('own CLC', clcOf(codes, true)?.id, denied ?? { kind: 'allowed' });
          add('other CLC', clcOf(codes, false)?.id, outOfScope);
          continue;
        }
        probes.push({
          route,
          role,
          variant: 'own CLC',
          url: concrete(route, null, null),
          expected: denied ?? { kind: 'allowed' },
        });
      }
    }

    // One sign-in per role, reused by every probe of that role.
    const tokens = new Map<BuiltInRoleKey, { authorization: string }>();
    for (const role of ROLE_KEYS) {
      const headers = await t.as(demoUser(role).username);
      const me = await t.app.inject({ url: '/api/general/current-user/sis', headers });
      expect(me.json<{ user: { activeRole: string } }>().user.activeRole, role).toBe(role);
      tokens.set(role, headers);
    }

    const wrong: string[] = [];
    const counts = { probes: 0, allows: 0, denies: 0 };
    for (const probe of probes) {
      const withBody = !['GET', 'DELETE'].includes(probe.route.method);
      const res = await t.app.inject({
        method: probe.route.method as 'GET',
        url: probe.url,
        headers: {
          ...(probe.role ? tokens.get(probe.role) : {}),
          ...(withBody ? { 'content-type': 'application/json' } : {}),
        },
        // A body no route accepts: writes stop at validation, after the access checks.
        payload: withBody ? '"matrix"' : undefined,
      });
      counts.probes += 1;
      const body = (() => {
        try {
          return res.json<{ code?: string; detail?: string; missingRight?: string }>();
        } catch {
          return {};
        }
      })();
      // A right checked inside answers with its own code, still naming the missing right.
      const deniedByRight =
        res.statusCode === 403 &&
        (body.code === 'MISSING_RIGHT' ||
          (probe.route.url in RIGHT_CHECKED_INSIDE && body.code === 'IMPERSONATION_DENIED'));
      const notFoundProgramme = res.statusCode === 404 && body.detail === PROGRAMME_NOT_FOUND;
      const label = `${probe.role ?? 'anonymous'} ${probe.variant}: ${probe.route.method} ${probe.url} → ${res.statusCode} ${body.code ?? ''} ${body.detail ?? ''}`;
      const { expected } = probe;
      if (expected.kind === 'unauthenticated') {
        counts.denies += 1;
        if (res.statusCode !== 401) wrong.push(`wrong allow (401 expected) ${label}`);
      } else if (expected.kind === 'missing right') {
        counts.denies += 1;
        if (!deniedByRight || body.missingRight !== expected.right)
          wrong.push(`wrong allow (403 ${expected.right} expected) ${label}`);
      } else if (expected.kind === 'not found') {
        counts.denies += 1;
        // A programme's check names the programme; a person or CLC out of scope is any 404.
        const ok = probe.route.programme ? notFoundProgramme : res.statusCode === 404;
        if (!ok) wrong.push(`wrong allow (404 expected) ${label}`);
      } else {
        counts.allows += 1;
        const denied =
          res.statusCode === 401 ||
          deniedByRight ||
          notFoundProgramme ||
          (personKindOf(probe.route.url) !== undefined &&
            probe.route.method === 'GET' &&
            res.statusCode === 404 &&
            !pastThePerson(probe.route.url, body.detail)) ||
          (isClcRoute(probe.route.url) && probe.route.method === 'GET' && res.statusCode === 404);
        if (denied) wrong.push(`wrong deny ${label}`);
        else if (res.statusCode >= 500) wrong.push(`server error ${label}`);
      }
    }
    console.info(
      `access matrix: ${counts.probes} probes over ${routes.length} routes × ${ROLE_KEYS.length} roles (${counts.allows} allows, ${counts.denies} denies expected)`,
    );
    expect(wrong).toEqual([]);
  }, 900_000);
});

/** The right families that belong to one programme type; a route of another type holds none. */
const TYPE_FAMILIES: Partial<Record<ProgrammeType, string>> = {
  professional: 'PC_',
  bachelor: 'BA_',
  gel: 'GEL_',
};

describe('programme-scoped routes', () => {
  it('declare their type, and no right of another type’s family', () => {
    const scoped = t.routes.filter((r) => r.programme !== undefined);
    expect(scoped.length).toBeGreaterThan(30);
    for (const route of scoped) {
      const right = typeof route.access === 'object' ? route.access.right : null;
      expect(right, `${route.method} ${route.url}`).not.toBeNull();
      if (route.programme === 'fromPath' || right === null) continue;
      for (const [type, prefix] of Object.entries(TYPE_FAMILIES)) {
        if (type !== route.programme)
          expect(right.startsWith(prefix), `${route.method} ${route.url} declares ${right}`).toBe(
            false,
          );
      }
    }
  });
});
