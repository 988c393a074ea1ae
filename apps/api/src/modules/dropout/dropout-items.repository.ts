import { sql } from 'drizzle-orm';
import type { DropoutItem, DropoutItemInput } from '@lantern/contracts/dropout';
import type { ProgrammeType } from '@lantern/contracts/programme';
import type { Db } from '@lantern/db/client';
import { intArray, rows } from '../../lib/sql';
import { programmeInReach } from '../../lib/programme-reach';

export type ItemRow = {
  id: number;
  programme_id: number;
  term_key: string;
  action: DropoutItem['action'];
  criterion: DropoutItem['criterion'];
  percent: string | number | null;
  weeks: number | null;
  ignore_zero_point_tasks: boolean;
  is_active: boolean;
  flagged: number;
  version: number;
  updated_at: Date | string;
};

/** The programme of the path, if it has that type and is offered at a CLC of the scope. */
export async function programmeInScope(
  db: Db,
  scope: number[] | null,
  type: ProgrammeType,
  id: number,
) {
  const [programme] = await rows<{ id: number; code: string; title: string; type: ProgrammeType }>(
    db,
    sql`select p.id, p.code, p.title, p.type::text as type from programmes p
        where p.id = ${id} and p.type = ${type} and ${programmeInReach(sql`p.id`, scope)}`,
  );
  return programme;
}

const ITEM_SELECT = sql`select d.id, d.programme_id, d.term_key, d.action, d.criterion, d.percent,
  d.weeks, d.ignore_zero_point_tasks, d.is_active, d.version, d.updated_at,
  (select count(*)::int from dropout_flags f where f.item_id = d.id and f.cleared_at is null) as flagged
  from dropout_flagging_items d`;

export const itemsOfProgramme = (db: Db, id: number) =>
  rows<ItemRow>(
    db,
    sql`${ITEM_SELECT} where d.programme_id = ${id} and d.deleted_at is null
        order by d.term_key, d.id`,
  );

export async function lastRunOf(db: Db, id: number) {
  const [run] = await rows<{ finished_at: Date | string; flagged: number; cleared: number }>(
    db,
    sql`select finished_at, flagged, cleared from dropout_runs where programme_id = ${id}
        order by id desc limit 1`,
  );
  return run;
}

export async function itemRow(db: Db, programmeId: number, termKey: string, itemId: number) {
  const [row] = await rows<ItemRow>(
    db,
    sql`${ITEM_SELECT} where d.id = ${itemId} and d.programme_id = ${programmeId}
        and d.term_key = ${termKey} and d.deleted_at is null`,
  );
  return row;
}

export async function termOf(db: Db, programmeId: number, year: number, season: string) {
  const [found] = await rows<{ id: number }>(
    db,
    sql`select id from ba_terms where programme_id = ${programmeId}
            and year = ${year} and season = ${season}`,
  );
  return found;
}

export async function insertItem(
  db: Db,
  path: { programmeId: number; termKey: string },
  input: DropoutItemInput,
) {
  const [row] = await rows<{ id: number }>(
    db,
    sql`insert into dropout_flagging_items (programme_id, term_key, action, criterion, percent,
            weeks, ignore_zero_point_tasks, is_active)
          values (${path.programmeId}, ${path.termKey}, ${input.action}, ${input.criterion},
                  ${input.percent}, ${input.weeks}, ${input.ignoreZeroPointTasks}, ${input.isActive})
          returning id`,
  );
  return row;
}

/** The item changed if still at the version the user saw; none answered otherwise. */
export async function updateItemRow(
  db: Db,
  itemId: number,
  input: DropoutItemInput & { version: number },
) {
  const [row] = await rows<{ id: number }>(
    db,
    sql`update dropout_flagging_items set action = ${input.action}, criterion = ${input.criterion},
            percent = ${input.percent}, weeks = ${input.weeks},
            ignore_zero_point_tasks = ${input.ignoreZeroPointTasks}, is_active = ${input.isActive},
            version = version + 1, updated_at = now()
          where id = ${itemId} and version = ${input.version} returning id`,
  );
  return row;
}

/** Deletes an item (kept for the tuning report) and clears its open flags. */
export async function deleteItemRow(db: Db, itemId: number) {
  await db.execute(
    sql`update dropout_flagging_items set deleted_at = now(), is_active = false,
            version = version + 1 where id = ${itemId}`,
  );
  await db.execute(
    sql`update dropout_flags set cleared_at = now() where item_id = ${itemId} and cleared_at is null`,
  );
}

export type TaskRow = {
  id: number;
  title: string;
  course: string;
  max_points: string | number | null;
  due_at: Date | string | null;
};

export const tasksByIds = (db: Db, ids: readonly number[]) =>
  rows<TaskRow>(
    db,
    sql`select i.id, i.title, c.code || ' · ' || c.title as course, i.max_points, i.due_at
          from learning_items i join programme_courses c on c.id = i.course_id
         where i.id = any(${intArray(ids)}) order by c.position, i.id`,
  );

export async function insertRun(
  db: Db,
  run: {
    programmeId: number;
    trigger: 'schedule' | 'on_demand';
    started: Date;
    flagged: number;
    cleared: number;
    durationMs: number;
  },
) {
  await db.execute(
    sql`insert into dropout_runs (programme_id, trigger, started_at, flagged, cleared, duration_ms)
          values (${run.programmeId}, ${run.trigger}, ${run.started.toISOString()}, ${run.flagged},
                  ${run.cleared}, ${run.durationMs})`,
  );
}

/** The running programmes with an active item: those the daily run evaluates. */
export const programmesToRun = (db: Db) =>
  rows<{ programme_id: number }>(
    db,
    sql`select distinct d.programme_id from dropout_flagging_items d
          join programmes p on p.id = d.programme_id and p.status = 'running'
         where d.deleted_at is null and d.is_active order by d.programme_id`,
  );

/**
 * The tuning report's figures (0021 §3.7): per item, how many it flagged and what became of
 * them, and how many students left without a flag of it.
 */
export const reportRows = (db: Db, id: number) =>
  rows<{
    item_id: number;
    criterion: DropoutItem['criterion'];
    action: DropoutItem['action'];
    percent: string | number | null;
    weeks: number | null;
    is_deleted: boolean;
    flagged: number;
    dropped_out: number;
    still_active: number;
    completed: number;
    dropped_without_flag: number;
  }>(
    db,
    sql`select d.id as item_id, d.criterion, d.action, d.percent, d.weeks,
          (d.deleted_at is not null) as is_deleted,
          count(distinct f.enrolment_id)::int as flagged,
          count(distinct f.enrolment_id) filter (where e.state in ('withdrawn', 'failed'))::int as dropped_out,
          count(distinct f.enrolment_id) filter (where e.state = 'active')::int as still_active,
          count(distinct f.enrolment_id) filter (where e.state = 'completed')::int as completed,
          (select count(*)::int from enrolments e2 where e2.programme_id = d.programme_id
              and e2.state in ('withdrawn', 'failed')
              and not exists (select 1 from dropout_flags f2 where f2.item_id = d.id
                                and f2.enrolment_id = e2.id)) as dropped_without_flag
        from dropout_flagging_items d
        left join dropout_flags f on f.item_id = d.id
        left join enrolments e on e.id = f.enrolment_id
        where d.programme_id = ${id}
        group by d.id
        order by d.id`,
  );
