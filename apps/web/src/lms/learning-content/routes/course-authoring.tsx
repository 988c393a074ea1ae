import '../styles';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Radio.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/Menu.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import { Anchor, Button, Card, Group, Loader, Menu, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LightBadge } from '../components/light-badge';
import { Link, useParams } from 'react-router';
import type {
  AuthoringItem,
  AuthoringUnit,
  CourseAuthoring,
} from '@lantern/contracts/learning-content';
import { AUTHORABLE_KINDS, isTaskKind } from '@lantern/contracts/learning-kinds';
import { ErrorAlert } from '../../../components/failure-alert';
import { useCurrentUser } from '../../../lib/base-data';
import { formatDateTime } from '../../../lib/format';
import { requireRight } from '../../../lib/require-right';
import { hasRight } from '../../../lib/rights';
import { useCreateUnit } from '../api/create-unit';
import { useDeleteItem } from '../api/delete-item';
import { useDeleteUnit } from '../api/delete-unit';
import { useCourseAuthoring } from '../api/get-course-authoring';
import { useOrderContent } from '../api/order-content';
import { usePublishItem } from '../api/publish-item';
import { useUnitTransition, type UnitTransition } from '../api/run-unit-transition';
import { ContentHeader } from '../components/course-header';
import { CopyFromModal } from '../components/copy-from-modal';
import { SyllabusModal } from '../components/syllabus-modal';
import { UnitFormModal } from '../components/unit-form-modal';
import { formatLabel, kindLabel, unitStatusLabel } from '../labels';
import { droppedBefore, moved } from '../order';
import { contentPaths } from '../paths';

export const loader = requireRight('COURSE_DOCUMENT__EDIT');

const STATUS_COLOURS = { draft: 'yellow', published: 'green', closed: 'dark' } as const;

function useActions() {
  const order = useOrderContent();
  const transition = useUnitTransition();
  const publishItem = usePublishItem();
  const deleteUnit = useDeleteUnit();
  const deleteItem = useDeleteItem();
  const error =
    order.error ?? transition.error ?? publishItem.error ?? deleteUnit.error ?? deleteItem.error;
  return { order, transition, publishItem, deleteUnit, deleteItem, error };
}
type Actions = ReturnType<typeof useActions>;

function ItemRow({
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

const TRANSITIONS: Record<AuthoringUnit['status'], UnitTransition[]> = {
  draft: ['publish'],
  published: ['close', 'unpublish'],
  closed: ['reopen'],
};

function UnitCard({
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

function AuthoringView({ data }: { data: CourseAuthoring }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const actions = useActions();
  const create = useCreateUnit();
  const [title, setTitle] = useState('');
  const [editing, setEditing] = useState<AuthoringUnit | null>(null);
  const [dragging, setDragging] = useState<number | null>(null);
  const [syllabusOpen, setSyllabusOpen] = useState(false);
  const [copyOpen, setCopyOpen] = useState(false);
  const unitIds = data.units.map((u) => u.id);
  return (
    <Stack gap="md">
      <ContentHeader
        programme={data.programme}
        course={{ id: data.course.id, title: data.course.title }}
        title={t('content.editingCourse', 'Edit course: {{title}}', { title: data.course.title })}
        subtitle={t(
          'content.dragHelp',
          'Drag a unit by its handle, or use Move up and Move down, to change the order.',
        )}
        actions={
          <Group gap="xs">
            {hasRight(user, 'SYLLABUS__EDIT') ? (
              <Button
                variant="light"
                onClick={() => {
                  setSyllabusOpen(true);
                }}
              >
                {t('content.editSyllabus', 'Syllabus')}
              </Button>
            ) : null}
            {hasRight(user, 'COURSE_DOCUMENT__CREATE') ? (
              <Button
                variant="light"
                onClick={() => {
                  setCopyOpen(true);
                }}
              >
                {t('content.copyFrom', 'Copy from another run')}
              </Button>
            ) : null}
            {hasRight(user, 'COURSE_TASK__EDIT') && AUTHORABLE_KINDS.includes('quiz') ? (
              <Button
                variant="light"
                component={Link}
                to={contentPaths.questionBanks(data.course.id)}
              >
                {t('content.questionBanks', 'Question banks')}
              </Button>
            ) : null}
          </Group>
        }
      />
      <ErrorAlert error={actions.error ?? create.error} />
      {data.units.map((unit) => (
        <UnitCard
          key={unit.id}
          unit={unit}
          data={data}
          unitIds={unitIds}
          actions={actions}
          onEdit={setEditing}
          dragging={dragging}
          setDragging={setDragging}
        />
      ))}
      {hasRight(user, 'COURSE_DOCUMENT__CREATE') ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            create.mutate(
              { courseId: data.course.id, data: { title } },
              {
                onSuccess: () => {
                  setTitle('');
                },
              },
            );
          }}
        >
          <Group align="flex-end" gap="xs">
            <TextInput
              label={t('content.newUnit', 'New unit')}
              placeholder={t('content.newUnitPlaceholder', 'Title of the unit')}
              value={title}
              maxLength={200}
              required
              onChange={(e) => {
                setTitle(e.currentTarget.value);
              }}
            />
            <Button type="submit" loading={create.isPending}>
              {t('content.addUnit', 'Add unit')}
            </Button>
          </Group>
        </form>
      ) : null}
      <UnitFormModal
        unit={editing}
        onClose={() => {
          setEditing(null);
        }}
      />
      <SyllabusModal
        courseId={data.course.id}
        opened={syllabusOpen}
        onClose={() => {
          setSyllabusOpen(false);
        }}
      />
      <CopyFromModal
        courseId={data.course.id}
        hasUnits={data.units.length > 0}
        opened={copyOpen}
        onClose={() => {
          setCopyOpen(false);
        }}
      />
    </Stack>
  );
}

/** A course as its authors shape it: units and items, order, publishing, syllabus, copy. */
export default function CourseAuthoringRoute() {
  const { t } = useTranslation();
  const courseId = Number(useParams().courseId);
  const query = useCourseAuthoring(courseId);
  return (
    <Stack gap="md" maw={1100}>
      {query.isPending ? (
        <Loader role="status" aria-label={t('content.loading', 'Loading')} />
      ) : null}
      <ErrorAlert error={query.error} />
      {query.data ? <AuthoringView data={query.data} /> : null}
    </Stack>
  );
}
