import '../../../components/form-styles';
import { Stack, Tabs, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import type { CurrentUser } from '@lantern/contracts/current-user';
import type { NotificationType } from '@lantern/contracts/enums';
import type { Right } from '@lantern/contracts/rights';
import type { UnreadCount } from '@lantern/contracts/unread-count';
import { ErrorAlert } from '../../../components/failure-alert';
import { useCurrentUser } from '../../../lib/base-data';
import { hasRight } from '../../../lib/rights';
import { useNotifications } from '../api/find-notifications';
import { useUnreadCount } from '../api/get-unread-count';
import { useMarkNotifications } from '../api/mark-notifications';
import { NotificationList } from '../components/notification-list';

type Tab = {
  type: NotificationType;
  label: string;
  countKey: Exclude<keyof UnreadCount, 'total'>;
  /** Shown only to holders of one of these rights (a tab that could never fill is left out). */
  rights?: Right[];
};

const TABS: Tab[] = [
  { type: 'announcement', label: 'Announcements', countKey: 'announcements' },
  { type: 'grade_comment', label: 'Grade comments', countKey: 'gradeComments' },
  {
    type: 'undo_publish_request',
    label: 'Undo-publish requests',
    countKey: 'undoPublishRequests',
    // Those who may ask for or decide a request (decision 0021 §2.5); the API answers others
    // an empty list.
    rights: ['GRADE_CHANGE_REQUEST__CREATE', 'GRADE_CHANGE_REQUEST__EDIT'],
  },
  { type: 'discussion_reply', label: 'Discussions', countKey: 'discussionReplies' },
  // Students newly flagged for dropout, to the assignees of their follow-ups (decision 0021).
  {
    type: 'dropout_flag',
    label: 'Dropout flags',
    countKey: 'dropoutFlags',
    rights: ['DROPOUT_FOLLOW_UP__DISPLAY'],
  },
];

/** The tabs this user sees. */
const tabsFor = (user: Pick<CurrentUser, 'applicationRights'> | null): Tab[] =>
  TABS.filter((tab) => !tab.rights || tab.rights.some((right) => hasRight(user, right)));

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
  const tabs = tabsFor(useCurrentUser());
  const isType = (value: string | null): value is NotificationType =>
    tabs.some((t) => t.type === value);
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
          {tabs.map((tab) => {
            const n = unread?.[tab.countKey] ?? 0;
            return (
              <Tabs.Tab key={tab.type} value={tab.type}>
                {tab.label}
                {n > 0 ? ` (${n > 99 ? '99+' : n})` : ''}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
        {tabs.map((tab) => (
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
