import { Checkbox, Fieldset, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ItemKind } from '@lantern/contracts/learning-enums';
import { FILE_TYPE_KEYS, FILE_TYPE_LABELS } from '@lantern/contracts/learning-kinds';
import { isApiError } from '../../../lib/api-errors';
import { AUTHORING_FIELDS } from '../../item-kinds/public';
import type { ItemFormControls } from './use-item-form';

const training = AUTHORING_FIELDS.wbt;

/** The server's sentence for one field of a refused save, if it named that field. */
const fieldError = (error: unknown, field: string): string | null =>
  isApiError(error) ? (error.fields[field] ?? null) : null;

/** A task's grading, dates and its kind's own settings (the item form's second part). */
export function TaskFields({
  kind,
  courseId,
  controls: { form, setForm, set, text, moment },
  saveError,
}: {
  kind: ItemKind;
  courseId: number;
  controls: ItemFormControls;
  saveError: unknown;
}) {
  const { t } = useTranslation();
  return (
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
          description: t('content.lateHelp', 'Empty: late work is taken while the unit is open.'),
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
          packageError={saveError ? fieldError(saveError, 'settings.packageId') : null}
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
  );
}
