import { sql } from 'drizzle-orm';
import type { EnrolmentState, ProgrammeStatus } from '@lantern/contracts/programme';
import type { Db } from '@lantern/db/client';
import type { AuthContext } from '../../plugins/auth';
import { inScope, intArray, rows, textArray } from '../../lib/sql';
import { auditActor } from '../../lib/audit';

export type ActionTarget = {
  id: number;
  state: EnrolmentState;
  userId: number;
  firstName: string;
  lastName: string;
  username: string;
  email: string | null;
  hasPassword: boolean;
};

/** The enrolments of a programme among the ids, within the request's reach. */
export async function findActionTargets(
  db: Db,
  input: { programmeId: number; ids: number[]; scope: number[] | null },
): Promise<ActionTarget[]> {
  const found = await rows<{
    id: number;
    state: EnrolmentState;
    user_id: number;
    first_name: string;
    last_name: string;
    username: string;
    email: string | null;
    has_password: boolean;
  }>(
    db,
    sql`select e.id, e.state, u.jwl_id as user_id, u.first_name, u.last_name, u.username, u.email,
          u.password_hash is not null as has_password
        from enrolments e join users u on u.jwl_id = e.user_id
        where e.programme_id = ${input.programmeId}
          and e.id = any(${intArray(input.ids)})
          and ${inScope(sql`e.clc_id`, input.scope)}`,
  );
  return found.map((r) => ({
    id: r.id,
    state: r.state,
    userId: r.user_id,
    firstName: r.first_name,
    lastName: r.last_name,
    username: r.username,
    email: r.email,
    hasPassword: r.has_password,
  }));
}

/** The programme's status, read under a share lock: it cannot change until the moves are done. */
export async function lockProgrammeStatus(db: Db, id: number): Promise<ProgrammeStatus | null> {
  const [row] = await rows<{ status: ProgrammeStatus }>(
    db,
    sql`select status from programmes where id = ${id} for share`,
  );
  return row?.status ?? null;
}

/**
 * Moves the enrolments that are still in a `from` state to `to`, with the reason, a new
 * version and an audit row each, in one statement. Returns the ids moved and where each came
 * from (read under the row lock, so a concurrent move is never recorded wrongly).
 */
export async function moveEnrolments(
  db: Db,
  auth: AuthContext,
  input: {
    ids: number[];
    from: readonly EnrolmentState[];
    to: EnrolmentState;
    action: string;
    reason: string | null;
    /** More changes for each audit row (the study break of a suspend). */
    extra: Record<string, unknown>;
  },
): Promise<{ id: number; from: EnrolmentState }[]> {
  const who = auditActor(auth);
  const moved = await rows<{ id: number; from_state: EnrolmentState }>(
    db,
    sql`with old as (
          select id, state from enrolments
          where id = any(${intArray(input.ids)}) and state::text = any(${textArray([...input.from])})
          for update
        ),
        moved as (
          update enrolments e
          set state = ${input.to}::enrolment_state, reason = ${input.reason},
              version = e.version + 1, updated_at = now()
          from old where e.id = old.id
          returning e.id, old.state as from_state
        ),
        logged as (
          insert into audit_log (actor_id, impersonator_id, action, entity_type, entity_id, changes, ip)
          select ${who.actorId}, ${who.impersonatorId}, ${input.action}, 'enrolment', m.id::text,
                 (case when m.from_state::text = ${input.to}::text then '{}'::jsonb
                       else jsonb_build_object('state', jsonb_build_object('from', m.from_state, 'to', ${input.to}::text))
                  end)
                 || jsonb_strip_nulls(jsonb_build_object('reason', ${input.reason}::text))
                 || ${JSON.stringify(input.extra)}::jsonb,
                 ${who.ip}
          from moved m
        )
        select id, from_state from moved`,
  );
  return moved.map((m) => ({ id: m.id, from: m.from_state }));
}

/** Study breaks from a day to another for some enrolments (the suspend action); their ids. */
export async function insertBreaks(
  db: Db,
  input: {
    enrolmentIds: number[];
    startsOn: string;
    endsOn: string;
    reason: string | null;
    createdBy: number;
  },
): Promise<number[]> {
  if (input.enrolmentIds.length === 0) return [];
  const created = await rows<{ id: number }>(
    db,
    sql`insert into study_breaks (enrolment_id, starts_on, ends_on, reason, created_by)
        select id, ${input.startsOn}::date, ${input.endsOn}::date, ${input.reason}, ${input.createdBy}
        from unnest(${intArray(input.enrolmentIds)}) as t(id)
        returning id`,
  );
  return created.map((c) => c.id);
}
