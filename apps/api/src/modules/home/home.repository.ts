import { and, count, countDistinct, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import { sessions, userRoles } from '@lantern/db/schema/access';
import { mailOutbox } from '@lantern/db/schema/operations';
import { clcs, userClcs, users } from '@lantern/db/schema/people';
import { classInScope, type ClassScope } from '../../lib/class-scope';
import { rows } from '../../lib/sql';
import type { AuthContext } from '../../plugins/auth';
import { TO_GRADE_FROM, toGradeWhere } from '../learning/teaching/public';

/** null: every CLC (the role's scope is all CLCs); else only these. */
export type ClcScope = number[] | null;

export async function countPeople(db: Db, scope: ClcScope, roleKey?: string): Promise<number> {
  const base = db.select({ n: countDistinct(users.jwlId) }).from(users);
  const withRole = roleKey
    ? base.innerJoin(
        userRoles,
        and(eq(userRoles.userId, users.jwlId), eq(userRoles.roleKey, roleKey)),
      )
    : base;
  const scoped = scope
    ? withRole.innerJoin(
        userClcs,
        and(eq(userClcs.userId, users.jwlId), inArray(userClcs.clcId, scope.length ? scope : [-1])),
      )
    : withRole;
  const [row] = await scoped;
  return row?.n ?? 0;
}

export async function countClcs(db: Db, scope: ClcScope): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(clcs)
    .where(
      and(
        eq(clcs.isActive, true),
        scope ? inArray(clcs.id, scope.length ? scope : [-1]) : undefined,
      ),
    );
  return row?.n ?? 0;
}

export async function countMailsWaiting(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(mailOutbox)
    .where(inArray(mailOutbox.status, ['queued', 'failed', 'stored']));
  return row?.n ?? 0;
}

export async function countRecentSignIns(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(sessions)
    .where(gt(sessions.createdAt, sql`now() - interval '1 day'`));
  return row?.n ?? 0;
}

/** The classes of running or upcoming programmes the scope reaches (for staff: those they teach). */
export async function countOwnClasses(db: Db, scope: ClassScope): Promise<number> {
  const [row] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from classes c join programmes p on p.id = c.programme_id
        where p.status not in ('finished', 'cancelled')
          and ${classInScope(sql`c.id`, sql`c.clc_id`, scope)}`,
  );
  return row?.n ?? 0;
}

/** Hand-ins waiting for the caller's grade: what their grading queue counts (spec §6). */
export async function countToGrade(db: Db, auth: AuthContext): Promise<number> {
  const [row] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${TO_GRADE_FROM} where ${toGradeWhere(auth)}`,
  );
  return row?.n ?? 0;
}

/*
 * A term waits for the university (the level after basic and CLC, decision 0022) only when the
 * levels below let it be approved, as the verification page's rule says: a current basic
 * approval, and a current approval of every CLC whose students have grades in the term.
 * Otherwise it waits for the level below, and the home says so.
 */
const READY_FOR_UNI = sql`(exists (select 1 from ba_verifications b where b.term_id = t.id
      and b.level = 'BASIC' and b.stale_at is null)
    and exists (select 1 from ba_verifications c where c.term_id = t.id
      and c.level = 'CLC' and c.stale_at is null)
    and not exists (select 1 from ba_student_courses sc
      join ba_offerings o on o.id = sc.offering_id and o.term_id = t.id
      join enrolments e on e.id = sc.enrolment_id and e.clc_id is not null
      where sc.status <> 'drop-delete'
        and not exists (select 1 from ba_verifications c where c.term_id = t.id
          and c.level = 'CLC' and c.clc_id = e.clc_id and c.stale_at is null)))`;
/** A current university approval given after the last approval below it. */
const UNI_AFTER_BELOW = sql`exists (select 1 from ba_verifications u where u.term_id = t.id
      and u.level = 'UNI' and u.stale_at is null
      and u.approved_at >= (select max(c.approved_at) from ba_verifications c
        where c.term_id = t.id and c.level in ('BASIC', 'CLC') and c.stale_at is null))`;

/**
 * The university representative's programmes: the bachelor programmes offered at a CLC they
 * reach (nothing ties a user to a certifying university; decision 0022, as built), with their
 * students, the terms waiting for the university's approval and the graduated students.
 */
export async function universityProgrammes(db: Db, scope: ClcScope) {
  const inScope = (column: string) =>
    scope === null
      ? sql`true`
      : scope.length === 0
        ? sql`false`
        : sql`${sql.raw(column)} = any(${`{${scope.join(',')}}`}::int[])`;
  const found = await rows<{
    id: number;
    code: string;
    title: string;
    certifying_university: string | null;
    students: number;
    waiting_for_uni: number;
    waiting_below: number;
    graduated: number;
  }>(
    db,
    sql`select p.id, p.code, p.title, p.certifying_university,
          (select count(*)::int from enrolments e where e.programme_id = p.id
             and e.state in ('active', 'completed') and ${inScope('e.clc_id')}) as students,
          (select count(*)::int from ba_terms t where t.programme_id = p.id
             and ${READY_FOR_UNI} and not ${UNI_AFTER_BELOW}) as waiting_for_uni,
          (select count(*)::int from ba_terms t where t.programme_id = p.id
             and exists (select 1 from ba_verifications v where v.term_id = t.id
                           and v.level in ('BASIC', 'CLC') and v.stale_at is null)
             and not ${READY_FOR_UNI} and not ${UNI_AFTER_BELOW}) as waiting_below,
          (select count(*)::int from ba_export_statuses x join enrolments e on e.id = x.enrolment_id
             where e.programme_id = p.id and x.status = 'graduated' and ${inScope('e.clc_id')}) as graduated
        from programmes p
        where p.type = 'bachelor'
          and (${
            scope === null
              ? sql`true`
              : sql`exists (select 1 from programme_clcs pc
                 where pc.programme_id = p.id and ${inScope('pc.clc_id')})`
          })
        order by p.code, p.id`,
  );
  return found.map((p) => ({
    id: p.id,
    code: p.code,
    title: p.title,
    certifyingUniversity: p.certifying_university,
    students: p.students,
    waitingForUni: p.waiting_for_uni,
    waitingBelow: p.waiting_below,
    graduated: p.graduated,
  }));
}
