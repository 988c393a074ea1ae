import { sql, type SQL } from 'drizzle-orm';
import type { ClassPhaseFilter } from '@lantern/contracts/teaching';

// Where a class stands today (decision 0019, "Class lists"): one rule for the Classes flyout,
// "Your classes" on the lms home and the list of all one's classes. Statements using it name
// the class `k` and its programme `p`, and add CLASS_PERIOD_JOIN after them.

const START = sql`coalesce(kt.start_date, p.start_date)`;
const END = sql`coalesce(kt.end_date, p.end_date)`;

/**
 * The dates and phase of class `k` (contracts CLASS_PHASES), as `kt.start_date`, `kt.end_date`
 * (see CLASS_START, CLASS_END) and `kp.phase` (CLASS_PHASE). A bachelor classroom's dates are
 * its term's (its start, and the last day of its weeks) and it may be closed; any other class
 * runs with its programme `p`. Empty without students; past once ended, closed, or its
 * programme finished or cancelled; upcoming before its start (or while its programme is still
 * being prepared); else running.
 */
export const CLASS_PERIOD_JOIN = sql`left join lateral (
    select t.start_date, t.start_date + t.weeks * 7 - 1 as end_date, r.closed_at
    from ba_classrooms r join ba_offerings o on o.id = r.offering_id
    join ba_terms t on t.id = o.term_id
    where r.class_id = k.id
  ) kt on true
  cross join lateral (select case
    when not exists (select 1 from course_learners kl where kl.class_id = k.id) then 'empty'
    when kt.closed_at is not null or p.status in ('finished', 'cancelled')
      or ${END} < current_date then 'past'
    when ${START} > current_date
      or (kt.start_date is null and p.status in ('new', 'applying', 'preparing', 'prep_done'))
      then 'upcoming'
    else 'running' end as phase) kp`;

export const CLASS_START = sql`${START}::text`;
export const CLASS_END = sql`${END}::text`;
export const CLASS_PHASE = sql`kp.phase`;

/** Whether the class's phase is one of the filter's. */
export function phaseIn(filter: ClassPhaseFilter): SQL {
  return filter === 'current'
    ? sql`kp.phase in ('running', 'upcoming')`
    : sql`kp.phase in ('past', 'empty')`;
}

/**
 * The order of every class list: running classes first (the latest start first), then upcoming
 * (the soonest first), then past (the latest ended first), then empty ones; by name within.
 */
export const BY_PERIOD = sql`case kp.phase when 'running' then 0 when 'upcoming' then 1
    when 'past' then 2 else 3 end,
  case when kp.phase = 'running' then ${START} end desc nulls last,
  case when kp.phase = 'upcoming' then ${START} end asc nulls last,
  ${END} desc, lower(k.name), k.id`;
