import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import {
  PROGRAMME_ACTIONS,
  REOPEN_CERTIFICATES_WARNING,
  type Programme,
  type ProgrammeAction,
} from '@lantern/contracts/programme';
import { DialogActions } from '../../../components/dialog-actions';
import { StaleVersionAlert } from '../../../components/stale-version-alert';
import { CLOSE_LABEL, READABLE_TITLE } from '../../../lib/a11y';
import { isApiError } from '../../../lib/api-errors';
import { useCurrentUser } from '../../../lib/base-data';
import { displayError } from '../../../lib/errors';
import { notifyFailure, notifySuccess, outcomeTexts } from '../../../lib/notify';
import { useRunProgrammeAction } from '../api/run-programme-action';
import { availableProgrammeActions, confirmTexts } from '../programme-actions';

type ProgrammeActionsProps = {
  programme: Programme;
  /** Reads the programme again (after a stale version). */
  onReload: () => void;
};

/** The status moves the user may make now, each confirmed first when the table asks for it. */
export function ProgrammeActions({ programme, onReload }: ProgrammeActionsProps) {
  const user = useCurrentUser();
  const run = useRunProgrammeAction();
  const [asking, setAsking] = useState<ProgrammeAction | null>(null);
  // The modal keeps its last action while it fades out, so it never shows without a name.
  const [shown, setShown] = useState<ProgrammeAction>('cancel');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [stale, setStale] = useState<string | null>(null);
  const actions = availableProgrammeActions(programme.status, user);
  if (actions.length === 0 && !refusal && !stale) return null;

  const perform = async (action: ProgrammeAction) => {
    setAsking(null);
    setRefusal(null);
    setStale(null);
    const { label } = PROGRAMME_ACTIONS[action];
    const outcome = outcomeTexts(`${label}: done`, `${label}: not done`);
    try {
      await run.mutateAsync({ id: programme.id, action, version: programme.version });
      notifySuccess('programme-action', outcome);
    } catch (error) {
      if (isApiError(error) && error.code === 'STALE_VERSION') setStale(error.message);
      else setRefusal(displayError(error));
      notifyFailure('programme-action', displayError(error), outcome);
    }
  };

  const texts = confirmTexts(shown, programme);

  return (
    <Stack gap="xs">
      <Group gap="xs" wrap="wrap" aria-label="Programme status actions" role="group">
        {actions.map((action) => {
          const isDestructive = action === 'cancel';
          return (
            <Button
              key={action}
              size="xs"
              variant={isDestructive ? 'outline' : 'filled'}
              color={isDestructive ? 'red.9' : undefined}
              loading={run.isPending && run.variables.action === action}
              disabled={run.isPending}
              onClick={() => {
                if (confirmTexts(action, programme)) {
                  setShown(action);
                  setAsking(action);
                } else void perform(action);
              }}
            >
              {PROGRAMME_ACTIONS[action].label}
            </Button>
          );
        })}
      </Group>
      {refusal ? (
        <Alert
          color="red.9"
          variant="light"
          role="alert"
          withCloseButton
          closeButtonLabel="Close"
          onClose={() => {
            setRefusal(null);
          }}
        >
          {refusal}
        </Alert>
      ) : null}
      {stale ? (
        <StaleVersionAlert
          detail={stale}
          onReload={() => {
            setStale(null);
            onReload();
          }}
        />
      ) : null}
      <Modal
        closeButtonProps={CLOSE_LABEL}
        opened={asking !== null}
        onClose={() => {
          setAsking(null);
        }}
        title={PROGRAMME_ACTIONS[shown].label}
      >
        <Stack gap="sm">
          {texts?.map((text) =>
            text === REOPEN_CERTIFICATES_WARNING ? (
              <Alert
                key={text}
                color="red.9"
                variant="light"
                title="Certificates exist"
                styles={READABLE_TITLE}
              >
                {text}
              </Alert>
            ) : (
              <Text key={text} size="sm">
                {text}
              </Text>
            ),
          )}
          <DialogActions
            onBack={() => {
              setAsking(null);
            }}
            label={PROGRAMME_ACTIONS[shown].label}
            color={shown === 'cancel' ? 'red.9' : undefined}
            onConfirm={() => {
              void perform(shown);
            }}
          />
        </Stack>
      </Modal>
    </Stack>
  );
}
