import { Button, Checkbox, Group, Loader, Modal, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/failure-alert';
import { formatDate } from '../../../lib/format';
import { useCopyFrom } from '../api/copy-from';
import { useCopySources } from '../api/get-copy-sources';

/** Copies another run's units and items into this course as drafts, dates moved. */
export function CopyFromModal({
  courseId,
  hasUnits,
  opened,
  onClose,
}: {
  courseId: number;
  hasUnits: boolean;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const sources = useCopySources(courseId, opened);
  const copy = useCopyFrom();
  const [source, setSource] = useState<string | null>(null);
  const [append, setAppend] = useState(false);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('content.copyFrom', 'Copy from another run')}
      size="lg"
    >
      <Stack gap="sm">
        <Text size="sm">
          {t(
            'content.copyHelp',
            'The units and items of the run you choose arrive here as drafts, their dates moved by the difference between the two programmes’ starts.',
          )}
        </Text>
        {sources.isPending ? (
          <Loader role="status" aria-label={t('content.loading', 'Loading')} />
        ) : null}
        <ErrorAlert error={sources.error} />
        {sources.data?.items.length === 0 ? (
          <Text>{t('content.noSources', 'No other run of this course has content to copy.')}</Text>
        ) : null}
        <Radio.Group
          value={source}
          onChange={setSource}
          label={t('content.copySource', 'Run to copy from')}
        >
          <Stack gap={6} mt={4}>
            {sources.data?.items.map((s) => (
              <Radio
                key={s.courseId}
                value={String(s.courseId)}
                label={`${s.programme.title} (${formatDate(s.programme.startDate)}) · ${t('content.unitCount', '{{count}} units', { count: s.units })}, ${t('content.itemCount', '{{count}} items', { count: s.items })}`}
              />
            ))}
          </Stack>
        </Radio.Group>
        {hasUnits ? (
          <Checkbox
            checked={append}
            onChange={(e) => {
              setAppend(e.currentTarget.checked);
            }}
            label={t('content.appendUnits', 'Add after the existing units')}
          />
        ) : null}
        <ErrorAlert error={copy.error} />
        {copy.data ? (
          <Text size="sm" c="green.8">
            {t('content.copied', 'Copied {{units}} units and {{items}} items.', {
              units: copy.data.units,
              items: copy.data.items,
            })}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('content.close', 'Close')}
          </Button>
          <Button
            disabled={source === null}
            loading={copy.isPending}
            onClick={() => {
              if (source === null) return;
              copy.mutate({
                courseId,
                sourceCourseId: Number(source),
                mode: append ? 'append' : 'empty',
              });
            }}
          >
            {t('content.copy', 'Copy')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
