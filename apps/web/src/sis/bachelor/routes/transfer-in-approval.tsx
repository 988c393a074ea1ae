import '../credits-styles';
import { useState } from 'react';
import {
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Pagination,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useParams } from 'react-router';
import {
  TRANSFER_STATE_LABELS,
  TRANSFER_STATES,
  type TransferState,
} from '@lantern/contracts/bachelor';
import type { Transfer } from '@lantern/contracts/bachelor-credits';
import { DialogActions } from '../../../components/dialog-actions';
import { ErrorAlert } from '../../../components/failure-alert';
import { ListSearch } from '../../../components/list-search';
import { useCurrentUser } from '../../../lib/base-data';
import { displayError } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import { listQuery, useListState, type ListSpec } from '../../../lib/list-state';
import { notifySuccess, outcomeTexts } from '../../../lib/notify';
import { requireRight } from '../../../lib/require-right';
import { hasRight } from '../../../lib/rights';
import { useDecideTransferIn } from '../api/decide-transfer-in';
import { useTransfers } from '../api/find-transfers';
import { ConversionsCard } from '../components/conversions-card';
import { TransferSideBySide } from '../components/transfer-side-by-side';
import { counted } from '../../../lib/plural';

export const loader = requireRight('BA_TRANSFER_IN__DISPLAY');

const SPEC: ListSpec<'created', 'state' | 'kind'> = {
  sorts: ['created'],
  defaultSort: 'created',
  defaultDir: 'desc',
  filters: ['state', 'kind'],
};
const STATE_COLORS: Record<TransferState, string> = {
  proposed: 'yellow',
  approved: 'green',
  rejected: 'red',
};

type Deciding = { transfer: Transfer; action: 'approve' | 'reject' } | null;

/** transfer-in/approval: proposed transfers with source and converted grade side by side. */
export default function TransferInApproval() {
  const id = Number(useParams().programme);
  const user = useCurrentUser();
  const mayDecide = hasRight(user, 'BA_TRANSFER_IN__EDIT');
  const [state, change] = useListState(SPEC);
  const shownState = (state.filters.state ?? 'proposed') as TransferState;
  const query = { ...listQuery(state), state: shownState };
  const transfers = useTransfers(id, 'in', query);
  const [deciding, setDeciding] = useState<Deciding>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const decide = useDecideTransferIn(id);

  const close = () => {
    setDeciding(null);
    setReason('');
    setReasonError(null);
    decide.reset();
  };
  const confirm = async () => {
    if (!deciding) return;
    const { transfer, action } = deciding;
    if (action === 'reject' && !reason.trim()) {
      setReasonError('Say why.');
      return;
    }
    try {
      await decide.mutateAsync(
        action === 'approve'
          ? { action, transferId: transfer.id, version: transfer.version }
          : { action, transferId: transfer.id, version: transfer.version, reason: reason.trim() },
      );
      notifySuccess(
        'transfer-decision',
        outcomeTexts(
          action === 'approve' ? 'Approved: the credit is in the ledger.' : 'Rejected.',
          'Not decided.',
        ),
      );
      close();
    } catch {
      // The dialog shows the failure (a stale version or a decision already taken: 409).
    }
  };

  const pages = Math.max(1, Math.ceil((transfers.data?.total ?? 0) / state.limit));
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        Transfers in: approval
      </Title>
      <Group gap="xs" wrap="wrap" align="flex-end">
        <SegmentedControl
          aria-label="State"
          data={TRANSFER_STATES.map((s) => ({ value: s, label: TRANSFER_STATE_LABELS[s] }))}
          value={shownState}
          onChange={(v) => {
            change({ filters: { state: v === 'proposed' ? null : v } });
          }}
        />
        <ListSearch
          value={state.q}
          onSearch={(q) => {
            change({ q });
          }}
          placeholder="Student, JWL-ID or institution"
        />
      </Group>
      {transfers.isError ? <ErrorAlert error={transfers.error} /> : null}
      {!transfers.data ? (
        <Loader role="status" size="sm" aria-label="Loading transfers" />
      ) : transfers.data.items.length === 0 ? (
        <Text size="sm">No transfers {TRANSFER_STATE_LABELS[shownState].toLowerCase()}.</Text>
      ) : (
        <Stack
          component="ul"
          gap="xs"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label="Transfers"
        >
          {transfers.data.items.map((t) => (
            <Paper component="li" key={t.id} withBorder p="sm">
              <Stack gap={6}>
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Text size="sm" fw={600}>
                    #{t.id} · {t.studentName} ({t.jwlId}) ·{' '}
                    {t.kind === 'internal' ? 'Internal' : 'External'}
                  </Text>
                  <Badge color={STATE_COLORS[t.state]} variant="light" c="dark.8" tt="none">
                    {TRANSFER_STATE_LABELS[t.state]}
                  </Badge>
                </Group>
                <TransferSideBySide transfer={t} />
                <Text size="xs" c="gray.8">
                  Proposed by {t.proposedBy ?? '—'} on {formatDateTime(t.createdAt)}
                  {t.decidedBy
                    ? ` · decided by ${t.decidedBy} on ${formatDateTime(t.decidedAt)}`
                    : ''}
                  {t.reason ? ` · ${t.reason}` : ''}
                  {t.ledgerEntryId !== null ? ` · ledger entry #${t.ledgerEntryId}` : ''}
                </Text>
                {mayDecide && t.state === 'proposed' ? (
                  <Group gap="xs">
                    <Button
                      size="xs"
                      onClick={() => setDeciding({ transfer: t, action: 'approve' })}
                    >
                      Approve
                    </Button>
                    <Button
                      size="xs"
                      variant="default"
                      color="red"
                      onClick={() => setDeciding({ transfer: t, action: 'reject' })}
                    >
                      Reject
                    </Button>
                  </Group>
                ) : null}
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
      {pages > 1 ? (
        <Pagination
          total={pages}
          value={state.page}
          onChange={(page) => {
            change({ page });
          }}
          size="sm"
        />
      ) : null}
      <ConversionsCard programmeId={id} mayEdit={mayDecide} />
      <Modal
        opened={deciding !== null}
        onClose={close}
        title={deciding?.action === 'approve' ? 'Approve this transfer?' : 'Reject this transfer?'}
      >
        {deciding ? (
          <Stack gap="sm">
            <TransferSideBySide transfer={deciding.transfer} />
            {deciding.action === 'approve' ? (
              <Text size="sm">
                {deciding.transfer.studentName} gets {counted(deciding.transfer.credits, 'credit')}{' '}
                for {deciding.transfer.courseCode}. A ledger entry cannot be edited; a correction is
                a new entry.
              </Text>
            ) : (
              <Textarea
                label="Reason"
                required
                autosize
                minRows={2}
                maxLength={2000}
                value={reason}
                onChange={(e) => {
                  setReason(e.currentTarget.value);
                  setReasonError(null);
                }}
                error={reasonError}
              />
            )}
            <DialogActions
              failure={decide.isError ? displayError(decide.error) : null}
              onBack={close}
              label={deciding.action === 'approve' ? 'Approve' : 'Reject'}
              color={deciding.action === 'reject' ? 'red' : undefined}
              isBusy={decide.isPending}
              onConfirm={() => void confirm()}
            />
          </Stack>
        ) : null}
      </Modal>
    </Stack>
  );
}
