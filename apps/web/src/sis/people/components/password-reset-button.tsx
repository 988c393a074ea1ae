import { useState } from 'react';
import { Button, Modal, Stack, Text } from '@mantine/core';
import { PASSWORD_RESET_TTL_MINUTES } from '@lantern/contracts/constants';
import { DialogActions } from '../../../components/dialog-actions';
import { useCurrentUser } from '../../../lib/base-data';
import { displayError } from '../../../lib/errors';
import { notifyFailure, notifySuccess, outcomeTexts } from '../../../lib/notify';
import { hasRight } from '../../../lib/rights';
import { useSendPasswordReset } from '../api/send-password-reset';

const FORM = 'password-reset';
const TEXTS = outcomeTexts('Password reset link sent', 'The password reset link was not sent');

/**
 * Sends a person a link to set a new password, after a confirmation. Only for holders of
 * PASSWORD_RESET__EDIT; the server also refuses people whose roles the sender could not grant.
 */
export function PasswordResetButton({ personId, name }: { personId: number; name: string }) {
  const user = useCurrentUser();
  const send = useSendPasswordReset();
  const [isOpen, setOpen] = useState(false);
  if (!hasRight(user, 'PASSWORD_RESET__EDIT')) return null;

  const confirm = async () => {
    try {
      await send.mutateAsync({ id: personId });
      setOpen(false);
      notifySuccess(FORM, TEXTS);
    } catch (error) {
      setOpen(false);
      notifyFailure(FORM, displayError(error), TEXTS);
    }
  };

  return (
    <>
      <Button variant="default" onClick={() => setOpen(true)}>
        Send password reset link
      </Button>
      <Modal opened={isOpen} onClose={() => setOpen(false)} title="Send password reset link">
        <Stack gap="sm">
          <Text size="sm">
            {name} will get an e-mail with a link to set a new password, valid for{' '}
            {PASSWORD_RESET_TTL_MINUTES} minutes.
          </Text>
          <DialogActions
            onBack={() => setOpen(false)}
            backLabel="Cancel"
            label="Send link"
            isBusy={send.isPending}
            onConfirm={() => void confirm()}
          />
        </Stack>
      </Modal>
    </>
  );
}
