import { sql } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import { intArray } from '../../../lib/sql';
import { discussionSettingsSchema } from '@lantern/contracts/discussions';

/**
 * A `discussion` item's own forum, made with the item and kept in line with its title and
 * settings on every save (decision 0020 §4.2), in the authoring transaction.
 */
export async function saveItemForum(
  tx: Db,
  item: { id: number; courseId: number; title: string; settings: unknown },
): Promise<void> {
  const s = discussionSettingsSchema.parse(item.settings ?? {});
  await tx.execute(
    sql`insert into discussion_forums (course_id, item_id, title, topics_by, separate_classes)
        values (${item.courseId}, ${item.id}, ${item.title}, ${s.topicsBy}, ${s.separateClasses})
        on conflict (item_id) do update set title = excluded.title, topics_by = excluded.topics_by,
          separate_classes = excluded.separate_classes, version = discussion_forums.version + 1,
          updated_at = now()`,
  );
}

/** The forums of graded discussion items just copied into another course (no topics come along). */
export async function copyItemForums(tx: Db, itemIds: number[]): Promise<void> {
  if (itemIds.length === 0) return;
  await tx.execute(
    sql`insert into discussion_forums (course_id, item_id, title, topics_by, separate_classes)
        select i.course_id, i.id, i.title,
          coalesce(i.settings->>'topicsBy', 'staff')::discussion_topics_by,
          coalesce((i.settings->>'separateClasses')::boolean, true)
        from learning_items i
        where i.id = any(${intArray(itemIds)}) and i.kind = 'discussion'
        on conflict (item_id) do nothing`,
  );
}
