import { BADGE_CAP } from '@lantern/contracts/constants';

/** The bell's badge (spec §2, §9): nothing at 0, the number up to 99, then '99+'. */
export function badgeLabel(count: number): string {
  if (count <= 0) return '';
  return count > BADGE_CAP ? `${BADGE_CAP}+` : String(count);
}

/** What a screen reader hears for the bell. */
export function bellLabel(count: number): string {
  if (count <= 0) return 'Notifications, none unread';
  return `Notifications, ${badgeLabel(count)} unread`;
}
