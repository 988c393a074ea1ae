import type { SimilarityBadge } from '@lantern/contracts/similarity';
import type { AuthContext } from '../../plugins/auth';
import type { Deps } from '../../lib/deps';
import { badgeRows } from './similarity-checks.repository';

/**
 * The score badges of the grading queue and the grade page (0020 §5.5): only for holders of
 * the instructor right (null: the caller may not see them at all).
 */
export async function similarityBadges(
  deps: Deps,
  auth: AuthContext,
  submissionIds: number[],
): Promise<Map<number, SimilarityBadge> | null> {
  if (!auth.rights.has('SUBMISSION_TURNITIN_INSTRUCTOR__DISPLAY')) return null;
  if (submissionIds.length === 0) return new Map();
  const found = await badgeRows(deps.db, submissionIds, deps.config.similarity.provider);
  return new Map(
    found.map((r) => [
      r.submission_id,
      { status: r.status, score: r.score === null ? null : Number(r.score), flagged: r.flagged },
    ]),
  );
}
