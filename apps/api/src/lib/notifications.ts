import { sql } from 'drizzle-orm';
import type { Priority } from '@lantern/contracts/communication';
import type { Db } from '@lantern/db/client';
import { deliverAnnouncement } from '@lantern/db/announcements';
import { intArray, rows } from './sql';

/** What a grade comment or an undo-publish request tells its recipients. */
export type NotificationInput = {
  type: 'grade_comment' | 'undo_publish_request';
  userIds: readonly number[];
  title: string;
  body?: string | null;
  /** A path inside the app, e.g. `/en/grade/…`. */
  link?: string | null;
  priority?: Priority;
  submissionId?: number | null;
  taskId?: number | null;
  undoPublishRequestId?: number | null;
};

/**
 * Notifies users of a grade comment or an undo-publish request, inside the caller's
 * transaction: one statement whatever the number of recipients. The learning side calls this
 * when it produces them; the notification calls of spec §7 then serve them as they are.
 */
export async function createNotifications(db: Db, input: NotificationInput): Promise<number> {
  if (input.userIds.length === 0) return 0;
  const made = await rows<{ id: number }>(
    db,
    sql`insert into notifications (user_id, type, priority, submission_id, task_id,
          undo_publish_request_id, title, body, link)
        select u, ${input.type}::notification_type, ${input.priority ?? 'normal'}::priority,
               ${input.submissionId ?? null}::int, ${input.taskId ?? null}::int,
               ${input.undoPublishRequestId ?? null}::int, ${input.title}, ${input.body ?? null}::text,
               ${input.link ?? null}::text
          from unnest(${intArray([...new Set(input.userIds)])}) as u
        returning id`,
  );
  return made.length;
}

/** Hands announcement deliveries to the job workers, or runs them in this process. */
export type AnnouncementDelivery = {
  dispatch: (id: number) => void;
  setDispatch: (fn: (id: number) => Promise<void>) => void;
  /** Resolves once every delivery started in this process has ended (tests, shutdown). */
  idle: () => Promise<void>;
};

export function createAnnouncementDelivery(options: {
  db: Db;
  onError: (error: unknown) => void;
}): AnnouncementDelivery {
  const running = new Set<Promise<void>>();
  let dispatchFn = async (id: number) => {
    await deliverAnnouncement(options.db, id);
  };
  return {
    dispatch: (id) => {
      const run = dispatchFn(id).catch(options.onError);
      running.add(run);
      void run.finally(() => running.delete(run));
    },
    setDispatch: (fn) => {
      dispatchFn = fn;
    },
    idle: async () => {
      await Promise.all([...running]);
    },
  };
}
