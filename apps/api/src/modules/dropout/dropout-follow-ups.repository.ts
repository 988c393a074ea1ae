import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  Evidence,
  FollowUp,
  FollowUpSort,
  followUpInputSchema,
  followUpQuerySchema,
} from '@lantern/contracts/dropout';
import type { Db } from '@lantern/db/client';
import { containsPattern, inList, rows } from '../../lib/sql';

export type FollowUpRow = {
  /** bigint: a string from node-postgres. */
  id: number | string;
  flag_id: number | string;
  assignee_role: FollowUp['assigneeRole'];
  kind: FollowUp['kind'];
  status: FollowUp['status'];
  outcome: string | null;
  done_by: string | null;
  done_at: Date | string | null;
  student: string;
  programme: string;
  programme_id: number;
  programme_type: FollowUp['programmeType'];
  class_name: string | null;
  criterion: FollowUp['criterion'];
  flag_status: FollowUp['flagStatus'];
  evidence: Evidence;
  first_flagged_at: Date | string;
  cleared_at: Date | string | null;
  version: number;
};

const FOLLOW_UP_COLUMNS = sql`o.id, o.flag_id, o.assignee_role, o.kind, o.status, o.outcome,
  case when b.jwl_id is not null then b.first_name || ' ' || b.last_name end as done_by, o.done_at,
  s.first_name || ' ' || s.last_name as student, p.code || ' · ' || p.title as programme,
  p.id as programme_id, p.type::text as programme_type, k.name as class_name, d.criterion,
  f.status as flag_status, f.evidence, f.first_flagged_at, f.cleared_at, o.version`;
const FOLLOW_UP_FROM = sql`dropout_follow_ups o
  join dropout_flags f on f.id = o.flag_id
  join dropout_flagging_items d on d.id = f.item_id
  join users s on s.jwl_id = f.student_id
  join programmes p on p.id = f.programme_id
  left join classes k on k.id = o.class_id
  left join users b on b.jwl_id = o.done_by`;
const FOLLOW_UP_SELECT = sql`select ${FOLLOW_UP_COLUMNS} from ${FOLLOW_UP_FROM}`;

/** Who reaches which follow-ups (see followUpReach); read off the request by the service. */
export type FollowUpReach = {
  userId: number;
  /** Whether the user is a coordinator, and so the assignee of their CLCs' coordinator ones. */
  isCoordinator: boolean;
  /** The user's own CLCs. */
  clcIds: number[];
  /** With DROPOUT_FLAGGING__EDIT, every follow-up of this CLC scope (null: all); else false. */
  editorScope: number[] | null | false;
};

/**
 * The follow-ups a user is the assignee of: coordinator ones of their CLCs for coordinators,
 * facilitator ones of the classes they facilitate; holders of DROPOUT_FLAGGING__EDIT reach
 * every follow-up of their scope.
 */
function followUpReach(reach: FollowUpReach) {
  const clcs = reach.clcIds.length > 0 ? sql`o.clc_id in (${inList(reach.clcIds)})` : sql`false`;
  const scope = reach.editorScope;
  const editor =
    scope !== false
      ? scope === null
        ? sql`true`
        : scope.length === 0
          ? sql`false`
          : sql`o.clc_id in (${inList(scope)})`
      : sql`false`;
  return sql`(${editor}
    or (o.assignee_role = 'coordinator' and ${reach.isCoordinator ? clcs : sql`false`})
    or (o.assignee_role = 'facilitator' and exists (select 1 from class_staff cs
          where cs.class_id = o.class_id and cs.user_id = ${reach.userId} and cs.kind = 'facilitator')))`;
}

export const followUpsOfFlag = (db: Db, flagId: number) =>
  rows<FollowUpRow>(db, sql`${FOLLOW_UP_SELECT} where o.flag_id = ${flagId} order by o.id`);

/**
 * A page of the follow-ups the user reaches, searched (student, programme, class), filtered by
 * criterion and status (or the one of a flag), sorted; with the open and done counts of those
 * searched and filtered by criterion.
 */
export async function followUpPage(
  db: Db,
  reach: FollowUpReach,
  query: z.output<typeof followUpQuerySchema>,
) {
  const found: SQL[] = [followUpReach(reach)];
  if (query.q) {
    const like = containsPattern(query.q);
    found.push(sql`(s.first_name || ' ' || s.last_name ilike ${like}
      or s.last_name || ' ' || s.first_name ilike ${like}
      or p.code || ' · ' || p.title ilike ${like} or k.name ilike ${like})`);
  }
  if (query.criterion) found.push(sql`d.criterion = ${query.criterion}`);
  const matching = sql.join(found, sql` and `);
  const filter =
    query.flagId === undefined ? sql`o.status = ${query.status}` : sql`o.flag_id = ${query.flagId}`;
  const dir = query.dir === 'desc' ? sql`desc` : sql`asc`;
  const order: Record<FollowUpSort, SQL> = {
    flagged: sql`f.first_flagged_at ${dir}`,
    name: sql`lower(s.last_name) ${dir}, lower(s.first_name) ${dir}`,
    programme: sql`p.code ${dir}, k.name ${dir} nulls last`,
    done: sql`o.done_at ${dir} nulls last`,
  };
  const page = await rows<FollowUpRow>(
    db,
    sql`${FOLLOW_UP_SELECT} where ${matching} and ${filter}
        order by ${order[query.sort]}, o.id ${dir}
        limit ${query.limit} offset ${(query.page - 1) * query.limit}`,
  );
  const [counts] = await rows<{ open: number; done: number }>(
    db,
    sql`select count(*) filter (where o.status = 'open')::int as open,
               count(*) filter (where o.status = 'done')::int as done
          from ${FOLLOW_UP_FROM} where ${matching}`,
  );
  return { page, open: counts?.open ?? 0, done: counts?.done ?? 0 };
}

/** The follow-up, if the user reaches it (without a reach: any). */
export async function followUpRow(db: Db, followUpId: number, reach?: FollowUpReach) {
  const [row] = await rows<FollowUpRow>(
    db,
    reach
      ? sql`${FOLLOW_UP_SELECT} where o.id = ${followUpId} and ${followUpReach(reach)}`
      : sql`${FOLLOW_UP_SELECT} where o.id = ${followUpId}`,
  );
  return row;
}

/** Records the follow-up done if still at the version the user saw; none answered otherwise. */
export async function recordFollowUp(
  db: Db,
  followUpId: number,
  userId: number,
  input: z.output<typeof followUpInputSchema>,
) {
  const [row] = await rows<{ id: number }>(
    db,
    sql`update dropout_follow_ups set kind = ${input.kind}, outcome = ${input.outcome},
            status = 'done', done_by = ${userId}, done_at = now(), version = version + 1
          where id = ${followUpId} and version = ${input.version} returning id`,
  );
  return row;
}
