import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SimilarityBadge } from '@lantern/contracts/similarity';
import '../styles';

/**
 * A work's similarity score: the number always (never colour alone), amber when flagged
 * (≥ 20 %), and the state in words while there is no score. `short` drops the word where a
 * column heading already says "Score" (the badge's label is cut with an ellipsis otherwise).
 */
export function ScoreBadge({ badge, short = false }: { badge: SimilarityBadge; short?: boolean }) {
  const { t } = useTranslation();
  if (!badge) return null;
  if (badge.status === 'done' && badge.score !== null)
    return (
      <Badge
        size="sm"
        tt="none"
        variant={badge.flagged ? 'filled' : 'light'}
        color={badge.flagged ? 'yellow.4' : 'gray.7'}
        c={badge.flagged ? 'dark.9' : 'dark.8'}
        title={t('similarity.badgeTitle', 'Share of this work found in other work')}
      >
        {short
          ? t('similarity.badgeShort', '{{score}} %', { score: Math.round(badge.score) })
          : t('similarity.badge', 'Similarity {{score}} %', { score: Math.round(badge.score) })}
      </Badge>
    );
  const label: Record<string, string> = {
    queued: t('similarity.status.queued', 'Similarity: waiting'),
    running: t('similarity.status.running', 'Similarity: checking'),
    skipped: t('similarity.status.skipped', 'Similarity: not checked'),
    failed: t('similarity.status.failed', 'Similarity: check failed'),
    done: t('similarity.status.done', 'Similarity: done'),
  };
  return (
    <Badge size="sm" tt="none" variant="outline" color="gray.8">
      {label[badge.status]}
    </Badge>
  );
}
