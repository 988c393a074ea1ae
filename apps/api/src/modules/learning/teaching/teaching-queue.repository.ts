import { sql, type SQL } from 'drizzle-orm';
import type { QueueQuery } from '@lantern/contracts/teaching';
import type { ItemKind } from '@lantern/contracts/learning-enums';
import type { Db } from '@lantern/db/client';
import type { AuthContext } from '../../../plugins/auth';
import { rows } from '../../../lib/sql';
import { TO_GRADE_FROM, toGradeWhere } from './responsibility.repository';

// The reads of the grading queue (reads-grading.service.ts): what waits for the caller's grade.

const queueCondition = (query: {
  itemId?: number | undefined;
  classId?: number | undefined;
  state?: QueueQuery['state'];
}): SQL[] => {
  const f: SQL[] = [];
  if (query.itemId) f.push(sql`s.item_id = ${query.itemId}`);
  if (query.classId) f.push(sql`cl.class_id = ${query.classId}`);
  if (query.state === 'late') f.push(sql`s.late`);
  if (query.state === 'resubmitted') f.push(sql`s.attempt > 1`);
  if (query.state === 'submitted') f.push(sql`not s.late and s.attempt = 1`);
  return f;
};

/**
 * A page of a course's queue, oldest first, after the keyset `after` (the last row's time at
 * full precision and id); one more than the limit.
 */
export async function findQueueRows(
  db: Db,
  auth: AuthContext,
  courseId: number,
  query: QueueQuery,
  after: { value: string | null; id: number } | null,
) {
  const filters = [sql`s.course_id = ${courseId}`, toGradeWhere(auth), ...queueCondition(query)];
  if (after) filters.push(sql`(s.submitted_at, s.id) > (${after.value}::timestamptz, ${after.id})`);
  return rows<{
    id: string | number;
    item_id: number;
    item_title: string;
    item_kind: ItemKind;
    student_id: number;
    first_name: string;
    last_name: string;
    class_name: string | null;
    attempt: number;
    late: boolean;
    submitted_at: Date | string;
    /** The time at full (microsecond) precision, for the cursor. */
    submitted_key: string;
    has_draft: boolean;
  }>(
    db,
    sql`select s.id, s.item_id, i.title as item_title, i.kind as item_kind, s.student_id,
          u.first_name, u.last_name, k.name as class_name, s.attempt, s.late, s.submitted_at, s.submitted_at::text as submitted_key,
          (g.item_id is not null and not g.is_published) as has_draft
        from ${TO_GRADE_FROM}
        join users u on u.jwl_id = s.student_id
        left join classes k on k.id = cl.class_id
        where ${sql.join(filters, sql` and `)}
        order by s.submitted_at, s.id
        limit ${query.limit + 1}`,
  );
}

/** The submission and what waits in its class's queue, oldest first (500 at most). */
export async function findQueueAround(
  db: Db,
  auth: AuthContext,
  s: { id: string | number; course_id: number; class_id: number | null },
): Promise<number[]> {
  const found = await rows<{ id: string | number }>(
    db,
    sql`select s.id from ${TO_GRADE_FROM}
        where s.course_id = ${s.course_id}
          and ${s.class_id === null ? sql`cl.class_id is null` : sql`cl.class_id = ${s.class_id}`}
          and (s.id = ${s.id} or ${toGradeWhere(auth)})
        order by s.submitted_at, s.id limit 500`,
  );
  return found.map((r) => Number(r.id));
}
