import { ActionIcon, Box } from '@mantine/core';
import { Link } from 'react-router';
import { useUnreadCount } from '../api/get-unread-count';
import { badgeLabel, bellLabel } from './badge-label';

function BellIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
      />
    </svg>
  );
}

/** The header bell (spec §2): the unread count, '99+' above 99, kept current by a light poll. */
export function NotificationBell() {
  const unread = useUnreadCount();
  const total = unread.data?.total ?? 0;
  const label = badgeLabel(total);
  return (
    <Box pos="relative">
      <ActionIcon
        component={Link}
        to="/en/notifications"
        variant="subtle"
        color="dark"
        size="lg"
        aria-label={bellLabel(total)}
        data-testid="notification-bell"
      >
        <BellIcon />
      </ActionIcon>
      {label ? (
        <Box component="span" className="bell-badge" aria-hidden="true" data-testid="bell-count">
          {label}
        </Box>
      ) : null}
    </Box>
  );
}
