// Staff: facilitators and coordinators of each CLC
import { sql } from 'drizzle-orm';
import { EMPLOYEE_TYPES, type EmployeeType, type Gender } from '@lantern/contracts/enums';
import type { Db } from '../client';
import { mobileNumber, slug } from './helpers';
import { hostOf } from './hosts';
import { clcRefs, column, takenUsernames, type Cell } from './insert-rows';
import { GROUPS, type NameGroup } from './names';
import { createRng } from './rng';
import type { ClcRef } from './students';

export type GeneratedStaff = {
  clcId: number;
  role: 'FACILITATOR' | 'COORDINATOR';
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  gender: Gender;
  phone: string | null;
  employeeType: EmployeeType | null;
};

export type StaffOptions = {
  clcs: ClcRef[];
  seed: number;
  /** Facilitators and coordinators per CLC, each a [min, max] range (default [2, 4] and [1, 2]). */
  perClc?: { facilitators: [number, number]; coordinators: [number, number] };
  taken?: Set<string>;
};

export function generateStaff(options: StaffOptions): GeneratedStaff[] {
  const rng = createRng(options.seed);
  const perClc = options.perClc ?? { facilitators: [2, 4], coordinators: [1, 2] };
  const taken = options.taken ?? new Set<string>();
  const out: GeneratedStaff[] = [];
  for (const clc of options.clcs) {
    const host = hostOf(clc.country);
    const local = host.people.find((p) => p.host) ?? host.people[0];
    const roles = [
      ...Array.from({ length: rng.int(...perClc.facilitators) }, () => 'FACILITATOR' as const),
      ...Array.from({ length: rng.int(...perClc.coordinators) }, () => 'COORDINATOR' as const),
    ];
    for (const role of roles) {
      // Mostly people of the host community or of the camp; some international staff.
      const group: NameGroup = rng.chance(0.2)
        ? GROUPS.international
        : GROUPS[(rng.chance(0.6) ? local : rng.pick(host.people))?.group ?? 'international'];
      const gender: Gender = rng.chance(0.5) ? 'f' : 'm';
      const firstName = rng.pick(gender === 'f' ? group.female : group.male);
      const lastName = rng.pick(group.last);
      const base = `${slug(firstName)}.${slug(lastName)}`.slice(0, 52);
      let username = base;
      for (let n = 2; taken.has(username); n += 1) username = `${base}${String(n)}`;
      taken.add(username);
      out.push({
        clcId: clc.id,
        role,
        username,
        email: `${username}@staff.example.org`,
        firstName,
        lastName,
        gender,
        phone: mobileNumber(rng, clc.country),
        employeeType: role === 'FACILITATOR' ? rng.pick(EMPLOYEE_TYPES) : null,
      });
    }
  }
  return out;
}

export type InsertStaffOptions = Omit<StaffOptions, 'clcs' | 'taken'> & {
  clcIds: number[];
  passwordHash?: string | null;
};

/** Inserts facilitators (role FACILITATOR, an employee type) and coordinators of each CLC. */
export async function insertStaff(
  db: Db,
  options: InsertStaffOptions,
): Promise<{ facilitators: number; coordinators: number }> {
  const refs = await clcRefs(db, options.clcIds);
  const rows = generateStaff({
    clcs: refs,
    seed: options.seed,
    taken: await takenUsernames(db),
    ...(options.perClc ? { perClc: options.perClc } : {}),
  });
  if (rows.length === 0) return { facilitators: 0, coordinators: 0 };
  const c = (read: (row: GeneratedStaff) => Cell) => column(rows, read);
  await db.execute(sql`
    with input as (
      select * from unnest(
        ${c((r) => r.username)}::text::text[], ${c((r) => r.email)}::text::text[],
        ${c((r) => r.firstName)}::text::text[], ${c((r) => r.lastName)}::text::text[],
        ${c((r) => r.gender)}::text::text[], ${c((r) => r.phone)}::text::text[],
        ${c((r) => r.employeeType)}::text::text[], ${c((r) => r.role)}::text::text[],
        ${c((r) => r.clcId)}::text::int[]
      ) as t(username, email, first_name, last_name, gender, phone, employee_type, role, clc_id)
    ),
    u as (
      insert into users (username, email, first_name, last_name, gender, phone, system_role,
                         employee_type, password_hash, last_role_key)
      select username, email, first_name, last_name, gender::gender, phone, 'user',
             employee_type::employee_type, ${options.passwordHash ?? null}::text, role
      from input
      returning jwl_id, username
    ),
    r as (
      insert into user_roles (user_id, role_key)
      select u.jwl_id, i.role from u join input i on i.username = u.username
    )
    insert into user_clcs (user_id, clc_id)
    select u.jwl_id, i.clc_id from u join input i on i.username = u.username`);
  return {
    facilitators: rows.filter((r) => r.role === 'FACILITATOR').length,
    coordinators: rows.filter((r) => r.role === 'COORDINATOR').length,
  };
}
