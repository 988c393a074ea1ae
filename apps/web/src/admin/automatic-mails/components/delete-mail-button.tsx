import { useState } from 'react';
import { Button, Modal, Stack, Text } from '@mantine/core';
import { DialogActions } from '../../../components/dialog-actions';
import { CLOSE_LABEL } from '../../../lib/a11y';
import { displayError } from '../../../lib/errors';
import { notifyFailure, notifySuccess, outcomeTexts } from '../../../lib/notify';
import { useDeleteAutomaticMail } from '../api/delete-automatic-mail';
import type { MailRef } from '../api/get-automatic-mail';

const DELETE_TEXTS = outcomeTexts('Automatic mail deleted', 'The automatic mail was not deleted');

/** Deletes the mail once confirmed. */
export function DeleteMailButton({ mail, onDeleted }: { mail: MailRef; onDeleted: () => void }) {
  const remove = useDeleteAutomaticMail();
  const [opened, setOpened] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const confirm = async () => {
    setFailure(null);
    try {
      await remove.mutateAsync(mail);
      notifySuccess('automatic-mail-delete', DELETE_TEXTS);
      setOpened(false);
      onDeleted();
    } catch (error) {
      setFailure(displayError(error));
      notifyFailure('automatic-mail-delete', displayError(error), DELETE_TEXTS);
    }
  };
  return (
    <>
      <Button
        size="sm"
        variant="outline"
        color="red.9"
        onClick={() => {
          setOpened(true);
        }}
      >
        Delete mail
      </Button>
      <Modal
        closeButtonProps={CLOSE_LABEL}
        opened={opened}
        onClose={() => {
          setOpened(false);
        }}
        title="Delete automatic mail"
      >
        <Stack gap="sm">
          <Text size="sm">
            Delete this automatic mail? No more mails of it go out on its event.
          </Text>
          <DialogActions
            failure={failure}
            onBack={() => {
              setOpened(false);
            }}
            label="Delete mail"
            color="red.9"
            isBusy={remove.isPending}
            onConfirm={() => void confirm()}
          />
        </Stack>
      </Modal>
    </>
  );
}
