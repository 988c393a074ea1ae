import '../credits-styles';
import { useState } from 'react';
import { Button, Modal, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useParams } from 'react-router';
import type { z } from 'zod';
import { transferOutInputSchema, type Transfer } from '@lantern/contracts/bachelor-credits';
import { DialogActions } from '../../../components/dialog-actions';
import { ErrorAlert } from '../../../components/failure-alert';
import { ListSearch } from '../../../components/list-search';
import { ListTable } from '../../../components/list-table';
import { useCurrentUser } from '../../../lib/base-data';
import { displayError } from '../../../lib/errors';
import { applyFieldErrors } from '../../../lib/form-errors';
import { formatDate, formatDateTime } from '../../../lib/format';
import { listPageProps, listQuery, useListState, type ListSpec } from '../../../lib/list-state';
import { notifySuccess, outcomeTexts } from '../../../lib/notify';
import { requireRight } from '../../../lib/require-right';
import { hasRight } from '../../../lib/rights';
import { useTransfers } from '../api/find-transfers';
import { useTransferOut } from '../api/transfer-out';
import { StudentSelect } from '../components/student-select';

export const loader = requireRight('BA_TRANSFER_OUT__DISPLAY');

const SPEC: ListSpec<'created', never> = {
  sorts: ['created'],
  defaultSort: 'created',
  defaultDir: 'desc',
  filters: [],
};
type Values = z.input<typeof transferOutInputSchema>;

function TransferOutForm({ programmeId }: { programmeId: number }) {
  const transferOut = useTransferOut(programmeId);
  const [confirming, setConfirming] = useState<z.output<typeof transferOutInputSchema> | null>(
    null,
  );
  const { control, register, handleSubmit, setError, reset, formState } = useForm<
    Values,
    unknown,
    z.output<typeof transferOutInputSchema>
  >({ resolver: zodResolver(transferOutInputSchema), defaultValues: { reason: '' } });
  const onSubmit = handleSubmit((data) => {
    setConfirming(data);
  });
  const confirm = async () => {
    if (!confirming) return;
    try {
      await transferOut.mutateAsync(confirming);
      notifySuccess(
        'transfer-out',
        outcomeTexts('Transferred out: the ledger took their credit.', 'Not transferred out.'),
      );
      setConfirming(null);
      reset({ reason: '' });
    } catch (error) {
      if (applyFieldErrors(error, setError, ['enrolmentId', 'reason'])) setConfirming(null);
    }
  };
  return (
    <Paper withBorder p="sm" maw={640}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Mark a transfer out">
        <Stack gap="xs">
          <Title order={3} size="h5">
            Mark a student transferred out
          </Title>
          <Controller
            control={control}
            name="enrolmentId"
            render={({ field, fieldState }) => (
              <StudentSelect
                programmeId={programmeId}
                value={(field.value as number | undefined) ?? null}
                onChange={(v) => {
                  field.onChange(v ?? undefined);
                }}
                error={fieldState.error?.message}
              />
            )}
          />
          <Textarea
            label="Reason"
            required
            autosize
            minRows={2}
            maxLength={2000}
            error={formState.errors.reason?.message}
            {...register('reason')}
          />
          <div>
            <Button type="submit" color="red" variant="light" c="red.9">
              Transfer out…
            </Button>
          </div>
        </Stack>
      </form>
      <Modal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title="Transfer this student out?"
      >
        <Stack gap="sm">
          <Text size="sm">
            Their whole degree progress leaves the ledger with a transfer-out entry. This cannot be
            undone by editing; a correction is a new entry.
          </Text>
          <DialogActions
            failure={transferOut.isError ? displayError(transferOut.error) : null}
            onBack={() => setConfirming(null)}
            label="Transfer out"
            color="red"
            isBusy={transferOut.isPending}
            onConfirm={() => void confirm()}
          />
        </Stack>
      </Modal>
    </Paper>
  );
}

/** transfer-out/bachelor: students leaving for (or reported to) the certifying university. */
export default function TransferOut() {
  const id = Number(useParams().programme);
  const user = useCurrentUser();
  const [state, change] = useListState(SPEC);
  const transfers = useTransfers(id, 'out', listQuery(state));
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        Transfers out
      </Title>
      {hasRight(user, 'BA_TRANSFER_OUT__EDIT') ? <TransferOutForm programmeId={id} /> : null}
      <ListSearch
        value={state.q}
        onSearch={(q) => {
          change({ q });
        }}
        placeholder="Student or JWL-ID"
      />
      {transfers.isError ? <ErrorAlert error={transfers.error} /> : null}
      <ListTable<Transfer, 'created'>
        {...listPageProps(state, change, transfers)}
        label="Students transferred out"
        minHeight={160}
        noRecordsText="No student transferred out"
        columns={[
          {
            accessor: 'studentName',
            title: 'Student',
            render: (t) => `${t.studentName} (${t.jwlId})`,
          },
          { accessor: 'credits', title: 'Credits taken' },
          { accessor: 'reason', title: 'Reason' },
          { accessor: 'decidedBy', title: 'Recorded by' },
          {
            accessor: 'created',
            title: 'When',
            sortable: true,
            render: (t) => formatDateTime(t.createdAt),
          },
          {
            accessor: 'ledgerEntryId',
            title: 'Credit ledger',
            // The entry is written with the transfer, in the same transaction: its kind and
            // day say what it is; its number means nothing to a reader.
            render: (t) =>
              t.ledgerEntryId ? `Transfer-out entry of ${formatDate(t.createdAt)}` : '—',
          },
        ]}
      />
    </Stack>
  );
}
