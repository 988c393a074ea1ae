import { useEffect } from 'react';
import { Loader, Modal, ScrollArea, Stack, Table, Text } from '@mantine/core';
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
              <ScrollArea.Autosize mah={360} type="auto">
                <Table fz="sm" striped withTableBorder aria-label="Changes to make">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Person</Table.Th>
                      <Table.Th>Field</Table.Th>
                      <Table.Th>Before</Table.Th>
                      <Table.Th>After</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {changes.flatMap((c) =>
                      c.fields.map((f) => (
                        <Table.Tr key={`${c.id}-${f.field}`}>
                          <Table.Td>
                            {c.name} ({c.id})
                          </Table.Td>
                          <Table.Td>{CHECK_FIELD_LABELS[f.field]}</Table.Td>
                          <Table.Td ff="monospace">{showValue(f.before)}</Table.Td>
                          <Table.Td ff="monospace">{showValue(f.after)}</Table.Td>
                        </Table.Tr>
                      )),
                    )}
                  </Table.Tbody>
                </Table>
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
                  apply.mutate({ check, changes }, { onSuccess: onDone });
                }
              : onClose
          }
        />
      </Stack>
    </Modal>
  );
}
