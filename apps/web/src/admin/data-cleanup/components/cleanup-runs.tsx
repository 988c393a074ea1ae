import { useState } from 'react';
import { Button, Modal, Stack, Text, Title } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import { CLEANUP_LABELS, type CleanupRun } from '@lantern/contracts/data-checks';
import { DialogActions } from '../../../components/dialog-actions';
import { ErrorAlert } from '../../../components/failure-alert';
import { TABLE_LOOK, paginationText } from '../../../components/list-table';
import { CLOSE_LABEL } from '../../../lib/a11y';
import { displayError } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import { useCleanupRuns } from '../api/find-cleanup-runs';
import { useRestoreCleanup } from '../api/restore-cleanup';
import { counted } from '../../../lib/plural';

const LIMIT = 10;
const WIDE = '(min-width: 48em)';

const finderOf = (r: CleanupRun) =>
  `${CLEANUP_LABELS[r.kind]}${r.months === null ? '' : ` (${counted(r.months, 'month')})`}`;

/** Past cleanup runs, newest first, each with Restore while its people are still removed. */
export function CleanupRuns({
  canRestore,
  onRestored,
}: {
  canRestore: boolean;
  onRestored: (restored: number, skipped: number) => void;
}) {
  const [page, setPage] = useState(1);
  const runs = useCleanupRuns({ page, limit: LIMIT });
  const [restoring, setRestoring] = useState<CleanupRun | null>(null);
  const restore = useRestoreCleanup();
  return (
    <Stack gap="sm" component="section" aria-labelledby="cleanup-runs">
      <Title order={2} fz="h3" id="cleanup-runs">
        Past runs
      </Title>
      <ErrorAlert error={runs.error} />
      <DataTable
        aria-label="Past runs"
        {...TABLE_LOOK}
        minHeight={120}
        records={runs.data?.items ?? []}
        fetching={runs.isFetching}
        totalRecords={runs.data?.total ?? 0}
        recordsPerPage={LIMIT}
        page={page}
        onPageChange={setPage}
        paginationText={paginationText}
        noRecordsText="No cleanup has run yet"
        columns={[
          {
            accessor: 'createdAt',
            title: 'When',
            render: (r) => (
              <Stack gap={0}>
                <Text size="sm">{formatDateTime(r.createdAt)}</Text>
                {/* On a phone the finder goes under the date. */}
                <Text size="xs" hiddenFrom="sm">
                  {finderOf(r)}
                </Text>
              </Stack>
            ),
          },
          { accessor: 'kind', title: 'Finder', visibleMediaQuery: WIDE, render: finderOf },
          { accessor: 'count', title: 'People', width: 84, textAlign: 'right' },
          {
            accessor: 'createdBy',
            title: 'By',
            width: 160,
            visibleMediaQuery: WIDE,
            render: (r) => r.createdBy ?? '—',
          },
          {
            accessor: 'restoredAt',
            title: 'Restore',
            width: 96,
            render: (r) =>
              r.restoredAt ? (
                <Text size="sm" title={r.restoredBy ? `By ${r.restoredBy}` : undefined}>
                  Restored
                </Text>
              ) : canRestore ? (
                <Button
                  size="compact-xs"
                  variant="light"
                  aria-label={`Restore the run of ${formatDateTime(r.createdAt)}`}
                  onClick={() => {
                    restore.reset();
                    setRestoring(r);
                  }}
                >
                  Restore
                </Button>
              ) : null,
          },
        ]}
      />
      <Modal
        opened={restoring !== null}
        onClose={() => {
          setRestoring(null);
        }}
        closeButtonProps={CLOSE_LABEL}
        title="Restore people"
      >
        <Stack gap="sm">
          <Text>
            Restore the {restoring?.count === 1 ? 'person' : `${restoring?.count ?? 0} people`} of
            this run, with their roles? Anyone merged into someone else since stays removed.
          </Text>
          <DialogActions
            backLabel="Cancel"
            onBack={() => {
              setRestoring(null);
            }}
            label="Restore"
            isBusy={restore.isPending}
            failure={restore.error ? displayError(restore.error) : null}
            onConfirm={() => {
              if (!restoring) return;
              restore.mutate(restoring.id, {
                onSuccess: (done) => {
                  setRestoring(null);
                  onRestored(done.restored, done.skipped);
                },
              });
            }}
          />
        </Stack>
      </Modal>
    </Stack>
  );
}
