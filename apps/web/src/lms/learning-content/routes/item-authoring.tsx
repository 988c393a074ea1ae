import '../styles';
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/NumberInput.layer.css';
import '@mantine/core/styles/Fieldset.layer.css';
import {
  Anchor,
  Button,
  Card,
  Checkbox,
  Fieldset,
  Group,
  Loader,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { ItemDetail } from '@lantern/contracts/learning-content';
import type { ItemKind } from '@lantern/contracts/learning-enums';
import { AUTHORABLE_KINDS } from '@lantern/contracts/learning-kinds';
import { FILE_TYPE_KEYS, FILE_TYPE_LABELS } from '@lantern/contracts/learning-kinds';
import { DateTimeField } from '../../../components/date-time-field';
import { ErrorAlert } from '../../../components/failure-alert';
import { requireRight } from '../../../lib/require-right';
import { useDeleteItem } from '../api/delete-item';
import { useItemAuthoring } from '../api/get-item-authoring';
import { useSaveItem } from '../api/save-item';
import { ClassDatesTable } from '../components/class-dates-table';
import { DocumentUploadField } from '../components/document-upload-field';
import { LazyRichTextEditor } from '../components/lazy-editor';
import { initialItemForm, itemBody, type ItemFormState } from '../item-form';
import { kindLabel } from '../labels';
import { contentPaths } from '../paths';
import type { ResourceInput, TaskInput } from '@lantern/contracts/learning-content';
import { isApiError } from '../../../lib/api-errors';
import { AUTHORING_FIELDS } from '../../item-kinds/public';

const { wbt: training, quiz } = AUTHORING_FIELDS;

export const loader = requireRight('COURSE_DOCUMENT__EDIT');

/** The server's sentence for one field of a refused save, if it named that field. */
const fieldError = (error: unknown, field: string): string | null =>
  isApiError(error) ? (error.fields[field] ?? null) : null;

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
  const [form, setForm] = useState<ItemFormState>(() => initialItemForm(kind, item));
  const set = <K extends keyof ItemFormState>(key: K, value: ItemFormState[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
  };
  const text = (
    key: Exclude<keyof ItemFormState, 'quiz'>,
    label: string,
    extra: Record<string, unknown> = {},
  ) => (
    <TextInput
      label={label}
      value={String(form[key] ?? '')}
      onChange={(e) => {
        set(key, e.currentTarget.value as never);
      }}
      {...extra}
    />
  );
  const moment = (
    key: 'visibleFrom' | 'dueAt' | 'lateUntil',
    label: string,
    extra: { description?: string; defaultTime?: string } = {},
  ) => (
    <DateTimeField
      label={label}
      value={form[key]}
      onChange={(v) => {
        set(key, v);
      }}
      {...extra}
    />
  );
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
          <Fieldset legend={t('content.resourceFormat', 'What it is')}>
            <Stack gap="sm">
              <SegmentedControl
                value={form.format}
                onChange={(v) => {
                  set('format', v as ItemFormState['format']);
                }}
                data={[
                  { value: 'text', label: t('content.format.text', 'Text') },
                  { value: 'link', label: t('content.format.link', 'Link') },
                  { value: 'video', label: t('content.format.video', 'Video') },
                  { value: 'file', label: t('content.format.file', 'Document') },
                ]}
              />
              {form.format === 'link'
                ? text('url', t('content.linkUrl', 'Address of the page'), {
                    type: 'url',
                    required: true,
                  })
                : null}
              {form.format === 'video'
                ? text('url', t('content.videoUrl', 'Address of the video'), {
                    required: true,
                    description: t(
                      'content.videoHelp',
                      'Paste the address of a YouTube or Vimeo video.',
                    ),
                  })
                : null}
              {form.format === 'file' ? (
                <Stack gap={4}>
                  {item?.file ? (
                    <Text size="sm">
                      {t('content.currentFile', 'Current document:')}{' '}
                      <Anchor href={item.file.url} target="_blank" rel="noopener noreferrer">
                        {item.file.name}
                      </Anchor>
                    </Text>
                  ) : null}
                  <DocumentUploadField
                    courseId={courseId}
                    onUploaded={(uploadId) => {
                      set('uploadId', uploadId ?? '');
                    }}
                  />
                </Stack>
              ) : null}
            </Stack>
          </Fieldset>
        ) : (
          <Fieldset legend={t('content.grading', 'Grading and dates')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <Stack gap={4}>
                <Text size="sm" fw={500} id="delivery-label">
                  {t('content.deliveryLabel', 'Done')}
                </Text>
                <SegmentedControl
                  aria-labelledby="delivery-label"
                  value={form.delivery}
                  onChange={(v) => {
                    set('delivery', v === 'onsite' ? 'onsite' : 'online');
                  }}
                  data={[
                    { value: 'online', label: t('content.delivery.online', 'Online') },
                    {
                      value: 'onsite',
                      label: t('content.delivery.onsite', 'At your learning centre'),
                    },
                  ]}
                />
              </Stack>
              {kind === 'quiz'
                ? null
                : text('maxPoints', t('content.maxPoints', 'Points'), {
                    type: 'number',
                    min: 0.01,
                    max: 10000,
                    step: 0.01,
                    required: true,
                  })}
              {moment('dueAt', t('content.dueAt', 'Due'), { defaultTime: '23:59' })}
              {moment('lateUntil', t('content.lateUntilLabel', 'Late work until'), {
                defaultTime: '23:59',
                description: t(
                  'content.lateHelp',
                  'Empty: late work is taken while the unit is open.',
                ),
              })}
              {kind === 'text_task' ? (
                <>
                  {text('minWords', t('content.minWords', 'Fewest words'), {
                    type: 'number',
                    min: 1,
                  })}
                  {text('maxWords', t('content.maxWords', 'Most words'), {
                    type: 'number',
                    min: 1,
                  })}
                </>
              ) : kind === 'discussion' ? (
                <>
                  {text('minPosts', t('content.minPosts', 'Posts to write'), {
                    type: 'number',
                    min: 1,
                    max: 50,
                    required: true,
                    description: t('content.minPostsHelp', 'Topics started and replies together.'),
                  })}
                  {text('minReplies', t('content.minReplies', 'Of them, replies to others'), {
                    type: 'number',
                    min: 0,
                    max: 50,
                    required: true,
                  })}
                  {text('minWordsPerPost', t('content.minWordsPerPost', 'Fewest words a post'), {
                    type: 'number',
                    min: 1,
                    max: 2000,
                    description: t('content.noMinimum', 'Empty: no minimum.'),
                  })}
                </>
              ) : kind === 'voice_task' ? (
                text('maxSeconds', t('content.maxSeconds', 'Longest recording (seconds)'), {
                  type: 'number',
                  min: 10,
                  max: 600,
                  required: true,
                  description: t(
                    'content.maxSecondsHelp',
                    'From 10 to 600; the recorder stops itself there.',
                  ),
                })
              ) : kind === 'wbt' || kind === 'quiz' ? null : (
                <>
                  {text('maxFiles', t('content.maxFiles', 'Most files'), {
                    type: 'number',
                    min: 1,
                    max: 10,
                  })}
                  {text('maxFileMegabytes', t('content.maxFileSize', 'Largest file (MB)'), {
                    type: 'number',
                    min: 1,
                    max: 512,
                  })}
                </>
              )}
              {kind === 'quiz' || kind === 'discussion'
                ? null
                : text('maxAttempts', t('content.maxAttempts', 'Attempts allowed'), {
                    type: 'number',
                    min: 1,
                    max: 20,
                    description: t('content.attemptsHelp', 'Empty: no limit.'),
                  })}
            </SimpleGrid>
            {kind === 'file_task' ? (
              <Checkbox.Group
                mt="sm"
                label={t('content.accept', 'File types taken')}
                value={form.accept}
                onChange={(v) => {
                  set(
                    'accept',
                    v.filter((k): k is (typeof FILE_TYPE_KEYS)[number] =>
                      (FILE_TYPE_KEYS as readonly string[]).includes(k),
                    ),
                  );
                }}
              >
                <SimpleGrid cols={{ base: 2, sm: 4 }} spacing={6} mt={6}>
                  {FILE_TYPE_KEYS.map((key) => (
                    <Checkbox key={key} value={key} label={FILE_TYPE_LABELS[key]} />
                  ))}
                </SimpleGrid>
              </Checkbox.Group>
            ) : null}
            {kind === 'wbt' ? (
              <training.Fields
                courseId={courseId}
                form={form}
                set={(patch) => setForm((f) => ({ ...f, ...patch }))}
                packageError={save.error ? fieldError(save.error, 'settings.packageId') : null}
              />
            ) : null}
            {kind === 'discussion' ? (
              <Stack gap="xs" mt="sm">
                <Stack gap={4}>
                  <Text size="sm" fw={500} id="topics-by-label">
                    {t('content.topicsBy', 'Who starts topics')}
                  </Text>
                  <SegmentedControl
                    aria-labelledby="topics-by-label"
                    value={form.topicsBy}
                    onChange={(v) => {
                      set('topicsBy', v === 'everyone' ? 'everyone' : 'staff');
                    }}
                    data={[
                      { value: 'staff', label: t('content.topicsByStaff', 'Teachers') },
                      { value: 'everyone', label: t('content.topicsByEveryone', 'Everyone') },
                    ]}
                  />
                </Stack>
                <Checkbox
                  label={t('content.separateClasses', 'Each class discusses apart')}
                  checked={form.separateClasses}
                  onChange={(e) => {
                    set('separateClasses', e.currentTarget.checked);
                  }}
                />
              </Stack>
            ) : null}
            {kind === 'voice_task' ? (
              <Checkbox
                mt="sm"
                label={t('content.allowFile', 'Also take a picked audio file')}
                checked={form.allowFile}
                onChange={(e) => {
                  set('allowFile', e.currentTarget.checked);
                }}
              />
            ) : null}
          </Fieldset>
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
