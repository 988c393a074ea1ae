import { useState } from 'react';
import {
  Anchor,
  Button,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import { EXPORT_STATUS_LABELS } from '@lantern/contracts/bachelor';
import {
  EXPORT_STATUS_FILTER_LABELS,
  EXPORT_STATUS_FILTERS,
  type ExportStatusFilter,
  type ExportStudent,
} from '@lantern/contracts/bachelor-verification';
import { DialogActions } from '../../../components/dialog-actions';
import { ErrorAlert } from '../../../components/failure-alert';
import { ExportButtons } from '../../../components/export-buttons';
import { ListSearch } from '../../../components/list-search';
import { paginationText, TABLE_LOOK } from '../../../components/list-table';
import { useCurrentUser } from '../../../lib/base-data';
import { displayError } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../../lib/list-state';
import { notifySuccess, outcomeTexts } from '../../../lib/notify';
import { hasRight } from '../../../lib/rights';
import { downloadExportBatch } from '../api/download-export-batch';
import { useExportBatches } from '../api/find-export-batches';
import { useExportStudents } from '../api/find-export-students';
import { useExportGraduates } from '../api/export-graduates';
import { useMoveExportStatus, type ExportStatusMove } from '../api/move-export-status';
import { counted } from '../../../lib/plural';

const MOVE_TEXTS = {
  complete: {
    label: 'Mark completed',
    ask: 'Mark these students completed? Each must hold a final passing grade in every course.',
    done: outcomeTexts('Marked completed', 'Marking completed failed'),
  },
  graduate: {
    label: 'Mark graduated',
    ask: 'Mark these students graduated? Only students completed and exported can graduate.',
    done: outcomeTexts('Marked graduated', 'Marking graduated failed'),
  },
} as const;

/** The programme's graduate export batches, each with its file. */
function Batches({ programmeId }: { programmeId: number }) {
  const batches = useExportBatches(programmeId);
  const user = useCurrentUser();
  if (!batches.data || batches.data.items.length === 0) return null;
  return (
    <Stack gap={4}>
      <Title order={3} size="h5">
        Export batches
      </Title>
      <Table aria-label="Export batches" withTableBorder striped fz="sm" verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Batch</Table.Th>
            <Table.Th>Students</Table.Th>
            <Table.Th>By</Table.Th>
            <Table.Th>When</Table.Th>
            <Table.Th>File</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {batches.data.items.map((b) => (
            <Table.Tr key={b.id}>
              <Table.Td>#{b.id}</Table.Td>
              <Table.Td>{b.rows}</Table.Td>
              <Table.Td>{b.createdBy ?? '—'}</Table.Td>
              <Table.Td>{formatDateTime(b.createdAt)}</Table.Td>
              <Table.Td>
                {b.fileName && hasRight(user, 'BA_VERIFICATION__EXPORT') ? (
                  <Anchor
                    component="button"
                    size="sm"
                    onClick={() => void downloadExportBatch(programmeId, b.id)}
                  >
                    {b.fileName}
                  </Anchor>
                ) : (
                  (b.fileName ?? 'No file kept')
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/** Students and their export status, filtered by status; mark completed, export, graduate. */
export function ExportStatusList({ programmeId }: { programmeId: number }) {
  const user = useCurrentUser();
  const [status, setStatus] = useState<ExportStatusFilter | 'all'>('all');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(DEFAULT_PAGE_SIZE);
  const [selected, setSelected] = useState<ExportStudent[]>([]);
  const [asked, setAsked] = useState<ExportStatusMove['move'] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const students = useExportStudents(programmeId, {
    status: status === 'all' ? undefined : status,
    q,
    page,
    limit,
  });
  const move = useMoveExportStatus(programmeId);
  const exportBatch = useExportGraduates(programmeId);
  const mayMark = hasRight(user, 'BA_STUDENT_STATUS__EDIT');
  const mayExport = hasRight(user, 'BA_VERIFICATION__EXPORT');
  const ids = selected.map((s) => s.enrolmentId);
  const close = () => {
    setAsked(null);
    setFailure(null);
  };
  const confirm = () => {
    if (!asked) return;
    move.mutate(
      { move: asked, enrolmentIds: ids },
      {
        onSuccess: () => {
          notifySuccess('export-status', MOVE_TEXTS[asked].done);
          setSelected([]);
          close();
        },
        onError: (error) => setFailure(displayError(error)),
      },
    );
  };
  const completedChosen = selected
    .filter((s) => s.status === 'completed')
    .map((s) => s.enrolmentId);
  return (
    <Stack gap="xs">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <ListSearch
          value={q}
          onSearch={(next) => {
            setQ(next);
            setPage(1);
          }}
          placeholder="Student or JWL-ID"
        />
        <SegmentedControl
          aria-label="Export status"
          value={status}
          onChange={(v) => {
            setStatus(v as ExportStatusFilter | 'all');
            setPage(1);
            setSelected([]);
          }}
          data={[
            { value: 'all', label: 'All' },
            ...EXPORT_STATUS_FILTERS.map((s) => ({
              value: s,
              label: EXPORT_STATUS_FILTER_LABELS[s],
            })),
          ]}
        />
      </Group>
      <Group gap="xs">
        {mayMark ? (
          <>
            <Button
              size="xs"
              variant="default"
              disabled={ids.length === 0}
              onClick={() => setAsked('complete')}
            >
              Mark completed ({ids.length})
            </Button>
            <Button
              size="xs"
              variant="default"
              disabled={ids.length === 0}
              onClick={() => setAsked('graduate')}
            >
              Mark graduated ({ids.length})
            </Button>
          </>
        ) : null}
        {mayExport ? (
          <Group gap={4}>
            <Text size="sm">
              Export{' '}
              {completedChosen.length > 0 ? `${String(completedChosen.length)} chosen` : 'every'}{' '}
              completed student to the university:
            </Text>
            <ExportButtons
              onExport={async (format) => {
                const batch = await exportBatch.mutateAsync({
                  format,
                  enrolmentIds: completedChosen.length > 0 ? completedChosen : undefined,
                });
                setSelected([]);
                notifySuccess(
                  'export-batch',
                  outcomeTexts(
                    `Batch #${String(batch.id)}: ${String(batch.rows)} ${batch.rows === 1 ? 'student' : 'students'} exported`,
                    'The export failed',
                  ),
                );
                await downloadExportBatch(programmeId, batch.id);
              }}
            />
          </Group>
        ) : null}
      </Group>
      {students.isError ? <ErrorAlert error={students.error} /> : null}
      <DataTable
        aria-label="Students and their export status"
        {...TABLE_LOOK}
        minHeight={160}
        records={students.data?.items ?? []}
        idAccessor="enrolmentId"
        fetching={students.isFetching}
        totalRecords={students.data?.total ?? 0}
        recordsPerPage={limit}
        recordsPerPageOptions={[...PAGE_SIZES]}
        onRecordsPerPageChange={(n) => {
          setLimit(n);
          setPage(1);
        }}
        recordsPerPageLabel="Rows per page"
        page={page}
        onPageChange={setPage}
        paginationText={paginationText}
        noRecordsText="No students"
        {...(mayMark || mayExport
          ? {
              selectedRecords: selected,
              onSelectedRecordsChange: setSelected,
              allRecordsSelectionCheckboxProps: { 'aria-label': 'Select all on this page' },
              getRecordSelectionCheckboxProps: (s: ExportStudent) => ({
                'aria-label': `Select ${s.student}`,
              }),
            }
          : {})}
        columns={[
          { accessor: 'student', title: 'Student' },
          { accessor: 'jwlId', title: 'JWL-ID' },
          { accessor: 'clcName', title: 'CLC' },
          {
            accessor: 'passed',
            title: 'Courses passed',
            render: (s) => `${String(s.passed)} of ${String(s.courses)}`,
          },
          {
            accessor: 'status',
            title: 'Export status',
            render: (s) =>
              s.status ? EXPORT_STATUS_LABELS[s.status] : EXPORT_STATUS_FILTER_LABELS.none,
          },
          {
            accessor: 'batchId',
            title: 'Batch',
            render: (s) => (s.batchId ? `#${String(s.batchId)}` : ''),
          },
          { accessor: 'changedAt', title: 'Changed', render: (s) => formatDateTime(s.changedAt) },
        ]}
      />
      <Batches programmeId={programmeId} />
      <Modal opened={asked !== null} onClose={close} title={asked ? MOVE_TEXTS[asked].label : ''}>
        {asked ? (
          <Stack gap="sm">
            <Text size="sm">{MOVE_TEXTS[asked].ask}</Text>
            <Text size="sm">{counted(ids.length, 'student')} chosen.</Text>
            <DialogActions
              failure={failure}
              onBack={close}
              label={MOVE_TEXTS[asked].label}
              isBusy={move.isPending}
              onConfirm={confirm}
            />
          </Stack>
        ) : null}
      </Modal>
    </Stack>
  );
}
