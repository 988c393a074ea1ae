import { Button, Group, Loader, Modal, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Syllabus } from '@lantern/contracts/learning-content';
import { ErrorAlert } from '../../../components/failure-alert';
import { useSyllabus } from '../api/get-syllabus';
import { useSaveSyllabus } from '../api/save-syllabus';
import { LazyRichTextEditor } from './lazy-editor';

export function SyllabusModal({
  courseId,
  opened,
  onClose,
}: {
  courseId: number;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const syllabus = useSyllabus(courseId, opened);
  return (
    <Modal opened={opened} onClose={onClose} title={t('content.syllabus', 'Syllabus')} size="xl">
      {syllabus.isPending ? (
        <Loader role="status" aria-label={t('content.loading', 'Loading')} />
      ) : null}
      <ErrorAlert error={syllabus.error} />
      {syllabus.data ? (
        <SyllabusForm key={syllabus.data.contentVersion} data={syllabus.data} onClose={onClose} />
      ) : null}
    </Modal>
  );
}

function SyllabusForm({ data, onClose }: { data: Syllabus; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveSyllabus();
  const [html, setHtml] = useState(data.syllabus);
  return (
    <Stack gap="sm">
      <LazyRichTextEditor
        label={t('content.syllabus', 'Syllabus')}
        value={html}
        onChange={setHtml}
      />
      <ErrorAlert error={save.error} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('content.cancel', 'Cancel')}
        </Button>
        <Button
          loading={save.isPending}
          onClick={() => {
            save.mutate(
              { courseId: data.courseId, syllabus: html, contentVersion: data.contentVersion },
              { onSuccess: onClose },
            );
          }}
        >
          {t('content.save', 'Save')}
        </Button>
      </Group>
    </Stack>
  );
}
