import { sql } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import { rows } from '../../lib/sql';

/**
 * The latest handed-in attempt of every other learner on the item, a row per part's text (the
 * typed answer alongside).
 */
export async function corpusRows(db: Db, itemId: number, studentId: number | null) {
  return rows<{
    submission_id: number;
    part: number | null;
    text: string | null;
    sha256: string | null;
    typed: string | null;
  }>(
    db,
    sql`with latest as (
          select distinct on (s.student_id) s.id, s.text
          from submissions s
          where s.item_id = ${itemId} and s.status = 'submitted'
            and (${studentId}::int is null or s.student_id <> ${studentId}::int)
          order by s.student_id, s.attempt desc
        )
        select l.id::int as submission_id, t.part, t.text, t.sha256, l.text as typed
        from latest l left join submission_texts t on t.submission_id = l.id
        order by l.id, t.part`,
  );
}

export async function itemBody(db: Db, itemId: number): Promise<string | undefined> {
  const [item] = await rows<{ body: string }>(
    db,
    sql`select body from learning_items where id = ${itemId}`,
  );
  return item?.body;
}
