import '../styles';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LightBadge } from './light-badge';
import { Link } from 'react-router';
import type { AuthoringItem, AuthoringUnit } from '@lantern/contracts/learning-content';
import { useCurrentUser } from '../../../lib/base-data';
import { formatDateTime } from '../../../lib/format';
import { hasRight } from '../../../lib/rights';
import { formatLabel, kindLabel } from '../labels';
import { moved } from '../order';
import { contentPaths } from '../paths';
import type { Actions } from './use-authoring-actions';

/** One item of a unit on the authoring page: its title and kind, moves, publishing, deleting. */
export function ItemRow({
  item,
  unit,
  courseId,
  ids,
  version,
  actions,
}: {
  item: AuthoringItem;
  unit: AuthoringUnit;
  courseId: number;
  ids: number[];
  version: number;
  actions: Actions;
}) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const family = item.kind === 'resource' ? 'resource' : 'task';
  const index = ids.indexOf(item.id);
  return (
    <Group justify="space-between" wrap="wrap" gap="xs" py={4}>
      <Stack gap={0}>
        <Anchor component={Link} to={contentPaths.itemAuthoring(courseId, item.id)} fw={500}>
          {item.title}
        </Anchor>
        <Text size="xs" c="dimmed">
          {kindLabel(t, item.kind)}
          {item.kind === 'resource' ? ` · ${formatLabel(t, item.format)}` : ''}
          {item.maxPoints !== null
            ? ` · ${t('content.pointsCount', '{{count}} points', { count: item.maxPoints })}`
            : ''}
          {item.dueAt
            ? ` · ${t('content.dueOn', 'due {{date}}', { date: formatDateTime(item.dueAt) })}`
            : ''}
        </Text>
      </Stack>
      <Group gap={4}>
        {item.isPublished ? null : (
          <LightBadge color="yellow">{t('content.unitStatus.draft', 'Draft')}</LightBadge>
        )}
        <Button
          size="compact-xs"
          variant="default"
          disabled={index === 0}
          aria-label={t('content.moveItemUp', 'Move {{title}} up', { title: item.title })}
          onClick={() => {
            actions.order.mutate({
              target: 'items',
              id: unit.id,
              ids: moved(ids, item.id, -1),
              version,
            });
          }}
        >
          ↑
        </Button>
        <Button
          size="compact-xs"
          variant="default"
          disabled={index === ids.length - 1}
          aria-label={t('content.moveItemDown', 'Move {{title}} down', { title: item.title })}
          onClick={() => {
            actions.order.mutate({
              target: 'items',
              id: unit.id,
              ids: moved(ids, item.id, 1),
              version,
            });
          }}
        >
          ↓
        </Button>
        {hasRight(user, 'UNIT__PUBLISH') ? (
          <Button
            size="compact-xs"
            variant="light"
            onClick={() => {
              actions.publishItem.mutate({
                itemId: item.id,
                publish: !item.isPublished,
                version: item.version,
              });
            }}
          >
            {item.isPublished
              ? t('content.unpublish', 'Unpublish')
              : t('content.publish', 'Publish')}
          </Button>
        ) : null}
        {!item.hasSubmissions ? (
          <Button
            size="compact-xs"
            variant="subtle"
            color="red"
            aria-label={t('content.deleteNamed', 'Delete {{title}}', { title: item.title })}
            onClick={() => {
              if (
                window.confirm(
                  t('content.confirmDeleteItem', 'Delete “{{title}}”?', { title: item.title }),
                )
              )
                actions.deleteItem.mutate({ family, itemId: item.id, version: item.version });
            }}
          >
            {t('content.delete', 'Delete')}
          </Button>
        ) : null}
      </Group>
    </Group>
  );
}
