import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import {
  WBT_HTML_MIN_OPEN_SECONDS,
  type WbtCommit,
  type WbtStandard,
} from '@lantern/contracts/wbt';
import { rows } from '../../../lib/sql';
import type { AttemptRaw } from './tracking-attempts.repository';

/** The statements of a training's commits and of its time spent. */

const WBT_LAUNCH_DAYS_SQL = sql`interval '7 days'`;

/**
 * Whether a launch may write: a launch issued after its attempt was finished is a review (as
 * Moodle's), and writes nothing. A launch that was playing when the attempt finished goes on
 * (its last values and time arrive after the completing commit).
 */
const LAUNCH_WRITES_SQL = sql`(l.issued_at <= coalesce(a.completed_at, 'infinity'::timestamptz))`;

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
export async function attemptSeconds(db: Db, attemptId: number): Promise<number> {
  const [time] = await rows<{ total: number }>(
    db,
    sql`select coalesce(sum(${PART_SECONDS}), 0)::int as total from wbt_part_times
        where attempt_id = ${attemptId}`,
  );
  return time?.total ?? 0;
}

export type CommitRow = {
  found: number;
  writes: boolean | null;
  sco_count: number | null;
  attempt: AttemptRaw | null;
  mode: 'normal' | 'browse' | null;
  fresh: boolean | null;
  applied: number;
  changed: number[];
};

/**
 * Stores one commit in one statement: the launch must be this learner's, `normal` and at most
 * 7 days old; a commit seen before changes nothing; each value and the launch's session time
 * move only for a higher (launch, seq) than the one that wrote them. `values` by element id.
 */
export async function insertCommit(
  tx: Db,
  studentId: number,
  attemptId: number,
  commit: WbtCommit,
  values: readonly { id: number; value: string }[],
  session: number | null,
): Promise<CommitRow | undefined> {
  const names = Object.keys(commit.values);
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
  return row;
}

/** The launch an HTML package reports its time open in, with whether it may still write. */
export async function lockOpenTimeLaunch(
  tx: Db,
  studentId: number,
  attemptId: number,
  launchNo: number,
): Promise<
  | {
      standard: WbtStandard;
      sco_count: number;
      mode: 'normal' | 'browse';
      fresh: boolean;
      writes: boolean;
      age: number;
    }
  | undefined
> {
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
        join wbt_launches l on l.attempt_id = a.id and l.launch_no = ${launchNo}
        where a.id = ${attemptId} and a.student_id = ${studentId}
        for update of a`,
  );
  return launch;
}

export async function upsertOpenSeconds(
  tx: Db,
  attemptId: number,
  input: { launchNo: number; sco: number },
  seconds: number,
): Promise<void> {
  await tx.execute(
    sql`insert into wbt_part_times (attempt_id, launch_no, sco, open_seconds)
        values (${attemptId}, ${input.launchNo}, ${input.sco}, ${seconds})
        on conflict (attempt_id, launch_no, sco) do update
          set open_seconds = greatest(wbt_part_times.open_seconds, excluded.open_seconds)`,
  );
}

export async function setAttemptSeconds(tx: Db, attemptId: number, total: number): Promise<void> {
  await tx.execute(
    sql`update wbt_attempts set total_seconds = ${total}, last_commit_at = now(),
          version = version + case when total_seconds <> ${total} then 1 else 0 end
        where id = ${attemptId}`,
  );
}

/** The last sequence number of the learner's own launch. */
export async function findLaunchLastSeq(
  db: Db,
  studentId: number,
  attemptId: number,
  launchNo: number,
): Promise<{ last_seq: number } | undefined> {
  const [last] = await rows<{ last_seq: number }>(
    db,
    sql`select l.last_seq from wbt_launches l join wbt_attempts a on a.id = l.attempt_id
        where l.attempt_id = ${attemptId} and l.launch_no = ${launchNo}
          and a.student_id = ${studentId}`,
  );
  return last;
}

/** Marks a not yet handed-in attempt done early: too short open and never complete by itself. */
export async function markDoneEarly(tx: Db, attemptId: number): Promise<void> {
  await tx.execute(
    sql`update wbt_attempts a set marked_done_early = true
            where a.id = ${attemptId} and a.submission_id is null
              and a.total_seconds < ${WBT_HTML_MIN_OPEN_SECONDS}
              and not exists (select 1 from wbt_sco_states s where s.attempt_id = a.id
                                and s.completion = 'completed')`,
  );
}
