import type { MarkDoneResult } from '@lantern/contracts/learning-work';
import type { AuthContext } from '../../../plugins/auth';
import type { Deps } from '../../../lib/deps';
import { notFound } from '../../../lib/errors';
import { recordCompletion, removeCompletion } from './progress.repository';
import * as repo from './work.repository';
import { IMPERSONATING } from './work.service';

// Marking a resource done (interface 1); the learner's work on a task is work.service.ts.

/**
 * Marks a resource done or takes the mark back. Only for an item the learner sees, of a kind
 * that completes by marking (a task completes by being handed in).
 */
export async function setDone(
  deps: Deps,
  auth: AuthContext,
  itemId: number,
  done: boolean,
  clientEventId: string | null,
): Promise<MarkDoneResult> {
  if (auth.impersonating) throw IMPERSONATING();
  const studentId = auth.user.jwlId;
  const now = new Date();
  const item = await repo.findMarkableResource(deps.db, itemId, studentId, now);
  if (!item) throw notFound('The item');
  return deps.db.transaction(async (tx) => {
    if (done) {
      const { completedAt } = await recordCompletion(tx, {
        studentId,
        itemId,
        source: 'done',
        at: now,
        clientEventId,
      });
      return { itemId, done: true, completedAt: completedAt.toISOString() };
    }
    await removeCompletion(tx, { studentId, itemId, at: now });
    return { itemId, done: false, completedAt: null };
  });
}
