import { useEffect } from 'react';
import { List, Loader, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import {
  CHECK_FIELD_LABELS,
  DATA_CHECK_LABELS,
  type DataFixResult,
  type FixableCheck,
} from '@lantern/contracts/data-checks';
import { DialogActions } from '../../../components/dialog-actions';
import { ErrorAlert } from '../../../components/failure-alert';
import { CLOSE_LABEL } from '../../../lib/a11y';
import { displayError } from '../../../lib/errors';
import { useApplyFix } from '../api/apply-fix';
import { usePreviewFix } from '../api/preview-fix';
import { showValue } from './show-value';

type BulkFixDialogProps = {
  check: FixableCheck;
  /** The search of the list: the fix covers what the list shows. */
  q: string;
  opened: boolean;
  onClose: () => void;
  onDone: (result: DataFixResult) => void;
};

/** Fix all: first the exact changes (before → after), then those changes and nothing else. */
export function BulkFixDialog({ check, q, opened, onClose, onDone }: BulkFixDialogProps) {
  const preview = usePreviewFix();
  const apply = useApplyFix();
  const { mutate: runPreview, reset } = preview;
  useEffect(() => {
    if (opened) runPreview({ check, q });
    else reset();
  }, [opened, check, q, runPreview, reset]);
  const changes = preview.data?.changes ?? [];
  const count = changes.length;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      closeButtonProps={CLOSE_LABEL}
      size="xl"
      title={`Fix all: ${DATA_CHECK_LABELS[check].toLowerCase()}`}
    >
      <Stack gap="sm">
        {preview.isPending ? <Loader size="sm" aria-label="Loading the preview" /> : null}
        <ErrorAlert error={preview.error} />
        {preview.data ? (
          <>
            <Text size="sm">
              {count === 0
                ? 'Nothing can be fixed automatically.'
                : `These ${count === 1 ? 'change' : `${count} changes`} will be made, and nothing else:`}
              {preview.data.manual > 0
                ? ` ${preview.data.manual} ${preview.data.manual === 1 ? 'person needs' : 'people need'} a fix by hand.`
                : ''}
              {preview.data.more ? ' More remain: run the fix again afterwards.' : ''}
            </Text>
            {count > 0 ? (
              <ScrollArea.Autosize
                mah={360}
                type="auto"
                viewportProps={{ tabIndex: 0, 'aria-label': 'Changes to make' }}
              >
                <List size="sm" spacing={6} listStyleType="none">
                  {changes.map((c) => (
                    <List.Item key={c.id}>
                      <Text size="sm" fw={600}>
                        {c.name} (JWL-ID {c.id})
                      </Text>
                      {c.fields.map((f) => (
                        <Text key={f.field} size="sm">
                          {CHECK_FIELD_LABELS[f.field]}:{' '}
                          <Text span size="sm" ff="monospace">
                            {showValue(f.before)}
                          </Text>
                          {' → '}
                          <Text span size="sm" ff="monospace" fw={600}>
                            {showValue(f.after)}
                          </Text>
                        </Text>
                      ))}
                    </List.Item>
                  ))}
                </List>
              </ScrollArea.Autosize>
            ) : null}
          </>
        ) : null}
        <DialogActions
          backLabel="Cancel"
          onBack={onClose}
          label={count === 0 ? 'Done' : count === 1 ? 'Apply 1 change' : `Apply ${count} changes`}
          isBusy={apply.isPending}
          failure={apply.error ? displayError(apply.error) : null}
          onConfirm={
            count > 0
              ? () => {
                  apply.mutate(
                    { check, changes },
                    {
                      onSuccess: (result) => {
                        onDone(result);
                      },
                    },
                  );
                }
              : onClose
          }
        />
      </Stack>
    </Modal>
  );
}
