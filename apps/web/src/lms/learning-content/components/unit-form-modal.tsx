import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuthoringUnit } from '@lantern/contracts/learning-content';
import { DateTimeField } from '../../../components/date-time-field';
import { ErrorAlert } from '../../../components/failure-alert';
import { fromLocalDateTime, toLocalDateTime } from '../../../lib/format';
import { useUpdateUnit } from '../api/update-unit';
import { LazyRichTextEditor } from './lazy-editor';

/** Renames a unit, with its summary and the date it opens for learners. */
export function UnitFormModal({
  unit,
  onClose,
}: {
  unit: AuthoringUnit | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={unit !== null}
      onClose={onClose}
      title={t('content.editUnit', 'Edit unit')}
      size="lg"
    >
      {unit ? <UnitForm key={unit.id} unit={unit} onClose={onClose} /> : null}
    </Modal>
  );
}

function UnitForm({ unit, onClose }: { unit: AuthoringUnit; onClose: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateUnit();
  const [title, setTitle] = useState(unit.title);
  const [summary, setSummary] = useState(unit.summary);
  const [opensAt, setOpensAt] = useState(toLocalDateTime(unit.opensAt));
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        update.mutate(
          {
            unitId: unit.id,
            data: { title, summary, opensAt: fromLocalDateTime(opensAt), version: unit.version },
          },
          { onSuccess: onClose },
        );
      }}
    >
      <Stack gap="sm">
        <TextInput
          label={t('content.title', 'Title')}
          required
          maxLength={200}
          value={title}
          onChange={(e) => {
            setTitle(e.currentTarget.value);
          }}
        />
        <DateTimeField
          label={t('content.opensAtLabel', 'Opens for students on')}
          description={t('content.opensAtHelp', 'Empty: as soon as it is published.')}
          value={opensAt}
          onChange={setOpensAt}
        />
        <LazyRichTextEditor
          label={t('content.summary', 'Summary')}
          value={summary}
          onChange={setSummary}
        />
        <ErrorAlert error={update.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('content.cancel', 'Cancel')}
          </Button>
          <Button type="submit" loading={update.isPending}>
            {t('content.save', 'Save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
