import { useState } from 'react';
import { Badge, Button, Modal, Stack, Text } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import type { MergeLogItem } from '@lantern/contracts/user-merge';
import { DialogActions } from '../../../components/dialog-actions';
import { TABLE_LOOK, paginationText } from '../../../components/list-table';
import { CLOSE_LABEL } from '../../../lib/a11y';
import { displayError } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import { notifyFailure, notifySuccess, outcomeTexts } from '../../../lib/notify';
import { useUndoMerge } from '../api/user-merge';

const UNDO_TEXTS = outcomeTexts('Merge undone', 'The merge was not undone');

type MergeLogTableProps = {
  items: MergeLogItem[];
  total: number;
  page: number;
  limit: number;
  isFetching: boolean;
  canUndo: boolean;
  onPageChange: (page: number) => void;
};

/** What a merge moved, in a few words: "Roles 2, Programmes 1". */
export const movedSummary = (item: Pick<MergeLogItem, 'counts'>): string =>
  item.counts
    .filter((c) => c.removed > 0)
    .map((c) => `${c.label} ${String(c.removed)}`)
    .join(', ') || 'Nothing but the person';

/** The merge log, newest first; a merge not yet undone can be undone once confirmed. */
export function MergeLogTable(props: MergeLogTableProps) {
  const undo = useUndoMerge();
  const [undoing, setUndoing] = useState<MergeLogItem | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const close = () => {
    setUndoing(null);
    setFailure(null);
  };
  const confirm = async () => {
    if (!undoing) return;
    try {
      await undo.mutateAsync(undoing.id);
      notifySuccess('user-merge-undo', UNDO_TEXTS);
      close();
    } catch (error) {
      setFailure(displayError(error));
      notifyFailure('user-merge-undo', displayError(error), UNDO_TEXTS);
    }
  };

  return (
    <>
      <DataTable
        aria-label="Merge log"
        {...TABLE_LOOK}
        minHeight={140}
        records={props.items}
        fetching={props.isFetching}
        totalRecords={props.total}
        recordsPerPage={props.limit}
        page={props.page}
        onPageChange={props.onPageChange}
        paginationText={paginationText}
        noRecordsText="No merges yet"
        columns={[
          {
            accessor: 'mergedAt',
            title: 'Merged',
            width: 130,
            render: (m) => formatDateTime(m.mergedAt),
          },
          {
            accessor: 'removed',
            title: 'Removed',
            render: (m) => `${m.removed.name} (${String(m.removed.id)})`,
          },
          {
            accessor: 'kept',
            title: 'Kept',
            render: (m) => `${m.kept.name} (${String(m.kept.id)})`,
          },
          {
            accessor: 'counts',
            title: 'Moved',
            visibleMediaQuery: '(min-width: 62em)',
            render: (m) => movedSummary(m),
          },
          {
            accessor: 'mergedBy',
            title: 'By',
            visibleMediaQuery: '(min-width: 48em)',
            render: (m) => m.mergedBy?.name ?? '—',
          },
          {
            accessor: 'undoneAt',
            title: '',
            width: 110,
            render: (m) =>
              m.undoneAt ? (
                <Badge color="gray" variant="light">
                  undone
                </Badge>
              ) : props.canUndo ? (
                <Button
                  size="compact-xs"
                  variant="outline"
                  aria-label={`Undo the merge of ${String(m.removed.id)} into ${String(m.kept.id)}`}
                  onClick={() => {
                    setUndoing(m);
                  }}
                >
                  Undo
                </Button>
              ) : null,
          },
        ]}
      />
      <Modal
        closeButtonProps={CLOSE_LABEL}
        opened={undoing !== null}
        onClose={close}
        title="Undo merge"
      >
        {undoing ? (
          <Stack gap="sm">
            <Text size="sm">
              Undo the merge of {undoing.removed.name} ({undoing.removed.id}) into{' '}
              {undoing.kept.name} ({undoing.kept.id})? Everything that moved goes back, the kept
              person gets their own values back where nobody has changed them since, and{' '}
              {undoing.removed.id} can sign in again.
            </Text>
            <DialogActions
              failure={failure}
              onBack={close}
              label="Undo merge"
              isBusy={undo.isPending}
              onConfirm={() => void confirm()}
            />
          </Stack>
        ) : null}
      </Modal>
    </>
  );
}
