import { queryOptions, useQuery } from '@tanstack/react-query';
import { UNREAD_POLL_MS, unreadCountSchema } from '@lantern/contracts/unread-count';
import { apiFetch } from '../../../lib/api-client';

/** A shorter poll can be set in local storage (`notificationPollMs`, at least 1 s): the browser
 * journeys use it so as not to wait a minute. */
export function pollInterval(stored: string | null = readStored()): number {
  const value = Number(stored);
  return Number.isFinite(value) && value >= 1000 ? value : UNREAD_POLL_MS;
}

function readStored(): string | null {
  try {
    return window.localStorage.getItem('notificationPollMs');
  } catch {
    return null;
  }
}

export const getUnreadCount = () =>
  apiFetch('/api/en/notifications/unread-count', { schema: unreadCountSchema });

export const unreadCountQueryOptions = () =>
  queryOptions({ queryKey: ['notifications', 'unread-count'], queryFn: getUnreadCount });

/** The bell's count: asked again every minute while the tab is visible (TanStack Query pauses
 * the interval in a hidden tab), and when the tab comes back into view. */
export const useUnreadCount = () =>
  useQuery({
    ...unreadCountQueryOptions(),
    refetchInterval: pollInterval(),
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  });
