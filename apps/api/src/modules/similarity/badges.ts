import { sql } from 'drizzle-orm';
import type { SimilarityBadge } from '@lantern/contracts/similarity';
import type { AuthContext } from '../../plugins/auth';
import type { Deps } from '../../lib/deps';
import { rows } from '../../lib/sql';

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
  const found = await rows<{
    submission_id: number;
    status: NonNullable<SimilarityBadge>['status'];
    score: string | number | null;
    flagged: boolean;
  }>(
    deps.db,
    sql`select distinct on (c.submission_id) c.submission_id::int as submission_id, c.status, c.score, c.flagged
        from similarity_checks c
        where c.submission_id = any(${`{${submissionIds.join(',')}}`}::bigint[])
        order by c.submission_id, (c.provider = ${deps.config.similarity.provider}) desc, c.id desc`,
  );
  return new Map(
    found.map((r) => [
      r.submission_id,
      { status: r.status, score: r.score === null ? null : Number(r.score), flagged: r.flagged },
    ]),
  );
}
