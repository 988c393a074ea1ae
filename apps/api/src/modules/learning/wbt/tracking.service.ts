import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import {
  WBT_HTML_MIN_OPEN_SECONDS,
  WBT_PLAYER_PATHS,
  WBT_SENTENCES,
  wbtSettingsSchema,
  type WbtAttemptDetail,
  type WbtAttemptSummary,
  type WbtCommit,
  type WbtCommitResult,
  type WbtCompletion,
  type WbtLaunch,
  type WbtMyAttempts,
  type WbtPart,
  type WbtSco,
  type WbtSettings,
  type WbtStandard,
  type WbtSuccess,
} from '@lantern/contracts/wbt';
import type { AuthContext } from '../../../plugins/auth';
import { AppError, badRequest, notFound } from '../../../lib/errors';
import { courseReach, learnerReach } from '../../../lib/learning-scope';
import { rows } from '../../../lib/sql';
import { loadSubmitContext, type SubmitContext } from '../learner-policy/public';
import { recordCompletion } from '../work/public';
import { applyAutoGrade } from '../teaching/public';
import { issueContentToken } from './content-token';
import { launchCmi, publicSco, type StoredSco } from './manifest';
import {
  SESSION_TIME_ELEMENTS,
  SUMMARY_ELEMENTS,
  attemptState,
  satisfies,
  scoState,
  sessionSeconds,
  type ScoState,
} from './summary';

/**
 * Trainings as a learner plays them (decision 0020 §2.5): launches, commits stored as values per
 * attempt, SCO and element with the (launch, seq) of the commit that wrote them — so each value
 * is that of the highest commit that carried it, whatever order and repetitions arrive in — and,
 * when a SCO's state moves, the attempt's summary, its hand-in and its machine grade.
 */

type Deps = {
  db: Db;
  config: { contentOrigin: string | null };
  contentSecret: string;
};

const WBT_LAUNCH_DAYS_SQL = sql`interval '7 days'`;

const launchExpired = () => new AppError(409, 'WBT_LAUNCH_EXPIRED', WBT_SENTENCES.launchExpired);
const contentOff = () => new AppError(503, 'CONTENT_ORIGIN_OFF', WBT_SENTENCES.contentOff);

/** Refusals that are about a submission's own attempts: a training has its own rule. */
const SUBMISSION_RULES = new Set(['ATTEMPT_NOT_RETURNED', 'ALREADY_SUBMITTED', 'NO_ATTEMPT_LEFT']);

// ---- element ids ----

/**
 * Element names → ids, kept in process (names never change once stored). Only committed rows
 * are kept: `resolve` takes the root connection, never a commit's transaction, so its insert is
 * committed on its own before any id enters the map. Filled inside a transaction that then
 * rolled back (another learner's attempt, a stale launch), the map would name rows that do not
 * exist, and every later commit of those elements would fail.
 */
export class ElementIds {
  private readonly ids = new Map<string, number>();
  private readonly names = new Map<number, string>();

  async resolve(db: Db, names: readonly string[]): Promise<Map<string, number>> {
    const missing = names.filter((n) => !this.ids.has(n));
    if (missing.length > 0) {
      const list = JSON.stringify([...new Set(missing)]);
      await db.execute(
        sql`insert into wbt_elements (name) select x from jsonb_array_elements_text(${list}::jsonb) x
            order by x on conflict (name) do nothing`,
      );
      const found = await rows<{ id: number; name: string }>(
        db,
        sql`select id, name from wbt_elements where name in (select jsonb_array_elements_text(${list}::jsonb))`,
      );
      for (const r of found) {
        this.ids.set(r.name, r.id);
        this.names.set(r.id, r.name);
      }
    }
    const out = new Map<string, number>();
    for (const n of names) {
      const id = this.ids.get(n);
      if (id === undefined) throw new Error(`Element ${n} has no id.`);
      out.set(n, id);
    }
    return out;
  }

  nameOf(id: number): string | undefined {
    return this.names.get(id);
  }
}

// ---- attempts ----

type AttemptRaw = {
  id: string | number;
  attempt: number;
  completion: WbtCompletion;
  success: WbtSuccess;
  score_scaled: string | number | null;
  total_seconds: number;
  submission_id: string | number | null;
  started_at: Date | string;
  completed_at: Date | string | null;
  last_commit_at: Date | string | null;
};
const ATTEMPT_COLUMNS = sql`a.id, a.attempt, a.completion, a.success, a.score_scaled, a.total_seconds,
  a.submission_id, a.started_at, a.completed_at, a.last_commit_at`;
const isoOrNull = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
const toSummary = (r: AttemptRaw): WbtAttemptSummary => ({
  id: Number(r.id),
  attempt: r.attempt,
  completion: r.completion,
  success: r.success,
  scoreScaled: r.score_scaled === null ? null : Number(r.score_scaled),
  totalSeconds: r.total_seconds,
  submissionId: r.submission_id === null ? null : Number(r.submission_id),
  startedAt: new Date(r.started_at).toISOString(),
  completedAt: isoOrNull(r.completed_at),
  lastCommitAt: isoOrNull(r.last_commit_at),
});

async function attemptsOf(db: Db, itemId: number, studentId: number) {
  const found = await rows<AttemptRaw>(
    db,
    sql`select ${ATTEMPT_COLUMNS} from wbt_attempts a
        where a.item_id = ${itemId} and a.student_id = ${studentId} order by a.attempt`,
  );
  return found.map(toSummary);
}

async function summaryById(db: Db, attemptId: number): Promise<WbtAttemptSummary> {
  const [row] = await rows<AttemptRaw>(
    db,
    sql`select ${ATTEMPT_COLUMNS} from wbt_attempts a where a.id = ${attemptId}`,
  );
  if (!row) throw notFound('The attempt');
  return toSummary(row);
}

type PackageInfo = { id: number; standard: WbtStandard; title: string; scos: StoredSco[] };

async function packageOf(db: Db, packageId: number): Promise<PackageInfo> {
  const [row] = await rows<PackageInfo>(
    db,
    sql`select id, standard, title, scos from wbt_packages where id = ${packageId}`,
  );
  if (!row) throw notFound('The training');
  return row;
}

function settingsOf(raw: unknown): WbtSettings {
  const parsed = wbtSettingsSchema.safeParse(raw);
  if (!parsed.success) throw notFound('The training');
  return parsed.data;
}

/** The training as the calling learner reaches it (404 for any other item). */
async function trainingOf(db: Db, auth: AuthContext, itemId: number) {
  const context = await loadSubmitContext(db, auth, itemId);
  if (context.kind !== 'wbt') throw notFound('The training');
  const settings = settingsOf(context.settings);
  const pkg = await packageOf(db, settings.packageId);
  return { context, settings, pkg };
}

/** Why a launch may only browse (nothing tracked), or null when it may track. */
function browseReason(context: SubmitContext): AppError | null {
  const refusal = context.refusal;
  if (!refusal || SUBMISSION_RULES.has(refusal.code)) return null;
  return refusal;
}

export async function myAttempts(
  deps: Deps,
  auth: AuthContext,
  itemId: number,
): Promise<WbtMyAttempts> {
  const { settings, pkg } = await trainingOf(deps.db, auth, itemId);
  const attempts = await attemptsOf(deps.db, itemId, auth.user.jwlId);
  const latest = attempts.at(-1);
  const max = settings.maxAttempts ?? null;
  const parts = latest ? (await partsOf(deps.db, latest.id, pkg.scos)).parts : [];
  return {
    parts,
    attempts,
    maxAttempts: max,
    mayStartAgain:
      latest !== undefined &&
      latest.completion === 'completed' &&
      (max === null || latest.attempt < max),
    standard: pkg.standard,
    title: pkg.title,
    display: settings.display,
  };
}

// ---- parts ----

/** A part's state from its stored state, and whether the learner has been in it. */
export function partState(
  state: { completion: WbtCompletion; success: WbtSuccess } | undefined,
  visited: boolean,
): WbtPart['state'] {
  if (state?.success === 'passed') return 'passed';
  if (state?.success === 'failed') return 'failed';
  if (state?.completion === 'completed') return 'completed';
  if (state?.completion === 'incomplete' || visited) return 'in_progress';
  return 'not_started';
}

/**
 * The part to open: the one the learner was last in; when that one is finished, the next
 * unfinished one after it (else the first unfinished one, else the last one they were in).
 */
export function startPart(parts: readonly WbtPart[], last: number | null): number {
  const first = parts[0]?.index ?? 0;
  if (last === null)
    return parts.find((p) => p.state !== 'completed' && p.state !== 'passed')?.index ?? first;
  const at = parts.findIndex((p) => p.index === last);
  if (at < 0) return first;
  const open = (p: WbtPart) => p.state === 'not_started' || p.state === 'in_progress';
  if (open(parts[at] as WbtPart)) return last;
  return parts.slice(at + 1).find(open)?.index ?? parts.slice(0, at).find(open)?.index ?? last;
}

/** Each part's state in an attempt, and the part the learner was last in (null: none yet). */
async function partsOf(
  db: Db,
  attemptId: number,
  scos: readonly WbtSco[],
): Promise<{ parts: WbtPart[]; last: number | null }> {
  const [states, visits] = await Promise.all([
    rows<{ sco: number; completion: WbtCompletion; success: WbtSuccess }>(
      db,
      sql`select sco, completion, success from wbt_sco_states where attempt_id = ${attemptId}`,
    ),
    rows<{ sco: number; launch_no: number; seq: number }>(
      db,
      sql`select distinct on (sco) sco, launch_no, seq from wbt_values
          where attempt_id = ${attemptId} order by sco, launch_no desc, seq desc`,
    ),
  ]);
  const byIndex = new Map(states.map((st) => [st.sco, st]));
  const visited = new Set(visits.map((v) => v.sco));
  const latest = visits.reduce<{ sco: number; launch_no: number; seq: number } | null>(
    (m, v) =>
      !m || v.launch_no > m.launch_no || (v.launch_no === m.launch_no && v.seq > m.seq) ? v : m,
    null,
  );
  return {
    parts: scos.map((sco) => ({
      index: sco.index,
      title: sco.title,
      state: partState(byIndex.get(sco.index), visited.has(sco.index)),
    })),
    last: latest?.sco ?? null,
  };
}

// ---- launch ----

async function resumeValues(
  db: Db,
  attemptId: number,
  standard: WbtStandard,
): Promise<Record<string, Record<string, string>>> {
  const found = await rows<{ sco: number; name: string; value: string }>(
    db,
    sql`select v.sco, e.name, v.value from wbt_values v join wbt_elements e on e.id = v.element_id
        where v.attempt_id = ${attemptId}
          and e.name not in ('cmi.core.session_time', 'cmi.session_time', 'cmi.core.exit', 'cmi.exit')`,
  );
  const out: Record<string, Record<string, string>> = {};
  for (const r of found) (out[String(r.sco)] ??= {})[r.name] = r.value;
  const entry = standard === 'scorm2004' ? 'cmi.entry' : 'cmi.core.entry';
  for (const values of Object.values(out)) values[entry] = 'resume';
  return out;
}

function launchBody(
  deps: Deps,
  auth: AuthContext | null,
  pkg: PackageInfo,
  settings: WbtSettings,
  extra: Pick<WbtLaunch, 'mode' | 'reason' | 'attempt' | 'launchNo' | 'cmi' | 'credit'> &
    Partial<Pick<WbtLaunch, 'parts' | 'startSco'>>,
): WbtLaunch {
  const origin = deps.config.contentOrigin;
  if (!origin) throw contentOff();
  const { token, expiresAt } = issueContentToken(deps.contentSecret, pkg.id);
  const user = auth?.user;
  return {
    parts: [],
    startSco: pkg.scos[0]?.index ?? 0,
    ...extra,
    standard: pkg.standard,
    scos: pkg.scos.map(publicSco),
    cmi: launchCmi(pkg.scos, extra.cmi),
    contentOrigin: origin,
    playerUrl: `${origin}${WBT_PLAYER_PATHS[pkg.standard]}`,
    contentBase: `${origin}/c/${token}/`,
    expiresAt,
    learner: user
      ? { id: String(user.jwlId), name: `${user.lastName}, ${user.firstName}` }
      : { id: 'guest', name: 'Guest' },
    display: settings.display,
    markDone: pkg.standard === 'html',
  };
}

/**
 * A learner opens a training: a `normal` launch when they may hand in now (the attempt made on
 * first launch; a new one only when asked, the latest complete and attempts left), else a
 * `browse` launch with the reason and nothing tracked.
 */
export async function launch(
  deps: Deps,
  auth: AuthContext,
  itemId: number,
  input: { newAttempt: boolean },
): Promise<WbtLaunch> {
  if (!deps.config.contentOrigin) throw contentOff();
  const { context, settings, pkg } = await trainingOf(deps.db, auth, itemId);
  const reason = browseReason(context);
  if (reason)
    return launchBody(deps, auth, pkg, settings, {
      mode: 'browse',
      reason: { code: reason.code, detail: reason.detail },
      attempt: null,
      launchNo: 0,
      cmi: {},
      credit: 'no-credit',
    });
  const studentId = auth.user.jwlId;
  const max = settings.maxAttempts ?? null;
  if (!input.newAttempt) {
    // A finished attempt opens for review: its values, no launch, nothing recorded.
    const finished = (await attemptsOf(deps.db, itemId, studentId)).at(-1);
    if (finished?.completion === 'completed') {
      const { parts, last } = await partsOf(deps.db, finished.id, pkg.scos);
      return launchBody(deps, auth, pkg, settings, {
        mode: 'review',
        reason: { code: 'WBT_ATTEMPT_FINISHED', detail: WBT_SENTENCES.attemptFinished },
        attempt: finished,
        launchNo: 0,
        cmi: await resumeValues(deps.db, finished.id, pkg.standard),
        credit: 'no-credit',
        parts,
        startSco: last ?? pkg.scos[0]?.index ?? 0,
      });
    }
  }
  const { attemptId, launchNo } = await deps.db.transaction(async (tx) => {
    const [latest] = await rows<{
      id: string | number;
      attempt: number;
      completion: WbtCompletion;
    }>(
      tx,
      sql`select id, attempt, completion from wbt_attempts
          where item_id = ${itemId} and student_id = ${studentId}
          order by attempt desc limit 1 for update`,
    );
    let id: number;
    if (!latest || (input.newAttempt && latest.completion === 'completed')) {
      const next = latest ? latest.attempt + 1 : 1;
      if (max !== null && next > max)
        throw new AppError(
          409,
          'NO_ATTEMPT_LEFT',
          max === 1
            ? 'This training takes one attempt, and it is used.'
            : `You have used all ${max} attempts at this training.`,
        );
      const [created] = await rows<{ id: string | number }>(
        tx,
        sql`insert into wbt_attempts (item_id, package_id, student_id, course_id, attempt)
            values (${itemId}, ${pkg.id}, ${studentId}, ${context.courseId}, ${next})
            on conflict (item_id, student_id, attempt) do update set version = wbt_attempts.version
            returning id`,
      );
      if (!created) throw new Error('The attempt could not be made.');
      id = Number(created.id);
    } else id = Number(latest.id);
    const [launched] = await rows<{ launch_no: number }>(
      tx,
      sql`with a as (
            update wbt_attempts set last_launch_no = last_launch_no + 1 where id = ${id}
            returning id, last_launch_no
          )
          insert into wbt_launches (attempt_id, launch_no, mode)
          select id, last_launch_no, 'normal' from a returning launch_no`,
    );
    if (!launched) throw new Error('The launch could not be recorded.');
    return { attemptId: id, launchNo: launched.launch_no };
  });
  const { parts, last } = await partsOf(deps.db, attemptId, pkg.scos);
  return launchBody(deps, auth, pkg, settings, {
    mode: 'normal',
    reason: null,
    attempt: await summaryById(deps.db, attemptId),
    launchNo,
    cmi: await resumeValues(deps.db, attemptId, pkg.standard),
    credit: 'credit',
    parts,
    startSco: startPart(parts, last),
  });
}

/** Staff preview (course reach, or WBT_ALL): a browse launch of any training. */
export async function preview(deps: Deps, auth: AuthContext, itemId: number): Promise<WbtLaunch> {
  if (!deps.config.contentOrigin) throw contentOff();
  const all = auth.rights.has('WBT_ALL__DISPLAY');
  const [row] = await rows<{ settings: unknown }>(
    deps.db,
    sql`select i.settings from learning_items i
        join learning_units u on u.id = i.unit_id and u.deleted_at is null
        join programme_courses c on c.id = i.course_id
        where i.id = ${itemId} and i.kind = 'wbt' and i.deleted_at is null
          and (${all} or ${courseReach(sql`c.id`, sql`c.programme_id`, auth)})`,
  );
  if (!row) throw notFound('The training');
  const settings = settingsOf(row.settings);
  const pkg = await packageOf(deps.db, settings.packageId);
  return launchBody(deps, auth, pkg, settings, {
    mode: 'browse',
    reason: null,
    attempt: null,
    launchNo: 0,
    cmi: {},
    credit: 'no-credit',
  });
}

// ---- commits ----

/**
 * Whether a launch may write: a launch issued after its attempt was finished is a review (as
 * Moodle's), and writes nothing. A launch that was playing when the attempt finished goes on
 * (its last values and time arrive after the completing commit).
 */
const LAUNCH_WRITES_SQL = sql`(l.issued_at <= coalesce(a.completed_at, 'infinity'::timestamptz))`;

const attemptFinished = () =>
  new AppError(403, 'WBT_ATTEMPT_FINISHED', WBT_SENTENCES.attemptFinished);

// ---- time spent: per part and launch, summed ----

/** A part's time in one launch: its reported session times, or the time it was open (HTML). */
const PART_SECONDS = sql`greatest(seconds, open_seconds)`;

/**
 * The part's time in the commit's launch, from its commits (this one with them): a part opened
 * again in one launch is a new session whose time starts at 0, so the launch's commits of the
 * part fall into sessions, each ended by a terminating commit (LMSFinish, Terminate), and the
 * part's time is the sum of each session's latest reported time. Derived from the set of
 * commits, so the order they arrive in does not change it; a launch's commits are kept far
 * longer than it may commit (`COMMIT_KEEP_DAYS`).
 */
const partTimeUpsert = (commit: WbtCommit, session: number | null) => sql`
  insert into wbt_part_times (attempt_id, launch_no, sco, seconds, seq)
  select c.attempt_id, ${commit.launchNo}, ${commit.sco}, coalesce(sum(last.s), 0)::int, max(last.seq)
  from c cross join lateral (
    select distinct on (k.session) k.s, k.seq from (
      select k.seq, k.s,
        count(*) filter (where k.t) over (order by k.seq rows between unbounded preceding and 1 preceding) as session
      from (
        select o.seq, o.session_seconds as s, o.terminate as t from wbt_commits o
        where o.attempt_id = c.attempt_id and o.launch_no = ${commit.launchNo} and o.sco = ${commit.sco}
        union all select ${commit.seq}, ${session}::int, ${commit.terminate === true}
      ) k
    ) k
    where k.s is not null
    order by k.session, k.seq desc
  ) last
  where ${session}::int is not null or ${commit.terminate === true}
  group by c.attempt_id
  on conflict (attempt_id, launch_no, sco) do update set seconds = excluded.seconds, seq = excluded.seq
  returning seconds, open_seconds`;

/** The attempt's time in every part and launch but the commit's own. */
const otherPartsSeconds = (attemptId: SQL, commit: { launchNo: number; sco: number }) => sql`
  coalesce((select sum(${PART_SECONDS}) from wbt_part_times o
            where o.attempt_id = ${attemptId}
              and (o.launch_no, o.sco) <> (${commit.launchNo}, ${commit.sco})), 0)`;

/** The attempt's time: the sum of its parts' times in every launch. */
async function attemptSeconds(db: Db, attemptId: number): Promise<number> {
  const [time] = await rows<{ total: number }>(
    db,
    sql`select coalesce(sum(${PART_SECONDS}), 0)::int as total from wbt_part_times
        where attempt_id = ${attemptId}`,
  );
  return time?.total ?? 0;
}

type CommitRow = {
  found: number;
  writes: boolean | null;
  sco_count: number | null;
  attempt: AttemptRaw | null;
  mode: 'normal' | 'browse' | null;
  fresh: boolean | null;
  applied: number;
  changed: number[];
};

const SUMMARY_SET = new Set<string>(SUMMARY_ELEMENTS);
const SESSION_SET = new Set<string>(SESSION_TIME_ELEMENTS);

/**
 * Stores one commit in one statement: the launch must be this learner's, `normal` and at most
 * 7 days old; a commit seen before changes nothing; each value and the launch's session time
 * move only for a higher (launch, seq) than the one that wrote them.
 */
async function storeCommit(
  tx: Db,
  elements: ElementIds,
  ids: ReadonlyMap<string, number>,
  studentId: number,
  attemptId: number,
  commit: WbtCommit,
): Promise<{ applied: boolean; stateMayMove: boolean; attempt: WbtAttemptSummary }> {
  const names = Object.keys(commit.values);
  const values = names
    .map((n) => ({ id: ids.get(n) ?? 0, value: commit.values[n] ?? '' }))
    .sort((a, b) => a.id - b.id);
  let session: number | null = null;
  for (const n of names)
    if (SESSION_SET.has(n)) session = sessionSeconds(commit.values[n] ?? '') ?? session;
  const [row] = await rows<CommitRow>(
    tx,
    sql`with a as (
          -- The attempt is locked first (before any value row), so two tabs' batches take
          -- their locks in one order.
          select a.id, l.mode, l.issued_at > now() - ${WBT_LAUNCH_DAYS_SQL} as fresh,
            ${LAUNCH_WRITES_SQL} as writes,
            jsonb_array_length(p.scos)::int as sco_count,
            to_jsonb(a.*) as attempt
          from wbt_attempts a
          join wbt_packages p on p.id = a.package_id
          left join wbt_launches l on l.attempt_id = a.id and l.launch_no = ${commit.launchNo}
          where a.id = ${attemptId} and a.student_id = ${studentId}
          for update of a
        ), ok as (
          select id from a where mode = 'normal' and fresh and writes and ${commit.sco} < sco_count
        ), x as (
          select * from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as x(id int, value text)
        ), old as (
          -- The values before this commit (one snapshot for the whole statement), to tell
          -- whether a summary value really changed.
          select element_id, value from wbt_values
          where attempt_id = ${attemptId} and sco = ${commit.sco} and element_id in (select id from x)
        ), c as (
          insert into wbt_commits (attempt_id, launch_no, seq, sco, elements, session_seconds, terminate)
          select id, ${commit.launchNo}, ${commit.seq}, ${commit.sco}, ${names.length},
            ${session}::int, ${commit.terminate === true} from ok
          on conflict do nothing
          returning attempt_id
        ), v as (
          insert into wbt_values (attempt_id, sco, element_id, value, launch_no, seq)
          select c.attempt_id, ${commit.sco}, x.id, x.value, ${commit.launchNo}, ${commit.seq}
          from c cross join x
          order by x.id
          on conflict (attempt_id, sco, element_id) do update
            set value = excluded.value, launch_no = excluded.launch_no, seq = excluded.seq,
                updated_at = now()
            where (wbt_values.launch_no, wbt_values.seq) < (excluded.launch_no, excluded.seq)
          returning element_id
        ), l as (
          update wbt_launches w set
            last_seq = greatest(w.last_seq, ${commit.seq}),
            terminated_at = case when ${commit.terminate === true} then coalesce(w.terminated_at, now())
              else w.terminated_at end
          from c where w.attempt_id = c.attempt_id and w.launch_no = ${commit.launchNo}
          returning w.launch_no
        ), pt as (
          ${partTimeUpsert(commit, session)}
        ), t as (
          -- The attempt's time moves here (the sum of its parts' times per launch, this part's as
          -- just written), so a commit that changes no summary value needs no second pass.
          update wbt_attempts w set last_commit_at = now(), total_seconds = n.total,
            version = w.version + case when n.total is distinct from w.total_seconds then 1 else 0 end
          from c cross join lateral (
            select (${otherPartsSeconds(sql`c.attempt_id`, commit)}
                    + coalesce((select ${PART_SECONDS} from pt),
                               (select ${PART_SECONDS} from wbt_part_times o
                                where o.attempt_id = c.attempt_id and o.launch_no = ${commit.launchNo}
                                  and o.sco = ${commit.sco}), 0))::int as total
          ) n
          where w.id = c.attempt_id
          returning to_jsonb(w.*) as attempt
        )
        select (select count(*) from a)::int as found, (select sco_count from a) as sco_count,
          coalesce((select attempt from t), (select attempt from a)) as attempt,
          (select mode from a) as mode, (select writes from a) as writes,
          (select fresh from a) as fresh, (select count(*) from c)::int as applied,
          coalesce((select jsonb_agg(v.element_id) from v join x on x.id = v.element_id
                    left join old on old.element_id = v.element_id
                    where old.value is distinct from x.value), '[]'::jsonb) as changed,
          (select count(*) from t)::int as touched`,
  );
  if (!row?.attempt || row.found === 0) throw notFound('The attempt');
  if (commit.sco >= (row.sco_count ?? 0))
    throw badRequest('This training has no such part.', { sco: 'Not in this training.' });
  if (row.mode === null) throw notFound('The launch');
  if (row.mode !== 'normal' || row.fresh !== true) throw launchExpired();
  if (row.writes !== true) throw attemptFinished();
  const attempt = toSummary(row.attempt);
  if (row.applied === 0) return { applied: false, stateMayMove: false, attempt };
  const changedSummary = row.changed.some((id) => {
    const name = elements.nameOf(id);
    return name !== undefined && SUMMARY_SET.has(name);
  });
  return { applied: true, stateMayMove: changedSummary, attempt };
}

type AttemptLock = {
  id: string | number;
  item_id: number;
  student_id: number;
  course_id: number;
  attempt: number;
  completion: WbtCompletion;
  success: WbtSuccess;
  score_scaled: string | number | null;
  total_seconds: number;
  submission_id: string | number | null;
  settings: unknown;
  max_points: string | number | null;
  weight: string | number | null;
  item_version: number;
  due_at: Date | string | null;
  scos: WbtSco[];
  grading_schema_id: number | null;
  grading_schema_version: number | null;
};

/**
 * After a commit changed a SCO's summary values or a session time: the SCO states and the
 * attempt from the stored values (so the same whatever the order of arrival), then — when the
 * attempt first counts as complete — its hand-in and progress, and the machine grade.
 */
async function recompute(tx: Db, attemptId: number, sco: number): Promise<void> {
  const [a] = await rows<AttemptLock>(
    tx,
    sql`select a.id, a.item_id, a.student_id, a.course_id, a.attempt, a.completion, a.success,
          a.score_scaled, a.total_seconds, a.submission_id, i.settings, i.max_points, i.weight,
          i.version as item_version, coalesce(d.due_at, i.due_at) as due_at, p.scos,
          pr.grading_schema_id, gs.version as grading_schema_version
        from wbt_attempts a
        join learning_items i on i.id = a.item_id
        join wbt_packages p on p.id = a.package_id
        join programme_courses c on c.id = a.course_id
        join programmes pr on pr.id = c.programme_id
        left join grading_schemas gs on gs.id = pr.grading_schema_id
        left join lateral (select class_id from course_learners x where x.course_id = a.course_id
                             and x.student_id = a.student_id order by x.may_submit desc limit 1) cl on true
        left join item_class_dates d on d.item_id = i.id and d.class_id = cl.class_id
        where a.id = ${attemptId}
        for update of a`,
  );
  if (!a) return;
  const settings = settingsOf(a.settings);

  const values = await rows<{ name: string; value: string; launch_no: number; seq: number }>(
    tx,
    sql`select e.name, v.value, v.launch_no, v.seq from wbt_values v
        join wbt_elements e on e.id = v.element_id
        where v.attempt_id = ${attemptId} and v.sco = ${sco}
          and e.name in (select jsonb_array_elements_text(${JSON.stringify(SUMMARY_ELEMENTS)}::jsonb))`,
  );
  const state = scoState(Object.fromEntries(values.map((v) => [v.name, v.value])));
  const top = values.reduce(
    (m, v) =>
      v.launch_no > m.launch || (v.launch_no === m.launch && v.seq > m.seq)
        ? { launch: v.launch_no, seq: v.seq }
        : m,
    { launch: 0, seq: 0 },
  );
  await tx.execute(
    sql`insert into wbt_sco_states (attempt_id, sco, completion, success, score_scaled, launch_no, seq)
        values (${attemptId}, ${sco}, ${state.completion}, ${state.success}, ${state.scoreScaled},
          ${top.launch}, ${top.seq})
        on conflict (attempt_id, sco) do update set completion = excluded.completion,
          success = excluded.success, score_scaled = excluded.score_scaled,
          launch_no = excluded.launch_no, seq = excluded.seq`,
  );
  const states = await rows<{
    completion: WbtCompletion;
    success: WbtSuccess;
    score_scaled: string | number | null;
  }>(
    tx,
    sql`select completion, success, score_scaled from wbt_sco_states where attempt_id = ${attemptId}
        and sco < ${a.scos.length}`,
  );
  const summary = attemptState(
    states.map((s): ScoState => ({
      completion: s.completion,
      success: s.success,
      scoreScaled: s.score_scaled === null ? null : Number(s.score_scaled),
    })),
    a.scos.length,
    settings.completeWhen,
  );
  const total = await attemptSeconds(tx, attemptId);
  const oldScore = a.score_scaled === null ? null : Number(a.score_scaled);
  const unchanged =
    summary.completion === a.completion &&
    summary.success === a.success &&
    summary.scoreScaled === oldScore &&
    total === a.total_seconds;
  if (unchanged) return;

  // Once handed in, an attempt stays complete: a later status never takes the hand-in back.
  const complete = a.submission_id !== null || summary.completion === 'completed';
  let submissionId = a.submission_id === null ? null : Number(a.submission_id);
  if (submissionId === null && complete) {
    const late = a.due_at !== null && Date.now() > new Date(a.due_at).getTime();
    const [made] = await rows<{ id: string | number }>(
      tx,
      sql`with old as (
            update submissions set is_latest = false, updated_at = now()
            where item_id = ${a.item_id} and student_id = ${a.student_id} and is_latest
            returning id
          )
          insert into submissions (item_id, student_id, course_id, attempt, status, is_latest,
            text, word_count, item_version, late, submitted_at)
          select ${a.item_id}, ${a.student_id}, ${a.course_id}, ${a.attempt}, 'submitted', true,
            null, 0, ${a.item_version}, ${late}, now()
          from (select count(*) from old) moved
          returning id`,
    );
    if (!made) throw new Error('The hand-in could not be recorded.');
    submissionId = Number(made.id);
    await recordCompletion(tx, {
      studentId: a.student_id,
      itemId: a.item_id,
      source: 'submitted',
    });
  }
  await tx.execute(
    sql`update wbt_attempts set
          completion = ${complete ? 'completed' : summary.completion},
          success = ${summary.success}, score_scaled = ${summary.scoreScaled},
          total_seconds = ${total}, submission_id = ${submissionId},
          completed_at = case when ${complete} then coalesce(completed_at, now()) else completed_at end,
          version = version + 1
        where id = ${attemptId}`,
  );
  if (submissionId !== null) await grade(tx, a, settings);
}

/** The machine grade: the best completed attempt's score, or full points for completion. */
async function grade(tx: Db, a: AttemptLock, settings: WbtSettings): Promise<void> {
  if (a.max_points === null) return;
  const maxPoints = Number(a.max_points);
  const done = await rows<{
    submission_id: string | number;
    score_scaled: string | number | null;
    marked_done_early: boolean;
  }>(
    tx,
    sql`select submission_id, score_scaled, marked_done_early from wbt_attempts
        where item_id = ${a.item_id} and student_id = ${a.student_id} and submission_id is not null
        order by attempt`,
  );
  let best: { submissionId: number; points: number } | null = null;
  if (settings.gradeFrom === 'completion') {
    // An attempt marked done too early (an HTML package) is the teacher's to grade.
    const first = done.find((d) => !d.marked_done_early);
    if (first) best = { submissionId: Number(first.submission_id), points: maxPoints };
  } else {
    for (const d of done) {
      if (d.score_scaled === null) continue;
      const points = Math.round(Number(d.score_scaled) * maxPoints * 100) / 100;
      if (!best || points > best.points) best = { submissionId: Number(d.submission_id), points };
    }
  }
  // No score yet: no grade, so a teacher may grade it from the queue.
  if (!best) return;
  await applyAutoGrade(tx, {
    itemId: a.item_id,
    studentId: a.student_id,
    courseId: a.course_id,
    submissionId: best.submissionId,
    points: best.points,
    maxPoints,
    weight: a.weight === null ? null : Number(a.weight),
    itemVersion: a.item_version,
    gradingSchemaId: a.grading_schema_id,
    gradingSchemaVersion: a.grading_schema_version,
  });
}

/**
 * `POST …/wbt-attempt/:attemptId/commits`: each commit of the batch in order, all in one
 * transaction; a duplicate answers `duplicate` and changes nothing.
 */
export async function commitBatch(
  deps: Deps,
  elements: ElementIds,
  auth: AuthContext,
  attemptId: number,
  commits: readonly WbtCommit[],
  /** Runs first in the batch's transaction ("Mark as done" records the time open there). */
  before?: (tx: Db) => Promise<void>,
): Promise<WbtCommitResult> {
  if (auth.impersonating)
    throw new AppError(
      403,
      'IMPERSONATING',
      'Work can only be handed in by the student themselves.',
    );
  // The names are resolved before the transaction (see ElementIds): a refused batch must not
  // leave ids of rolled-back rows behind.
  const ids = await elements.resolve(
    deps.db,
    commits.flatMap((c) => Object.keys(c.values)),
  );
  return deps.db.transaction(async (tx) => {
    if (before) await before(tx);
    const results: WbtCommitResult['results'] = [];
    const moved = new Set<number>();
    let attempt: WbtAttemptSummary | null = null;
    for (const commit of commits) {
      const r = await storeCommit(tx, elements, ids, auth.user.jwlId, attemptId, commit);
      results.push({
        launchNo: commit.launchNo,
        seq: commit.seq,
        outcome: r.applied ? 'applied' : 'duplicate',
      });
      attempt = r.attempt;
      if (r.stateMayMove) moved.add(commit.sco);
    }
    for (const sco of moved) await recompute(tx, attemptId, sco);
    // Read again only when the summary may have moved; else the statement's copy holds.
    if (moved.size > 0 || !attempt) attempt = await summaryById(tx, attemptId);
    return { results, attempt };
  });
}

/**
 * An HTML package's time open in one launch and part: the largest the page reported, never more
 * than the launch's age (a page cannot claim time that has not passed). Only a `normal` launch
 * that may still write (not expired, not issued after the attempt was finished) records it.
 */
async function recordOpenTime(
  tx: Db,
  studentId: number,
  attemptId: number,
  input: { launchNo: number; sco: number; openSeconds: number },
): Promise<void> {
  const [launch] = await rows<{
    standard: WbtStandard;
    sco_count: number;
    mode: 'normal' | 'browse';
    fresh: boolean;
    writes: boolean;
    age: number;
  }>(
    tx,
    sql`select p.standard, jsonb_array_length(p.scos)::int as sco_count, l.mode,
          l.issued_at > now() - ${WBT_LAUNCH_DAYS_SQL} as fresh, ${LAUNCH_WRITES_SQL} as writes,
          floor(extract(epoch from now() - l.issued_at))::int as age
        from wbt_attempts a
        join wbt_packages p on p.id = a.package_id
        join wbt_launches l on l.attempt_id = a.id and l.launch_no = ${input.launchNo}
        where a.id = ${attemptId} and a.student_id = ${studentId}
        for update of a`,
  );
  if (!launch) throw notFound('The attempt');
  if (launch.standard !== 'html')
    throw badRequest(WBT_SENTENCES.openTimeHtmlOnly, { launchNo: 'Not an HTML package.' });
  if (input.sco >= launch.sco_count)
    throw badRequest('This training has no such part.', { sco: 'Not in this training.' });
  if (launch.mode !== 'normal' || !launch.fresh) throw launchExpired();
  if (!launch.writes) throw attemptFinished();
  const seconds = Math.max(0, Math.min(input.openSeconds, launch.age));
  await tx.execute(
    sql`insert into wbt_part_times (attempt_id, launch_no, sco, open_seconds)
        values (${attemptId}, ${input.launchNo}, ${input.sco}, ${seconds})
        on conflict (attempt_id, launch_no, sco) do update
          set open_seconds = greatest(wbt_part_times.open_seconds, excluded.open_seconds)`,
  );
  const total = await attemptSeconds(tx, attemptId);
  await tx.execute(
    sql`update wbt_attempts set total_seconds = ${total}, last_commit_at = now(),
          version = version + case when total_seconds <> ${total} then 1 else 0 end
        where id = ${attemptId}`,
  );
}

/** `POST …/wbt-attempt/:attemptId/open-time`: an HTML package's time open, as its attempt's time. */
export async function openTime(
  deps: Deps,
  auth: AuthContext,
  attemptId: number,
  input: { launchNo: number; sco: number; openSeconds: number },
): Promise<WbtAttemptSummary> {
  if (auth.impersonating)
    throw new AppError(
      403,
      'IMPERSONATING',
      'Work can only be handed in by the student themselves.',
    );
  return deps.db.transaction(async (tx) => {
    await recordOpenTime(tx, auth.user.jwlId, attemptId, input);
    return summaryById(tx, attemptId);
  });
}

/**
 * "Mark as done" of an HTML package that calls no API: the time open is recorded, then the SCO's
 * status as a commit writes it. Marked done before the package was open
 * `WBT_HTML_MIN_OPEN_SECONDS` in the attempt (and without its own report of completion), the
 * attempt is handed in but earns no machine grade: a teacher grades it.
 */
export async function markDone(
  deps: Deps,
  elements: ElementIds,
  auth: AuthContext,
  attemptId: number,
  input: { launchNo: number; sco: number; openSeconds?: number },
): Promise<WbtCommitResult> {
  const [last] = await rows<{ last_seq: number }>(
    deps.db,
    sql`select l.last_seq from wbt_launches l join wbt_attempts a on a.id = l.attempt_id
        where l.attempt_id = ${attemptId} and l.launch_no = ${input.launchNo}
          and a.student_id = ${auth.user.jwlId}`,
  );
  if (!last) throw notFound('The attempt');
  const studentId = auth.user.jwlId;
  return commitBatch(
    deps,
    elements,
    auth,
    attemptId,
    [
      {
        launchNo: input.launchNo,
        seq: last.last_seq + 1,
        sco: input.sco,
        values: { 'cmi.core.lesson_status': 'completed' },
        terminate: false,
      },
    ],
    async (tx) => {
      await recordOpenTime(tx, studentId, attemptId, {
        launchNo: input.launchNo,
        sco: input.sco,
        openSeconds: input.openSeconds ?? 0,
      });
      // Early unless the package said it was complete itself or was open long enough.
      await tx.execute(
        sql`update wbt_attempts a set marked_done_early = true
            where a.id = ${attemptId} and a.submission_id is null
              and a.total_seconds < ${WBT_HTML_MIN_OPEN_SECONDS}
              and not exists (select 1 from wbt_sco_states s where s.attempt_id = a.id
                                and s.completion = 'completed')`,
      );
    },
  );
}

// ---- the grade page's view ----

export async function attemptDetail(
  deps: { db: Db },
  auth: AuthContext,
  attemptId: number,
): Promise<WbtAttemptDetail> {
  return detailWhere(deps.db, auth, sql`a.id = ${attemptId}`);
}

/**
 * The attempt a training's hand-in came from: the grade page knows the submission, not the
 * attempt. 404 when the submission is not a training's or its learner is out of reach.
 */
export async function attemptOfSubmission(
  deps: { db: Db },
  auth: AuthContext,
  submissionId: number,
): Promise<WbtAttemptDetail> {
  // Through the submission's learner and item, so the (student_id, item_id) index finds it.
  return detailWhere(
    deps.db,
    auth,
    sql`(a.student_id, a.item_id) = (select s.student_id, s.item_id from submissions s where s.id = ${submissionId})
        and a.submission_id = ${submissionId}`,
  );
}

/** The interaction elements the grade page shows (SCORM 1.2 and 2004 names). */
const INTERACTION_FIELDS_SQL =
  '^cmi\\.interactions\\.[0-9]+\\.(id|type|description|result|student_response|learner_response|correct_responses\\.0\\.pattern)$';

type InteractionField = 'id' | 'type' | 'description' | 'response' | 'correctPattern' | 'result';

/** An interaction element's index and the field of the grade page's row it fills. */
export function interactionField(name: string): { index: number; name: InteractionField } | null {
  const m =
    /^cmi\.interactions\.(\d+)\.(id|type|description|result|student_response|learner_response|correct_responses\.0\.pattern)$/.exec(
      name,
    );
  if (!m) return null;
  const field = m[2] ?? '';
  const mapped: InteractionField =
    field === 'student_response' || field === 'learner_response'
      ? 'response'
      : field === 'correct_responses.0.pattern'
        ? 'correctPattern'
        : (field as InteractionField);
  return { index: Number(m[1]), name: mapped };
}

async function detailWhere(db: Db, auth: AuthContext, which: SQL): Promise<WbtAttemptDetail> {
  const [a] = await rows<AttemptRaw & { item_id: number; student_id: number; scos: WbtSco[] }>(
    db,
    sql`select ${ATTEMPT_COLUMNS}, a.item_id, a.student_id, p.scos from wbt_attempts a
        join wbt_packages p on p.id = a.package_id
        join course_learners cl on cl.course_id = a.course_id and cl.student_id = a.student_id
        where ${which} and ${learnerReach('cl', auth)}
        limit 1`,
  );
  if (!a) throw notFound('The attempt');
  const attemptId = Number(a.id);
  const states = await rows<{
    sco: number;
    completion: WbtCompletion;
    success: WbtSuccess;
    score_scaled: string | number | null;
  }>(
    db,
    sql`select sco, completion, success, score_scaled from wbt_sco_states where attempt_id = ${attemptId}`,
  );
  const byIndex = new Map(states.map((s) => [s.sco, s]));
  const interactions = await rows<{ sco: number; name: string; value: string }>(
    db,
    sql`select v.sco, e.name, v.value from wbt_values v join wbt_elements e on e.id = v.element_id
        where v.attempt_id = ${attemptId} and e.name like 'cmi.interactions.%'
          and (e.name ~ ${INTERACTION_FIELDS_SQL})
        order by v.sco, e.name`,
  );
  const found = new Map<string, WbtAttemptDetail['interactions'][number]>();
  for (const r of interactions) {
    const field = interactionField(r.name);
    if (!field) continue;
    const key = `${r.sco}.${field.index}`;
    const row = found.get(key) ?? {
      sco: r.sco,
      index: field.index,
      id: '',
      type: null,
      description: null,
      response: null,
      correctPattern: null,
      result: null,
    };
    if (field.name === 'id') row.id = r.value;
    else row[field.name] = r.value;
    found.set(key, row);
  }
  return {
    attempt: toSummary(a),
    itemId: a.item_id,
    studentId: a.student_id,
    scos: a.scos.map((s) => {
      const st = byIndex.get(s.index);
      return {
        index: s.index,
        title: s.title,
        completion: st?.completion ?? 'unknown',
        success: st?.success ?? 'unknown',
        scoreScaled: st?.score_scaled == null ? null : Number(st.score_scaled),
      };
    }),
    interactions: [...found.values()].sort((x, y) => x.sco - y.sco || x.index - y.index),
  };
}

export { satisfies };

/** A public training's launch (§2.6): browse, no attempt, no person; the player drops commits. */
export async function publicLaunch(
  deps: Deps,
  training: { packageId: number; display: WbtSettings['display'] },
): Promise<WbtLaunch> {
  if (!deps.config.contentOrigin) throw contentOff();
  const pkg = await packageOf(deps.db, training.packageId);
  return launchBody(
    deps,
    null,
    pkg,
    {
      packageId: pkg.id,
      gradeFrom: 'completion',
      completeWhen: 'completed_or_passed',
      isPublic: true,
      display: training.display,
    },
    { mode: 'browse', reason: null, attempt: null, launchNo: 0, cmi: {}, credit: 'no-credit' },
  );
}
