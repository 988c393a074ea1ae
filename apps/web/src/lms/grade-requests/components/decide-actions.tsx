import '../styles';
import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { GradeRequestDetail } from '@lantern/contracts/grade-requests';
import { DialogActions } from '../../../components/dialog-actions';
import { ModalForm } from '../../../components/modal-form';
import { isApiError } from '../../../lib/api-errors';
import { displayError } from '../../../lib/errors';
import { useDecideGradeRequest } from '../api/decide-grade-request';

type Action = 'approve' | 'decline' | 'withdraw';

/**
 * Approve (an optional note), decline (a note, required) for a decider; withdraw for the
 * requester. Each asks first; the server's refusal (a stale grade, decided meanwhile) shows in
 * the dialog as it comes.
 */
export function DecideActions({ detail }: { detail: GradeRequestDetail }) {
  const { t } = useTranslation();
  const { request } = detail;
  const decide = useDecideGradeRequest();
  const [action, setAction] = useState<Action | null>(null);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  if (request.state !== 'open' || (!request.mayDecide && !request.mayWithdraw)) return null;

  const close = () => {
    setAction(null);
    setNote('');
    setNoteError(null);
    decide.reset();
  };
  const submit = () => {
    if (action === null) return;
    const base = { id: request.id, version: request.version };
    const trimmed = note.trim();
    if (action === 'decline' && trimmed === '') {
      setNoteError(t('requests.decide.noteRequired', 'Say why the request is declined.'));
      return;
    }
    const input =
      action === 'approve'
        ? { action, ...base, ...(trimmed ? { note: trimmed } : {}) }
        : action === 'decline'
          ? { action, ...base, note: trimmed }
          : { action, ...base };
    decide.mutate(input, {
      onSuccess: close,
      onError: (error) => {
        if (isApiError(error) && error.fields.note) setNoteError(error.fields.note);
      },
    });
  };

  const titles: Record<Action, string> = {
    approve: t('requests.decide.approveTitle', 'Approve request #{{id}}', { id: request.id }),
    decline: t('requests.decide.declineTitle', 'Decline request #{{id}}', { id: request.id }),
    withdraw: t('requests.decide.withdrawTitle', 'Withdraw request #{{id}}', { id: request.id }),
  };
  const explain: Record<Action, string> = {
    approve:
      request.kind === 'undo_publish'
        ? t(
            'requests.decide.approveUndo',
            'The grade becomes a draft again: the student no longer sees it until it is published again.',
          )
        : t('requests.decide.approveChange', 'The new grade is written and the student sees it.'),
    decline: t('requests.decide.declineExplain', 'The grade stays as it is.'),
    withdraw: t(
      'requests.decide.withdrawExplain',
      'The request is closed and nobody decides it. The grade stays as it is.',
    ),
  };
  const confirm: Record<Action, string> = {
    approve: t('requests.decide.approve', 'Approve'),
    decline: t('requests.decide.decline', 'Decline'),
    withdraw: t('requests.decide.withdraw', 'Withdraw'),
  };
  const failure =
    decide.error && !(isApiError(decide.error) && decide.error.fields.note)
      ? displayError(decide.error)
      : null;

  return (
    <>
      <Group gap="xs">
        {request.mayDecide ? (
          <>
            <Button
              color="teal.9"
              size="sm"
              // An open request on a changed grade cannot be approved (decision 0021 §2.4).
              disabled={detail.stale}
              onClick={() => {
                setAction('approve');
              }}
            >
              {confirm.approve}
            </Button>
            <Button
              variant="default"
              size="sm"
              onClick={() => {
                setAction('decline');
              }}
            >
              {confirm.decline}
            </Button>
          </>
        ) : null}
        {request.mayWithdraw ? (
          <Button
            variant="default"
            size="sm"
            onClick={() => {
              setAction('withdraw');
            }}
          >
            {confirm.withdraw}
          </Button>
        ) : null}
      </Group>
      <Modal
        opened={action !== null}
        onClose={close}
        title={action ? titles[action] : ''}
        closeButtonProps={{ 'aria-label': t('common.close', 'Close') }}
      >
        {action ? (
          <ModalForm onSubmit={submit} aria-label={titles[action]}>
            <Stack gap="sm">
              <Text size="sm">{explain[action]}</Text>
              {action !== 'withdraw' ? (
                <Textarea
                  label={
                    action === 'decline'
                      ? t('requests.decide.declineNote', 'Why is it declined?')
                      : t('requests.decide.approveNote', 'Note (optional)')
                  }
                  required={action === 'decline'}
                  autosize
                  minRows={2}
                  maxLength={2000}
                  value={note}
                  error={noteError}
                  onChange={(e) => {
                    setNote(e.currentTarget.value);
                    setNoteError(null);
                  }}
                />
              ) : null}
              <DialogActions
                failure={failure}
                onBack={close}
                backLabel="Cancel"
                label={confirm[action]}
                color={action === 'approve' ? 'teal.9' : action === 'decline' ? 'red.9' : undefined}
                isBusy={decide.isPending}
              />
            </Stack>
          </ModalForm>
        ) : null}
      </Modal>
    </>
  );
}
