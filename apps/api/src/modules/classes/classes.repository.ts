import { sql } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import { inList, inScope, rows } from '../../lib/sql';
import { classInScope, type ClassScope } from '../../lib/class-scope';
import { programmeInReach } from '../../lib/programme-reach';
import type { ClassStaffKind } from '@lantern/contracts/classes';
import type { ProgrammeStatus } from '@lantern/contracts/programme';

/** For a caller who reaches only their own classes: that the programme `p` has one. */
const ownClassOf = (scope: ClassScope) =>
  scope.staffOf === null
    ? sql`true`
    : sql`exists (select 1 from classes c where c.programme_id = p.id
        and ${classInScope(sql`c.id`, sql`c.clc_id`, scope)})`;

export type ProgrammeRow = {
  id: number;
  code: string;
  title: string;
  status: ProgrammeStatus;
  /** The programme's CLCs the scope reaches; for own classes, the CLCs of those classes. */
  clcs: { id: number; code: string; name: string }[];
};

/**
 * The professional programme, if it exists and is offered at a CLC the request reaches; for a
 * caller who reaches only their own classes, if they staff one of its classes or
 * `seesProgramme` (then it may have none of theirs: decision 0008).
 */
export async function findProgramme(
  db: Db,
  id: number,
  scope: ClassScope,
  seesProgramme: boolean,
): Promise<ProgrammeRow | null> {
  const clcInReach =
    scope.staffOf === null
      ? inScope(sql`k.id`, scope.clcs)
      : sql`exists (select 1 from classes c where c.programme_id = p.id and c.clc_id = k.id
          and ${classInScope(sql`c.id`, sql`c.clc_id`, scope)})`;
  const [found] = await rows<ProgrammeRow>(
    db,
    sql`select p.id, p.code, p.title, p.status::text as status,
          coalesce((select json_agg(json_build_object('id', k.id, 'code', k.code, 'name', k.name)
                      order by k.code)
                    from programme_clcs pc join clcs k on k.id = pc.clc_id
                    where pc.programme_id = p.id and ${clcInReach}), '[]') as clcs
        from programmes p
        where p.id = ${id} and ${programmeInReach(sql`p.id`, scope.clcs)}
          and ${seesProgramme ? sql`true` : ownClassOf(scope)}`,
  );
  return found ?? null;
}

export type ClassRow = {
  id: number;
  name: string;
  clc_id: number;
  clc_code: string;
  clc_name: string;
  capacity: number;
  version: number;
  staff: { id: number; firstName: string; lastName: string; kind: ClassStaffKind }[];
};

export async function findClasses(
  db: Db,
  programmeId: number,
  scope: ClassScope,
): Promise<ClassRow[]> {
  return rows<ClassRow>(
    db,
    sql`select c.id, c.name, c.clc_id, k.code as clc_code, k.name as clc_name, c.capacity, c.version,
          coalesce((select json_agg(json_build_object('id', u.jwl_id, 'firstName', u.first_name,
                      'lastName', u.last_name, 'kind', s.kind) order by s.kind, u.last_name)
                    from class_staff s join users u on u.jwl_id = s.user_id where s.class_id = c.id),
                   '[]') as staff
        from classes c join clcs k on k.id = c.clc_id
        where c.programme_id = ${programmeId} and ${classInScope(sql`c.id`, sql`c.clc_id`, scope)}
        order by k.code, c.name`,
  );
}

export type MemberRow = {
  enrolment_id: number;
  student_id: number;
  first_name: string;
  last_name: string;
  clc_id: number | null;
  clc_code: string | null;
  class_id: number | null;
  placed_manually: boolean;
  on_break: boolean;
  state: 'active' | 'completed' | 'failed';
};

/** The programme's students who belong in classes (active, and passed or failed ones kept there);
 * for a caller who reaches only their own classes, the students of those classes. */
export async function findMembers(
  db: Db,
  programmeId: number,
  scope: ClassScope,
): Promise<MemberRow[]> {
  return rows<MemberRow>(
    db,
    sql`select e.id as enrolment_id, u.jwl_id as student_id, u.first_name, u.last_name,
          e.clc_id, k.code as clc_code, e.class_id, e.placed_manually, e.state::text as state,
          (e.state = 'active' and exists (select 1 from study_breaks b where b.enrolment_id = e.id
                  and current_date between b.starts_on and b.ends_on)) as on_break
        from enrolments e join users u on u.jwl_id = e.user_id left join clcs k on k.id = e.clc_id
        where e.programme_id = ${programmeId} and e.state in ('active', 'completed', 'failed')
          and ${inScope(sql`e.clc_id`, scope.clcs)}
          and ${scope.staffOf === null ? sql`true` : classInScope(sql`e.class_id`, sql`e.clc_id`, scope)}
        order by lower(u.last_name), lower(u.first_name), u.jwl_id`,
  );
}

/** Sets each enrolment's class in one statement; `manual` marks them placed by hand. */
export async function placeMany(
  db: Db,
  placements: { enrolmentId: number; classId: number | null }[],
  manual: boolean,
): Promise<void> {
  if (placements.length === 0) return;
  const values = sql.join(
    placements.map((p) => sql`(${p.enrolmentId}::int, ${p.classId}::int)`),
    sql`, `,
  );
  await db.execute(
    sql`update enrolments e set class_id = v.class_id, placed_manually = ${manual},
          version = e.version + 1, updated_at = now()
        from (values ${values}) as v(id, class_id) where e.id = v.id`,
  );
}

export async function insertClass(
  db: Db,
  values: { programmeId: number; clcId: number; name: string; capacity: number },
): Promise<number> {
  const [row] = await rows<{ id: number }>(
    db,
    sql`insert into classes (programme_id, clc_id, name, capacity)
        values (${values.programmeId}, ${values.clcId}, ${values.name}, ${values.capacity})
        returning id`,
  );
  if (!row) throw new Error('The class could not be saved.');
  return row.id;
}

export async function classNameTaken(
  db: Db,
  programmeId: number,
  name: string,
  exceptId?: number,
): Promise<boolean> {
  const found = await rows<{ id: number }>(
    db,
    sql`select id from classes where programme_id = ${programmeId} and lower(name) = lower(${name})
        and id <> ${exceptId ?? -1}`,
  );
  return found.length > 0;
}

export async function programmeOffersClc(
  db: Db,
  programmeId: number,
  clcId: number,
): Promise<boolean> {
  const found = await rows<{ n: number }>(
    db,
    sql`select 1 as n from programme_clcs where programme_id = ${programmeId} and clc_id = ${clcId}`,
  );
  return found.length > 0;
}

export async function updateClassRow(
  db: Db,
  id: number,
  version: number,
  values: { name: string; capacity: number },
): Promise<boolean> {
  const updated = await rows<{ id: number }>(
    db,
    sql`update classes set name = ${values.name}, capacity = ${values.capacity},
          version = version + 1, updated_at = now()
        where id = ${id} and version = ${version} returning id`,
  );
  return updated.length === 1;
}

export async function setCapacity(db: Db, ids: number[], capacity: number): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(
    sql`update classes set capacity = ${capacity}, version = version + 1, updated_at = now()
        where id in (${inList(ids)}) and capacity <> ${capacity}`,
  );
}

export async function deleteClasses(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`delete from classes where id in (${inList(ids)})`);
}

/** People among `ids` who hold one of `roles`: the ones that may teach as that kind. */
export async function holdersOf(db: Db, ids: number[], roles: string[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const found = await rows<{ id: number }>(
    db,
    sql`select distinct user_id as id from user_roles
        where user_id in (${inList(ids)})
          and role_key in (${sql.join(
            roles.map((r) => sql`${r}`),
            sql`, `,
          )})`,
  );
  return found.map((r) => r.id);
}

export async function replaceStaff(
  db: Db,
  classId: number,
  staff: { userId: number; kind: ClassStaffKind }[],
): Promise<void> {
  await db.execute(sql`delete from class_staff where class_id = ${classId}`);
  if (staff.length === 0) return;
  await db.execute(
    sql`insert into class_staff (class_id, user_id, kind) values ${sql.join(
      staff.map((s) => sql`(${classId}, ${s.userId}, ${s.kind})`),
      sql`, `,
    )}`,
  );
}
