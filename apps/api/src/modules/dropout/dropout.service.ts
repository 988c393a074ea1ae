import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  FLAG_PAGE_SIZE,
  type FlagSort,
  type FollowUpSort,
  type followUpQuerySchema,
} from '@lantern/contracts/dropout';
import type {
  DropoutItem,
  DropoutItemInput,
  DropoutPreview,
  Evidence,
  Flag,
  FlagDetail,
  FollowUp,
  flagQuerySchema,
  followUpInputSchema,
} from '@lantern/contracts/dropout';
import type { ProgrammeType } from '@lantern/contracts/programme';
import { parseTermKey } from '@lantern/contracts/bachelor';
import type { Db } from '@lantern/db/client';
import type { AuthContext } from '../../plugins/auth';
import { AppError, notFound } from '../../lib/errors';
import { audit } from '../../lib/audit';
import type { Deps } from '../../lib/deps';
import { clcScope } from '../../lib/scope';
import { classInScope, classScope } from '../../lib/class-scope';
import { containsPattern, inList, intArray, rows } from '../../lib/sql';
import { programmeInReach } from '../../lib/programme-reach';
import { evaluateProgramme, previewItem, type EvaluationCounts } from './dropout.evaluation';

type ItemRow = {
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

const iso = (d: Date | string) => new Date(d).toISOString();

const toItem = (r: ItemRow): DropoutItem => ({
  id: r.id,
  programmeId: r.programme_id,
  termKey: r.term_key,
  action: r.action,
  criterion: r.criterion,
  percent: r.percent === null ? null : Number(r.percent),
  weeks: r.weeks,
  ignoreZeroPointTasks: r.ignore_zero_point_tasks,
  isActive: r.is_active,
  flagged: r.flagged,
  version: r.version,
  updatedAt: iso(r.updated_at),
});

/** The programme of the path, if it has that type and is offered at a CLC the request reaches. */
async function programmeFor(db: Db, auth: AuthContext, type: ProgrammeType, id: number) {
  const [programme] = await rows<{ id: number; code: string; title: string; type: ProgrammeType }>(
    db,
    sql`select p.id, p.code, p.title, p.type::text as type from programmes p
        where p.id = ${id} and p.type = ${type} and ${programmeInReach(sql`p.id`, clcScope(auth))}`,
  );
  if (!programme) throw notFound('The programme');
  return programme;
}

/** Flags whose student's CLC the request reaches (a coordinator sees their CLCs' only). */
const flagInScope = (auth: AuthContext) => {
  const scope = clcScope(auth);
  if (scope === null) return sql`true`;
  if (scope.length === 0) return sql`false`;
  return sql`e.clc_id in (${inList(scope)})`;
};

const ITEM_SELECT = sql`select d.id, d.programme_id, d.term_key, d.action, d.criterion, d.percent,
  d.weeks, d.ignore_zero_point_tasks, d.is_active, d.version, d.updated_at,
  (select count(*)::int from dropout_flags f where f.item_id = d.id and f.cleared_at is null) as flagged
  from dropout_flagging_items d`;

export async function listItems(deps: Deps, auth: AuthContext, type: ProgrammeType, id: number) {
  const programme = await programmeFor(deps.db, auth, type, id);
  const items = await rows<ItemRow>(
    deps.db,
    sql`${ITEM_SELECT} where d.programme_id = ${id} and d.deleted_at is null
        order by d.term_key, d.id`,
  );
  const [run] = await rows<{ finished_at: Date | string; flagged: number; cleared: number }>(
    deps.db,
    sql`select finished_at, flagged, cleared from dropout_runs where programme_id = ${id}
        order by id desc limit 1`,
  );
  return {
    programme,
    items: items.map(toItem),
    lastRun: run
      ? { finishedAt: iso(run.finished_at), flagged: run.flagged, cleared: run.cleared }
      : null,
  };
}

async function itemOf(db: Db, programmeId: number, termKey: string, itemId: number) {
  const [row] = await rows<ItemRow>(
    db,
    sql`${ITEM_SELECT} where d.id = ${itemId} and d.programme_id = ${programmeId}
        and d.term_key = ${termKey} and d.deleted_at is null`,
  );
  if (!row) throw notFound('The dropout flagging item');
  return row;
}

type ItemPath = { type: ProgrammeType; programmeId: number; termKey: string };

/**
 * A bachelor programme's items belong to one of its terms (`2026-fa`, decision 0022) or to
 * `all`; another key is "not found". Other programmes keep the term key they use (`all`).
 */
async function assertTermOf(db: Db, path: ItemPath) {
  if (path.type !== 'bachelor' || path.termKey === 'all') return;
  const term = parseTermKey(path.termKey);
  const [found] = term
    ? await rows<{ id: number }>(
        db,
        sql`select id from ba_terms where programme_id = ${path.programmeId}
            and year = ${term.year} and season = ${term.season}`,
      )
    : [];
  if (!found) throw notFound('The term');
}

export async function getItem(deps: Deps, auth: AuthContext, path: ItemPath, itemId: number) {
  await programmeFor(deps.db, auth, path.type, path.programmeId);
  return toItem(await itemOf(deps.db, path.programmeId, path.termKey, itemId));
}

export async function createItem(
  deps: Deps,
  auth: AuthContext,
  path: ItemPath,
  input: DropoutItemInput,
): Promise<DropoutItem> {
  await programmeFor(deps.db, auth, path.type, path.programmeId);
  await assertTermOf(deps.db, path);
  const itemId = await deps.db.transaction(async (tx) => {
    const [row] = await rows<{ id: number }>(
      tx,
      sql`insert into dropout_flagging_items (programme_id, term_key, action, criterion, percent,
            weeks, ignore_zero_point_tasks, is_active)
          values (${path.programmeId}, ${path.termKey}, ${input.action}, ${input.criterion},
                  ${input.percent}, ${input.weeks}, ${input.ignoreZeroPointTasks}, ${input.isActive})
          returning id`,
    );
    if (!row) throw new Error('The dropout flagging item could not be saved.');
    await audit(tx, auth, {
      action: 'dropout_item.created',
      entityType: 'dropout_flagging_item',
      entityId: row.id,
      changes: { programmeId: path.programmeId, termKey: path.termKey, ...input },
    });
    return row.id;
  });
  return toItem(await itemOf(deps.db, path.programmeId, path.termKey, itemId));
}

export async function updateItem(
  deps: Deps,
  auth: AuthContext,
  path: ItemPath,
  itemId: number,
  input: DropoutItemInput & { version: number },
): Promise<DropoutItem> {
  await programmeFor(deps.db, auth, path.type, path.programmeId);
  await deps.db.transaction(async (tx) => {
    const current = await itemOf(tx, path.programmeId, path.termKey, itemId);
    const [row] = await rows<{ id: number }>(
      tx,
      sql`update dropout_flagging_items set action = ${input.action}, criterion = ${input.criterion},
            percent = ${input.percent}, weeks = ${input.weeks},
            ignore_zero_point_tasks = ${input.ignoreZeroPointTasks}, is_active = ${input.isActive},
            version = version + 1, updated_at = now()
          where id = ${itemId} and version = ${input.version} returning id`,
    );
    if (!row)
      throw new AppError(
        409,
        'STALE_VERSION',
        'Someone else changed this item meanwhile: reload it to see their change.',
        { current: toItem(current) },
      );
    await audit(tx, auth, {
      action: 'dropout_item.updated',
      entityType: 'dropout_flagging_item',
      entityId: itemId,
      changes: { ...input },
    });
  });
  return toItem(await itemOf(deps.db, path.programmeId, path.termKey, itemId));
}

/** Deletes an item (kept for the tuning report) and clears its open flags. */
export async function deleteItem(deps: Deps, auth: AuthContext, path: ItemPath, itemId: number) {
  await programmeFor(deps.db, auth, path.type, path.programmeId);
  await deps.db.transaction(async (tx) => {
    await itemOf(tx, path.programmeId, path.termKey, itemId);
    await tx.execute(
      sql`update dropout_flagging_items set deleted_at = now(), is_active = false,
            version = version + 1 where id = ${itemId}`,
    );
    await tx.execute(
      sql`update dropout_flags set cleared_at = now() where item_id = ${itemId} and cleared_at is null`,
    );
    await audit(tx, auth, {
      action: 'dropout_item.deleted',
      entityType: 'dropout_flagging_item',
      entityId: itemId,
    });
  });
}

type TaskRow = {
  id: number;
  title: string;
  course: string;
  max_points: string | number | null;
  due_at: Date | string | null;
};

/** The tasks evidence names, so the screen says which in words. */
async function tasksOf(db: Db, evidence: readonly Evidence[]) {
  const ids = [
    ...new Set(evidence.flatMap((e) => [...e.counted, ...e.excluded.map((x) => x.itemId)])),
  ];
  if (ids.length === 0) return [];
  const found = await rows<TaskRow>(
    db,
    sql`select i.id, i.title, c.code || ' · ' || c.title as course, i.max_points, i.due_at
          from learning_items i join programme_courses c on c.id = i.course_id
         where i.id = any(${intArray(ids)}) order by c.position, i.id`,
  );
  return found.map((t) => ({
    id: t.id,
    title: t.title,
    course: t.course,
    maxPoints: t.max_points === null ? null : Number(t.max_points),
    dueAt: t.due_at === null ? null : iso(t.due_at),
  }));
}

export async function preview(
  deps: Deps,
  auth: AuthContext,
  path: ItemPath,
  input: DropoutItemInput,
): Promise<DropoutPreview> {
  await programmeFor(deps.db, auth, path.type, path.programmeId);
  await assertTermOf(deps.db, path);
  const found = await previewItem(deps.db, path.programmeId, input, path.termKey);
  return {
    count: found[0]?.total ?? 0,
    students: found.map((r) => ({
      enrolmentId: r.enrolment_id,
      studentId: r.student_id,
      name: r.name,
      className: r.class_name,
      status: r.status,
      evidence: r.evidence,
    })),
    tasks: await tasksOf(
      deps.db,
      found.map((r) => r.evidence),
    ),
  };
}

/** Where the evaluation's mails link to and how they leave after the commit. */
export type RunOptions = { publicUrl: string; dispatch: (mailIds: number[]) => void };

/** Evaluates one programme in its own transaction and records the run. */
export async function runProgramme(
  db: Db,
  programmeId: number,
  trigger: 'schedule' | 'on_demand',
  options: RunOptions,
): Promise<EvaluationCounts & { durationMs: number }> {
  const started = new Date();
  const { mailIds, ...result } = await db.transaction(async (tx) => {
    const counts = await evaluateProgramme(tx, programmeId, options);
    const durationMs = Date.now() - started.getTime();
    await tx.execute(
      sql`insert into dropout_runs (programme_id, trigger, started_at, flagged, cleared, duration_ms)
          values (${programmeId}, ${trigger}, ${started.toISOString()}, ${counts.flagged},
                  ${counts.cleared}, ${durationMs})`,
    );
    return { ...counts, durationMs };
  });
  // Mails leave only once the flags they speak of are committed.
  options.dispatch(mailIds);
  return result;
}

export async function run(deps: Deps, auth: AuthContext, type: ProgrammeType, id: number) {
  await programmeFor(deps.db, auth, type, id);
  const result = await runProgramme(deps.db, id, 'on_demand', {
    publicUrl: deps.config.publicUrl,
    dispatch: (ids) => {
      deps.mailer.dispatch(ids);
    },
  });
  await audit(deps.db, auth, {
    action: 'dropout.evaluated',
    entityType: 'programme',
    entityId: id,
    changes: { ...result },
  });
  return result;
}

/**
 * The daily run: programme by programme, each its own short transaction, so on PGlite's one
 * connection a request waits behind one programme at most (0021 §3.3).
 */
export async function runAll(db: Db, options: RunOptions): Promise<number> {
  const programmes = await rows<{ programme_id: number }>(
    db,
    sql`select distinct d.programme_id from dropout_flagging_items d
          join programmes p on p.id = d.programme_id and p.status = 'running'
         where d.deleted_at is null and d.is_active order by d.programme_id`,
  );
  for (const p of programmes) {
    await runProgramme(db, p.programme_id, 'schedule', options);
    // Let requests that queued meanwhile go first.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return programmes.length;
}

type FlagRow = {
  /** bigint: a string from node-postgres. */
  id: number | string;
  item_id: number;
  criterion: Flag['criterion'];
  enrolment_id: number;
  student_id: number;
  name: string;
  class_name: string | null;
  status: Flag['status'];
  evidence: Evidence;
  first_flagged_at: Date | string;
  evaluated_at: Date | string;
  cleared_at: Date | string | null;
};

const toFlag = (r: FlagRow): Flag => ({
  id: Number(r.id),
  itemId: r.item_id,
  criterion: r.criterion,
  enrolmentId: r.enrolment_id,
  studentId: r.student_id,
  name: r.name,
  className: r.class_name,
  status: r.status,
  evidence: r.evidence,
  firstFlaggedAt: iso(r.first_flagged_at),
  evaluatedAt: iso(r.evaluated_at),
  clearedAt: r.cleared_at === null ? null : iso(r.cleared_at),
});

const FLAG_COLUMNS = sql`f.id, f.item_id, d.criterion, f.enrolment_id, f.student_id,
  u.first_name || ' ' || u.last_name as name, cl.name as class_name, f.status, f.evidence,
  f.first_flagged_at, f.evaluated_at, f.cleared_at`;
const FLAG_FROM = sql`dropout_flags f
  join dropout_flagging_items d on d.id = f.item_id
  join enrolments e on e.id = f.enrolment_id
  join users u on u.jwl_id = f.student_id
  left join classes cl on cl.id = e.class_id`;
/**
 * The enrolment `e` is in class `classId`: its programme's class, or (a bachelor student, seated
 * per course) a class it learns a course in, as `course_learners` says.
 */
/**
 * Whether the flag's student is in the class: in their enrolment's class, or (bachelor) seated in
 * it for a course (`ba_student_courses.class_id`; a bachelor enrolment names no class).
 */
const inClass = (classId: SQL) => sql`(e.class_id = ${classId} or exists (
  select 1 from ba_student_courses s
  where s.enrolment_id = e.id and s.class_id = ${classId} and s.status <> 'drop-delete'))`;
const FLAG_SELECT = sql`select ${FLAG_COLUMNS} from ${FLAG_FROM}`;

const FLAG_ORDER: Record<FlagSort, SQL> = {
  name: sql`u.last_name, u.first_name, f.id`,
  class: sql`cl.name nulls last, u.last_name, u.first_name, f.id`,
  criterion: sql`d.criterion, u.last_name, u.first_name, f.id`,
  flagged: sql`f.first_flagged_at desc, f.id desc`,
};

/** The flagged students of a programme in the request's CLC scope, filtered, a page at a time. */
export async function listFlags(
  deps: Deps,
  auth: AuthContext,
  type: ProgrammeType,
  id: number,
  query: z.output<typeof flagQuerySchema>,
) {
  await programmeFor(deps.db, auth, type, id);
  const where = sql`f.programme_id = ${id} and ${flagInScope(auth)}
    and ${query.status === 'open' ? sql`f.cleared_at is null` : sql`f.cleared_at is not null`}
    ${query.itemId === undefined ? sql`` : sql`and f.item_id = ${query.itemId}`}
    ${query.termKey === undefined ? sql`` : sql`and d.term_key = ${query.termKey}`}
    ${query.classId === undefined ? sql`` : sql`and ${inClass(sql`${query.classId}`)}`}
    ${query.criterion === undefined ? sql`` : sql`and d.criterion = ${query.criterion}`}
    ${query.flagStatus === undefined ? sql`` : sql`and f.status = ${query.flagStatus}`}
    ${query.q ? sql`and (u.first_name || ' ' || u.last_name) ilike ${containsPattern(query.q)}` : sql``}`;
  const found = await rows<FlagRow & { total: number }>(
    deps.db,
    sql`select ${FLAG_COLUMNS}, count(*) over ()::int as total from ${FLAG_FROM} where ${where}
        order by ${FLAG_ORDER[query.sort]}
        limit ${FLAG_PAGE_SIZE} offset ${(query.page - 1) * FLAG_PAGE_SIZE}`,
  );
  // A page past the end has no row to carry the count.
  const [counted] =
    found.length === 0 && query.page > 1
      ? await rows<{ total: number }>(
          deps.db,
          sql`select count(*)::int as total from ${FLAG_FROM} where ${where}`,
        )
      : found;
  return {
    flags: found.map(toFlag),
    total: counted?.total ?? 0,
    page: query.page,
    pageSize: FLAG_PAGE_SIZE,
  };
}

type FollowUpRow = {
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

const toFollowUp = (r: FollowUpRow): FollowUp => ({
  id: Number(r.id),
  flagId: Number(r.flag_id),
  assigneeRole: r.assignee_role,
  kind: r.kind,
  status: r.status,
  outcome: r.outcome,
  doneBy: r.done_by,
  doneAt: r.done_at === null ? null : iso(r.done_at),
  student: r.student,
  programme: r.programme,
  programmeId: r.programme_id,
  programmeType: r.programme_type,
  className: r.class_name,
  criterion: r.criterion,
  flagStatus: r.flag_status,
  evidence: r.evidence,
  firstFlaggedAt: iso(r.first_flagged_at),
  clearedAt: r.cleared_at === null ? null : iso(r.cleared_at),
  version: r.version,
});

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

export async function getFlag(
  deps: Deps,
  auth: AuthContext,
  type: ProgrammeType,
  id: number,
  flagId: number,
): Promise<FlagDetail> {
  await programmeFor(deps.db, auth, type, id);
  const [row] = await rows<FlagRow>(
    deps.db,
    sql`${FLAG_SELECT} where f.id = ${flagId} and f.programme_id = ${id} and ${flagInScope(auth)}`,
  );
  if (!row) throw notFound('The flag');
  const followUps = await rows<FollowUpRow>(
    deps.db,
    sql`${FOLLOW_UP_SELECT} where o.flag_id = ${flagId} order by o.id`,
  );
  return {
    flag: toFlag(row),
    tasks: await tasksOf(deps.db, [row.evidence]),
    followUps: followUps.map(toFollowUp),
  };
}

/**
 * The follow-ups a user is the assignee of: coordinator ones of their CLCs for coordinators,
 * facilitator ones of the classes they facilitate; holders of DROPOUT_FLAGGING__EDIT reach
 * every follow-up of their scope.
 */
function followUpReach(auth: AuthContext) {
  const isCoordinator = auth.user.roleKeys.some(
    (r) => r === 'COORDINATOR' || r === 'LEAD_COORDINATOR',
  );
  const clcs = auth.clcIds.length > 0 ? sql`o.clc_id in (${inList(auth.clcIds)})` : sql`false`;
  const scope = clcScope(auth);
  const editor = auth.rights.has('DROPOUT_FLAGGING__EDIT')
    ? scope === null
      ? sql`true`
      : scope.length === 0
        ? sql`false`
        : sql`o.clc_id in (${inList(scope)})`
    : sql`false`;
  return sql`(${editor}
    or (o.assignee_role = 'coordinator' and ${isCoordinator ? clcs : sql`false`})
    or (o.assignee_role = 'facilitator' and exists (select 1 from class_staff cs
          where cs.class_id = o.class_id and cs.user_id = ${auth.user.jwlId} and cs.kind = 'facilitator')))`;
}

/**
 * The follow-ups the user is responsible for, open or done, searched (student, programme,
 * class), filtered by criterion, sorted (by default the oldest flag first, the longest waiting
 * on top) and a page at a time, with the tasks their evidence names; or the one of a flag (the
 * notification's link).
 */
export async function listMyFollowUps(
  deps: Deps,
  auth: AuthContext,
  query: z.output<typeof followUpQuerySchema>,
) {
  const found: SQL[] = [followUpReach(auth)];
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
    deps.db,
    sql`${FOLLOW_UP_SELECT} where ${matching} and ${filter}
        order by ${order[query.sort]}, o.id ${dir}
        limit ${query.limit} offset ${(query.page - 1) * query.limit}`,
  );
  const [counts] = await rows<{ open: number; done: number }>(
    deps.db,
    sql`select count(*) filter (where o.status = 'open')::int as open,
               count(*) filter (where o.status = 'done')::int as done
          from ${FOLLOW_UP_FROM} where ${matching}`,
  );
  const open = counts?.open ?? 0;
  const done = counts?.done ?? 0;
  return {
    followUps: page.map(toFollowUp),
    tasks: await tasksOf(
      deps.db,
      page.map((r) => r.evidence),
    ),
    counts: { open, done },
    total: query.flagId === undefined ? (query.status === 'open' ? open : done) : page.length,
    page: query.page,
    pageSize: query.limit,
  };
}

export async function updateFollowUp(
  deps: Deps,
  auth: AuthContext,
  followUpId: number,
  input: z.output<typeof followUpInputSchema>,
): Promise<FollowUp> {
  return deps.db.transaction(async (tx) => {
    const [current] = await rows<FollowUpRow>(
      tx,
      sql`${FOLLOW_UP_SELECT} where o.id = ${followUpId} and ${followUpReach(auth)}`,
    );
    if (!current) throw notFound('The follow-up');
    const [row] = await rows<{ id: number }>(
      tx,
      sql`update dropout_follow_ups set kind = ${input.kind}, outcome = ${input.outcome},
            status = 'done', done_by = ${auth.user.jwlId}, done_at = now(), version = version + 1
          where id = ${followUpId} and version = ${input.version} returning id`,
    );
    if (!row)
      throw new AppError(
        409,
        'STALE_VERSION',
        'Someone else recorded this follow-up meanwhile: reload it to see what they wrote.',
        { current: toFollowUp(current) },
      );
    await audit(tx, auth, {
      action: 'dropout_follow_up.recorded',
      entityType: 'dropout_follow_up',
      entityId: followUpId,
      changes: { kind: input.kind, outcome: input.outcome },
    });
    const [after] = await rows<FollowUpRow>(
      tx,
      sql`${FOLLOW_UP_SELECT} where o.id = ${followUpId}`,
    );
    if (!after) throw notFound('The follow-up');
    return toFollowUp(after);
  });
}

/**
 * The tuning report (0021 §3.7): per item, how many it flagged and what became of them, and
 * how many students left without a flag of it.
 */
export async function report(deps: Deps, auth: AuthContext, type: ProgrammeType, id: number) {
  await programmeFor(deps.db, auth, type, id);
  const found = await rows<{
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
    deps.db,
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
  return {
    rows: found.map((r) => ({
      itemId: r.item_id,
      criterion: r.criterion,
      action: r.action,
      percent: r.percent === null ? null : Number(r.percent),
      weeks: r.weeks,
      isDeleted: r.is_deleted,
      flagged: r.flagged,
      droppedOut: r.dropped_out,
      stillActive: r.still_active,
      completed: r.completed,
      droppedWithoutFlag: r.dropped_without_flag,
    })),
  };
}

/**
 * How many students of a class are flagged now, for the badge on the class view: its staff
 * (CLASSROOM__DISPLAY) see it for the classes they reach (decision 0008), else 404.
 */
export async function classFlagCount(deps: Deps, auth: AuthContext, classId: number) {
  const [row] = await rows<{ flagged: number }>(
    deps.db,
    sql`select (select count(distinct f.enrolment_id)::int from dropout_flags f
                  join enrolments e on e.id = f.enrolment_id
                 where ${inClass(sql`k.id`)} and f.cleared_at is null) as flagged
          from classes k
         where k.id = ${classId} and ${classInScope(sql`k.id`, sql`k.clc_id`, classScope(auth))}`,
  );
  if (!row) throw notFound('The class');
  return { flagged: row.flagged };
}
