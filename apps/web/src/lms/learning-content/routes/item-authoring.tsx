import '../styles';
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/NumberInput.layer.css';
import '@mantine/core/styles/Fieldset.layer.css';
import {
  Button,
  Card,
  Checkbox,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { ItemDetail } from '@lantern/contracts/learning-content';
import type { ItemKind } from '@lantern/contracts/learning-enums';
import { AUTHORABLE_KINDS } from '@lantern/contracts/learning-kinds';
import { ErrorAlert } from '../../../components/failure-alert';
import { requireRight } from '../../../lib/require-right';
import { useDeleteItem } from '../api/delete-item';
import { useItemAuthoring } from '../api/get-item-authoring';
import { useSaveItem } from '../api/save-item';
import { ClassDatesTable } from '../components/class-dates-table';
import { LazyRichTextEditor } from '../components/lazy-editor';
import { itemBody } from '../item-form';
import { kindLabel } from '../labels';
import { contentPaths } from '../paths';
import { ResourceFields } from '../components/resource-fields';
import { TaskFields } from '../components/task-fields';
import { useItemForm } from '../components/use-item-form';
import type { ResourceInput, TaskInput } from '@lantern/contracts/learning-content';
import { isApiError } from '../../../lib/api-errors';
import { AUTHORING_FIELDS } from '../../item-kinds/public';

const { quiz } = AUTHORING_FIELDS;

export const loader = requireRight('COURSE_DOCUMENT__EDIT');

function ItemForm({
  courseId,
  unitId,
  item,
  kind,
}: {
  courseId: number;
  unitId: number;
  item: ItemDetail | null;
  kind: ItemKind;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveItem();
  const remove = useDeleteItem();
  const controls = useItemForm(kind, item);
  const { form, set, text, moment } = controls;
  const isTask = kind !== 'resource';
  const family = isTask ? 'task' : 'resource';
  const [quizChecked, setQuizChecked] = useState(false);
  const quizLocal = kind === 'quiz' && quizChecked ? quiz.errors(form.quiz, item === null) : {};
  const submit = () => {
    if (kind === 'quiz') {
      setQuizChecked(true);
      if (Object.keys(quiz.errors(form.quiz, item === null)).length > 0) return;
    }
    const body = itemBody(form, item === null);
    const done = (saved: { id?: number | undefined }) => {
      if (item === null && saved.id !== undefined)
        void navigate(contentPaths.itemAuthoring(courseId, saved.id), { replace: true });
    };
    if (family === 'resource') {
      const data = body as ResourceInput;
      save.mutate(
        item === null
          ? { family, unitId, itemId: null, data }
          : { family, unitId, itemId: item.id, data: { ...data, version: item.version } },
        { onSuccess: done },
      );
    } else {
      const data = body as TaskInput;
      save.mutate(
        item === null
          ? { family, unitId, itemId: null, data }
          : { family, unitId, itemId: item.id, data: { ...data, version: item.version } },
        { onSuccess: done },
      );
    }
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="md">
        {text('title', t('content.title', 'Title'), { required: true, maxLength: 200 })}
        <LazyRichTextEditor
          label={isTask ? t('content.instructions', 'Instructions') : t('content.text', 'Text')}
          value={form.body}
          onChange={(html) => {
            set('body', html);
          }}
        />
        {kind === 'resource' ? (
          <ResourceFields courseId={courseId} item={item} controls={controls} />
        ) : (
          <TaskFields kind={kind} courseId={courseId} controls={controls} saveError={save.error} />
        )}
        {kind === 'quiz' ? (
          <quiz.Fields
            courseId={courseId}
            value={form.quiz}
            isNew={item === null}
            errors={{ ...(isApiError(save.error) ? save.error.fields : {}), ...quizLocal }}
            onChange={(quiz) => {
              set('quiz', quiz);
            }}
          />
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {moment('visibleFrom', t('content.visibleFrom', 'Visible from'), {
            description: t('content.visibleHelp', 'Empty: as soon as it is published.'),
          })}
          <Checkbox
            mt="lg"
            label={t('content.countsForProgress', 'Counts for progress')}
            checked={form.countsForProgress}
            onChange={(e) => {
              set('countsForProgress', e.currentTarget.checked);
            }}
          />
        </SimpleGrid>
        <ErrorAlert error={save.error ?? remove.error} />
        {save.isSuccess ? (
          <Text size="sm" c="green.8" role="status">
            {t('content.saved', 'Saved.')}
          </Text>
        ) : null}
        <Group justify="space-between">
          <Group gap="xs">
            <Button type="submit" loading={save.isPending}>
              {item === null ? t('content.add', 'Add') : t('content.save', 'Save')}
            </Button>
            <Button component={Link} to={contentPaths.authoring(courseId)} variant="default">
              {t('content.backToAuthoring', 'Back to the course')}
            </Button>
          </Group>
          {item && !item.hasSubmissions ? (
            <Button
              color="red"
              variant="subtle"
              onClick={() => {
                if (
                  window.confirm(
                    t('content.confirmDeleteItem', 'Delete “{{title}}”?', { title: item.title }),
                  )
                )
                  remove.mutate(
                    { family, itemId: item.id, version: item.version },
                    { onSuccess: () => void navigate(contentPaths.authoring(courseId)) },
                  );
              }}
            >
              {t('content.delete', 'Delete')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}

/** The kind a new item is made as: one authors may add now, else a resource. */
const kindOf = (value: string | null): ItemKind =>
  (AUTHORABLE_KINDS as readonly string[]).includes(value ?? '') ? (value as ItemKind) : 'resource';

/** A resource's or task's form by its kind, with per-class dates for tasks. */
export default function ItemAuthoringRoute() {
  const { t } = useTranslation();
  const params = useParams();
  const [search] = useSearchParams();
  const courseId = Number(params.courseId);
  const isNew = params.itemId === 'new';
  const itemId = Number(params.itemId);
  const query = useItemAuthoring(itemId, !isNew);
  const item = isNew ? null : (query.data ?? null);
  const kind = item?.kind ?? kindOf(search.get('kind'));
  const unitId = item?.unitId ?? Number(search.get('unit'));
  return (
    <Stack gap="md" maw={1000}>
      <Title order={1} size="h2">
        {isNew
          ? t('content.newItem', 'New {{kind}}', { kind: kindLabel(t, kind).toLowerCase() })
          : (item?.title ?? t('content.loading', 'Loading'))}
      </Title>
      {!isNew && query.isPending ? (
        <Loader role="status" aria-label={t('content.loading', 'Loading')} />
      ) : null}
      <ErrorAlert error={isNew ? null : query.error} />
      {isNew || item ? (
        <Card withBorder padding="md">
          <ItemForm
            key={item ? `${item.id}-${item.version}` : 'new'}
            courseId={courseId}
            unitId={unitId}
            item={item}
            kind={kind}
          />
        </Card>
      ) : null}
      {item && kind === 'quiz' ? <quiz.StaffLinks itemId={item.id} /> : null}
      {item && kind !== 'resource' ? (
        <Card withBorder padding="md">
          <Stack gap="xs">
            <Title order={2} size="h4">
              {t('content.classDates', 'Dates per class')}
            </Title>
            <ClassDatesTable item={item} />
          </Stack>
        </Card>
      ) : null}
    </Stack>
  );
}
