import '../styles';
import { Button, Card, Group, Menu, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LightBadge } from './light-badge';
import { Link } from 'react-router';
import type { AuthoringUnit, CourseAuthoring } from '@lantern/contracts/learning-content';
import { AUTHORABLE_KINDS, isTaskKind } from '@lantern/contracts/learning-kinds';
import { useCurrentUser } from '../../../lib/base-data';
import { formatDateTime } from '../../../lib/format';
import { hasRight } from '../../../lib/rights';
import type { UnitTransition } from '../api/run-unit-transition';
import { kindLabel, unitStatusLabel } from '../labels';
import { droppedBefore, moved } from '../order';
import { contentPaths } from '../paths';
import type { Actions } from './use-authoring-actions';
import { ItemRow } from './authoring-item-row';

const STATUS_COLOURS = { draft: 'yellow', published: 'green', closed: 'dark' } as const;

const TRANSITIONS: Record<AuthoringUnit['status'], UnitTransition[]> = {
  draft: ['publish'],
  published: ['close', 'unpublish'],
  closed: ['reopen'],
};

/** One unit on the authoring page: its status and steps, its items in order, adding items. */
export function UnitCard({
  unit,
  data,
  unitIds,
  actions,
  onEdit,
  dragging,
  setDragging,
}: {
  unit: AuthoringUnit;
  data: CourseAuthoring;
  unitIds: number[];
  actions: Actions;
  onEdit: (unit: AuthoringUnit) => void;
  dragging: number | null;
  setDragging: (id: number | null) => void;
}) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [over, setOver] = useState(false);
  const courseId = data.course.id;
  const version = data.course.contentVersion;
  const index = unitIds.indexOf(unit.id);
  const itemIds = unit.items.map((i) => i.id);
  const transitionLabel: Record<UnitTransition, string> = {
    publish: t('content.publish', 'Publish'),
    unpublish: t('content.backToDraft', 'Back to draft'),
    close: t('content.closeUnit', 'Close'),
    reopen: t('content.reopen', 'Reopen'),
  };
  const mayTransition = (step: UnitTransition) =>
    hasRight(user, step === 'close' || step === 'reopen' ? 'UNIT__CLOSE' : 'UNIT__PUBLISH') &&
    !(step === 'unpublish' && unit.hasSubmissions);
  return (
    <Card
      withBorder
      padding="sm"
      draggable
      className={over ? 'lc-drag-over' : undefined}
      onDragStart={(e) => {
        e.dataTransfer.effectAllowed = 'move';
        setDragging(unit.id);
      }}
      onDragEnd={() => {
        setDragging(null);
        setOver(false);
      }}
      onDragOver={(e) => {
        if (dragging !== null && dragging !== unit.id) {
          e.preventDefault();
          setOver(true);
        }
      }}
      onDragLeave={() => {
        setOver(false);
      }}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        if (dragging !== null)
          actions.order.mutate({
            target: 'units',
            id: courseId,
            ids: droppedBefore(unitIds, dragging, unit.id),
            version,
          });
      }}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            <Text fw={600} aria-hidden="true" c="dimmed" style={{ cursor: 'grab' }}>
              ⠿
            </Text>
            <Text fw={600}>
              {index + 1}. {unit.title}
            </Text>
            <LightBadge color={STATUS_COLOURS[unit.status]}>
              {unitStatusLabel(t, unit.status)}
            </LightBadge>
            {unit.opensAt ? (
              <Text size="xs" c="dimmed">
                {t('content.opensOn', 'Opens {{date}}', { date: formatDateTime(unit.opensAt) })}
              </Text>
            ) : null}
          </Group>
          <Group gap={4}>
            <Button
              size="compact-sm"
              variant="default"
              disabled={index === 0}
              onClick={() => {
                actions.order.mutate({
                  target: 'units',
                  id: courseId,
                  ids: moved(unitIds, unit.id, -1),
                  version,
                });
              }}
            >
              {t('content.moveUp', 'Move up')}
            </Button>
            <Button
              size="compact-sm"
              variant="default"
              disabled={index === unitIds.length - 1}
              onClick={() => {
                actions.order.mutate({
                  target: 'units',
                  id: courseId,
                  ids: moved(unitIds, unit.id, 1),
                  version,
                });
              }}
            >
              {t('content.moveDown', 'Move down')}
            </Button>
            {TRANSITIONS[unit.status].filter(mayTransition).map((step) => (
              <Button
                key={step}
                size="compact-sm"
                variant={step === 'publish' ? 'filled' : 'light'}
                onClick={() => {
                  actions.transition.mutate({
                    unitId: unit.id,
                    transition: step,
                    version: unit.version,
                  });
                }}
              >
                {transitionLabel[step]}
              </Button>
            ))}
            <Menu position="bottom-end">
              <Menu.Target>
                <Button size="compact-sm" variant="default">
                  {t('content.more', 'More')}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item
                  onClick={() => {
                    onEdit(unit);
                  }}
                >
                  {t('content.rename', 'Rename and edit summary')}
                </Menu.Item>
                {hasRight(user, 'COURSE_PREVIEW__DISPLAY') ? (
                  <Menu.Item component={Link} to={contentPaths.unit(unit.id, undefined, true)}>
                    {t('content.preview', 'Preview as a student')}
                  </Menu.Item>
                ) : null}
                {!unit.hasSubmissions && hasRight(user, 'COURSE_DOCUMENT__DELETE') ? (
                  <Menu.Item
                    color="red"
                    onClick={() => {
                      if (
                        window.confirm(
                          t(
                            'content.confirmDeleteUnit',
                            'Delete the unit “{{title}}” and its items?',
                            { title: unit.title },
                          ),
                        )
                      )
                        actions.deleteUnit.mutate({ unitId: unit.id, version: unit.version });
                    }}
                  >
                    {t('content.deleteUnit', 'Delete unit')}
                  </Menu.Item>
                ) : null}
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
        {unit.items.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('content.noItems', 'No items yet.')}
          </Text>
        ) : (
          <Stack gap={0}>
            {unit.items.map((item) => (
              <ItemRow
                key={item.id}
                item={item}
                unit={unit}
                courseId={courseId}
                ids={itemIds}
                version={version}
                actions={actions}
              />
            ))}
          </Stack>
        )}
        <Group gap="xs">
          {hasRight(user, 'COURSE_DOCUMENT__CREATE') ? (
            <Button
              component={Link}
              to={contentPaths.itemAuthoring(courseId, 'new', `?unit=${unit.id}&kind=resource`)}
              size="compact-sm"
              variant="light"
            >
              {t('content.addResource', 'Add resource')}
            </Button>
          ) : null}
          {hasRight(user, 'COURSE_TASK__CREATE')
            ? AUTHORABLE_KINDS.filter(isTaskKind).map((kind) => (
                <Button
                  key={kind}
                  component={Link}
                  to={contentPaths.itemAuthoring(courseId, 'new', `?unit=${unit.id}&kind=${kind}`)}
                  size="compact-sm"
                  variant="light"
                >
                  {t('content.addKind', 'Add {{kind}}', { kind: kindLabel(t, kind).toLowerCase() })}
                </Button>
              ))
            : null}
        </Group>
      </Stack>
    </Card>
  );
}
