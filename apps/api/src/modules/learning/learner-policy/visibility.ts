import { sql, type SQL } from 'drizzle-orm';

/*
 * What a learner sees of a course (decision 0019): one rule, as SQL over the aliases `u` (the
 * learning unit), `i` (the item) and `d` (the learner's class dates of the item, left-joined).
 * The unit page, the course's item lists, a task's "my work" and a quiz's "my quiz" all call
 * it, so an item not released yet is not there for a learner, by any path: no title, no
 * instructions.
 */

/** The time the rule is read at: the database's now, or a given moment (an offline finish). */
const at = (now?: Date): SQL => (now ? sql`${now.toISOString()}::timestamptz` : sql`now()`);

/** A released unit: published or closed (not a draft), and opened. */
export const unitReleased = (now?: Date): SQL =>
  sql`(u.status <> 'draft' and (u.opens_at is null or u.opens_at <= ${at(now)}))`;

/** A visible item: published, and its visible-from (the class's, else the item's) has come. */
export const itemVisible = (now?: Date): SQL =>
  sql`(i.is_published and (coalesce(d.visible_from, i.visible_from) is null
    or coalesce(d.visible_from, i.visible_from) <= ${at(now)}))`;
