import { sql } from 'drizzle-orm';
import type { Db } from '@lantern/db/client';
import type { AnalysisQuery } from '@lantern/contracts/quiz';
import { rows } from '../../../lib/sql';
import type { AttemptRow } from './quiz-attempts.repository';

/** The reads of a quiz's item analysis. */

export async function findQuizItem(
  db: Db,
  itemId: number,
): Promise<{ id: number; title: string; course_id: number; unit_id: number } | undefined> {
  const [item] = await rows<{ id: number; title: string; course_id: number; unit_id: number }>(
    db,
    sql`select id, title, course_id, unit_id from learning_items where id = ${itemId} and kind = 'quiz' and deleted_at is null`,
  );
  return item;
}

export async function findSessionNames(
  db: Db,
  itemId: number,
): Promise<{ id: number; class_name: string | null }[]> {
  return rows<{ id: number; class_name: string | null }>(
    db,
    sql`select s.id, k.name as class_name from quiz_sessions s left join classes k on k.id = s.class_id
        where s.item_id = ${itemId} order by s.class_id nulls first, k.name`,
  );
}

/** The finished attempts with their marks, of one session or all, every one or each first. */
export async function findMarkedAttempts(
  db: Db,
  itemId: number,
  query: AnalysisQuery,
): Promise<AttemptRow[]> {
  return rows<AttemptRow>(
    db,
    sql`select a.* from quiz_attempts a
        where a.item_id = ${itemId} and a.status = 'finished' and a.total_points is not null
          ${query.sessionId === undefined ? sql`` : sql`and a.session_id = ${query.sessionId}`}
          ${
            query.attempts === 'first'
              ? sql`and a.attempt = (select min(b.attempt) from quiz_attempts b where b.item_id = a.item_id
                      and b.student_id = a.student_id and b.status = 'finished')`
              : sql``
          }`,
  );
}

export type AnalysisResponseRow = {
  attempt_id: string | number;
  slot: number;
  response: { choiceId?: string | null; choiceIds?: string[] } | null;
  auto_fraction: string | null;
  manual_points: string | null;
};

/** The responses of every finished attempt with its marks. */
export async function findMarkedResponses(db: Db, itemId: number): Promise<AnalysisResponseRow[]> {
  return rows<AnalysisResponseRow>(
    db,
    sql`select r.attempt_id, r.slot, r.response, r.auto_fraction, r.manual_points
        from quiz_responses r join quiz_attempts a on a.id = r.attempt_id
        where a.item_id = ${itemId} and a.status = 'finished' and a.total_points is not null`,
  );
}
