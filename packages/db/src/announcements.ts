import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client';

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/**
 * The users an announcement reaches, as SQL over `users u`: active accounts, narrowed by each
 * part of the audience that is set (roles and CLCs and programmes). Programme members are the
 * people enrolled in it who have not declined or withdrawn.
 */
export const audienceCondition = sql`u.status = 'active' and (a.audience_everyone or (
    (cardinality(a.audience_roles) = 0 or exists (select 1 from user_roles r
       where r.user_id = u.jwl_id and r.role_key = any(a.audience_roles)))
    and (cardinality(a.audience_clc_ids) = 0 or exists (select 1 from user_clcs c
       where c.user_id = u.jwl_id and c.clc_id = any(a.audience_clc_ids)))
    and (cardinality(a.audience_programme_ids) = 0 or exists (select 1 from enrolments e
       where e.user_id = u.jwl_id and e.programme_id = any(a.audience_programme_ids)
         and e.state not in ('declined', 'withdrawn')))
    and cardinality(a.audience_roles) + cardinality(a.audience_clc_ids)
        + cardinality(a.audience_programme_ids) > 0))`;

/**
 * Brings an announcement's notifications in line with it, set-based: a published one that is
 * due gets one notification per recipient (INSERT … SELECT; those already there stay), unread
 * ones of people no longer in the audience go, and unread ones take its priority and end. A
 * draft or withdrawn one keeps only what was already read. Safe to run twice.
 */
export async function deliverAnnouncement(db: Db, id: number): Promise<{ created: number }> {
  const delivered = await db.transaction(async (tx) => {
    const [a] = await rows<{ live: boolean; due: boolean }>(
      tx,
      sql`select status = 'published' and (publish_until is null or publish_until > now()) as live,
                 coalesce(publish_from, now()) <= now() as due
            from announcements where id = ${id} for update`,
    );
    if (!a) return { created: 0 };
    if (!a.live) {
      await tx.execute(
        sql`delete from notifications where announcement_id = ${id} and is_read = false`,
      );
      await tx.execute(sql`update announcements set delivered_at = now() where id = ${id}`);
      return { created: 0 };
    }
    // Not yet due: the sweep comes back for it once its start has come.
    if (!a.due) return { created: 0 };
    await tx.execute(
      sql`delete from notifications n where n.announcement_id = ${id} and n.is_read = false
            and not exists (select 1 from users u, announcements a
                             where a.id = ${id} and u.jwl_id = n.user_id and ${audienceCondition})`,
    );
    await tx.execute(
      sql`update notifications n set priority = a.priority, expires_at = a.publish_until
            from announcements a
           where a.id = ${id} and n.announcement_id = a.id and n.is_read = false
             and (n.priority <> a.priority or n.expires_at is distinct from a.publish_until)`,
    );
    const made = await rows<{ n: number }>(
      tx,
      sql`with made as (
            insert into notifications (user_id, type, announcement_id, priority, expires_at, created_at)
            select u.jwl_id, 'announcement', a.id, a.priority, a.publish_until,
                   least(coalesce(a.publish_from, now()), now())
              from announcements a, users u
             where a.id = ${id} and ${audienceCondition}
            on conflict (announcement_id, user_id) where announcement_id is not null do nothing
            returning 1)
          select count(*)::int as n from made`,
    );
    await tx.execute(sql`update announcements set delivered_at = now() where id = ${id}`);
    return { created: made[0]?.n ?? 0 };
  });
  // PGlite runs no autovacuum: after a large delivery the planner learns the table's new size
  // here, so the bell's count keeps to its index.
  if (delivered.created >= ANALYZE_AFTER_ROWS) await db.execute(sql`analyze notifications`);
  return delivered;
}

const ANALYZE_AFTER_ROWS = 10_000;

/** Announcements published and due whose notifications are not yet made (for the sweep job). */
export async function dueAnnouncements(db: Db): Promise<number[]> {
  const due = await rows<{ id: number }>(
    db,
    sql`select id from announcements
         where status = 'published' and delivered_at is null
           and coalesce(publish_from, now()) <= now()
         order by id limit 100`,
  );
  return due.map((d) => d.id);
}
