import '../../../components/form-styles';
import { Stack, Tabs, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import type { NotificationType } from '@lantern/contracts/enums';
import { ErrorAlert } from '../../../components/failure-alert';
import { useNotifications } from '../api/find-notifications';
import { useUnreadCount } from '../api/get-unread-count';
import { useMarkNotifications } from '../api/mark-notifications';
import { NotificationList } from '../components/notification-list';

const TABS: {
  type: NotificationType;
  label: string;
  countKey: 'announcements' | 'gradeComments' | 'undoPublishRequests' | 'discussionReplies';
}[] = [
  { type: 'announcement', label: 'Announcements', countKey: 'announcements' },
  { type: 'grade_comment', label: 'Grade comments', countKey: 'gradeComments' },
  { type: 'undo_publish_request', label: 'Undo-publish requests', countKey: 'undoPublishRequests' },
  { type: 'discussion_reply', label: 'Discussions', countKey: 'discussionReplies' },
];

const isType = (value: string | null): value is NotificationType =>
  TABS.some((t) => t.type === value);

function TypePanel({ type, focusId }: { type: NotificationType; focusId: number | null }) {
  const list = useNotifications(type);
  const mark = useMarkNotifications();
  return (
    <Stack gap="sm" pt="md">
      <ErrorAlert error={list.error ?? mark.error} />
      {list.data ? (
        <NotificationList
          key={focusId ?? 'none'}
          type={type}
          items={list.data.notifications}
          focusId={focusId}
          isBusy={mark.isPending}
          onToggle={(id, isRead) => {
            mark.mutate({ kind: 'toggle', type, id, isRead });
          }}
          onMarkSeveral={(ids) => {
            mark.mutate({ kind: 'several', type, ids });
          }}
          onMarkAll={() => {
            mark.mutate({ kind: 'all', type });
          }}
        />
      ) : (
        <Text c="gray.7">Loading…</Text>
      )}
    </Stack>
  );
}

/** /:lang/notifications (spec §2): a tab per type, newest first. */
export default function NotificationsRoute() {
  const [params, setParams] = useSearchParams();
  const typeParam = params.get('type');
  const type: NotificationType = isType(typeParam) ? typeParam : 'announcement';
  const focus = Number(params.get('id'));
  const focusId = Number.isInteger(focus) && focus > 0 ? focus : null;
  const unread = useUnreadCount().data;

  return (
    <Stack gap="sm" maw={900}>
      <Title order={1} fz="h2">
        Notifications
      </Title>
      <Tabs
        value={type}
        onChange={(value) => {
          if (isType(value)) setParams({ type: value }, { replace: true });
        }}
      >
        <Tabs.List>
          {TABS.map((tab) => {
            const n = unread?.[tab.countKey] ?? 0;
            return (
              <Tabs.Tab key={tab.type} value={tab.type}>
                {tab.label}
                {n > 0 ? ` (${n > 99 ? '99+' : n})` : ''}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
        {TABS.map((tab) => (
          <Tabs.Panel key={tab.type} value={tab.type}>
            {tab.type === type ? (
              <TypePanel type={tab.type} focusId={type === 'announcement' ? focusId : null} />
            ) : null}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
