import { useEffect, useRef, useState } from 'react';
import { Anchor, Badge, Button, Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Notification } from '@lantern/contracts/communication';
import type { NotificationType } from '@lantern/contracts/enums';
import { formatDateTime } from '../../../lib/format';

/** The id §7 marks a notification by: its submission, announcement or undo-publish request. */
export function keyOf(n: Notification, type: NotificationType): number | null {
  if (type === 'grade_comment') return n.submissionId;
  if (type === 'announcement') return n.announcementId;
  if (type === 'discussion_reply') return n.topicId;
  if (type === 'dropout_flag') return n.dropoutFlagId;
  return n.undoPublishRequestId;
}

/** Where an entry leads: a request's own page for the requests tab (whatever link the row was
 * written with), else the row's link. */
export function linkOf(n: Notification, type: NotificationType): string | null {
  if (type === 'undo_publish_request' && n.undoPublishRequestId !== null)
    // The request page (grade-requests/paths.ts; not imported, which would bring that area's
    // styles into this chunk).
    return `/en/learning/grade-request/${n.undoPublishRequestId}`;
  return n.link;
}

type Props = {
  type: NotificationType;
  items: Notification[];
  /** The announcement the address points to: opened, scrolled to and marked read. */
  focusId: number | null;
  isBusy: boolean;
  onToggle: (id: number, isRead: boolean) => void;
  onMarkSeveral: (ids: number[]) => void;
  onMarkAll: () => void;
};

/** One type's notifications, newest first: unread marked, each toggled, several or all marked. */
export function NotificationList({
  type,
  items,
  focusId,
  isBusy,
  onToggle,
  onMarkSeveral,
  onMarkAll,
}: Props) {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [opened, setOpened] = useState<number | null>(focusId);
  const focusRef = useRef<HTMLLIElement | null>(null);
  const hasUnread = items.some((n) => !n.isRead);

  // The announcement a link points to is opened (the list is keyed by it), shown and, being
  // read now, marked read.
  const focused = items.find((n) => focusId !== null && keyOf(n, type) === focusId);
  const isFocusedUnread = focused !== undefined && !focused.isRead;
  useEffect(() => {
    focusRef.current?.scrollIntoView({ block: 'center' });
    if (focusId !== null && isFocusedUnread) onToggle(focusId, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per address, not on every change of the list
  }, [focusId]);

  const select = (id: number, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    setSelected(next);
  };

  const open = (n: Notification, key: number) => {
    setOpened(opened === key ? null : key);
    if (!n.isRead) onToggle(key, true);
  };

  if (items.length === 0) return <Text c="gray.7">No notifications.</Text>;

  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Button
          size="xs"
          variant="light"
          disabled={selected.size === 0 || isBusy}
          onClick={() => {
            onMarkSeveral([...selected]);
            setSelected(new Set());
          }}
        >
          Mark selected read ({selected.size})
        </Button>
        <Button size="xs" variant="light" disabled={!hasUnread || isBusy} onClick={onMarkAll}>
          Mark all read
        </Button>
      </Group>
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
        {items.map((n) => {
          const key = keyOf(n, type);
          if (key === null) return null;
          const isOpen = opened === key;
          return (
            <Paper
              component="li"
              key={n.id}
              withBorder
              p="sm"
              ref={key === focusId ? focusRef : undefined}
              data-unread={!n.isRead || undefined}
              style={{
                borderLeft: n.isRead ? undefined : '4px solid var(--mantine-color-blue-8)',
                background: n.isRead ? undefined : 'var(--mantine-color-blue-0)',
              }}
            >
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <Checkbox
                  mt={4}
                  aria-label={`Select: ${n.title}`}
                  checked={selected.has(key)}
                  onChange={(event) => {
                    select(key, event.currentTarget.checked);
                  }}
                />
                <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                  <Group gap="xs" wrap="wrap">
                    {!n.isRead ? (
                      <Badge size="sm" color="blue.8">
                        Unread
                      </Badge>
                    ) : null}
                    {n.priority === 'high' ? (
                      <Badge size="sm" color="red.9">
                        Important
                      </Badge>
                    ) : null}
                    <Text size="sm" c="gray.7">
                      <time dateTime={n.createdAt}>{formatDateTime(n.createdAt)}</time>
                    </Text>
                  </Group>
                  {type === 'announcement' ? (
                    <Anchor
                      component="button"
                      type="button"
                      fw={n.isRead ? 500 : 700}
                      ta="start"
                      aria-expanded={isOpen}
                      onClick={() => {
                        open(n, key);
                      }}
                      style={{ overflowWrap: 'anywhere' }}
                    >
                      {n.title}
                    </Anchor>
                  ) : linkOf(n, type) ? (
                    <Anchor
                      component={Link}
                      to={linkOf(n, type) ?? ''}
                      fw={n.isRead ? 500 : 700}
                      onClick={() => {
                        if (!n.isRead) onToggle(key, true);
                      }}
                      style={{ overflowWrap: 'anywhere' }}
                    >
                      {n.title}
                    </Anchor>
                  ) : (
                    <Text fw={n.isRead ? 500 : 700} style={{ overflowWrap: 'anywhere' }}>
                      {n.title}
                    </Text>
                  )}
                  {n.body && (type !== 'announcement' || isOpen) ? (
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      {n.body}
                    </Text>
                  ) : null}
                </Stack>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  disabled={isBusy}
                  onClick={() => {
                    onToggle(key, !n.isRead);
                  }}
                >
                  {n.isRead ? 'Mark unread' : 'Mark read'}
                </Button>
              </Group>
            </Paper>
          );
        })}
      </Stack>
    </Stack>
  );
}
