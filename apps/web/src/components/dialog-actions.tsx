import type { ReactNode } from 'react';
import { Button, Group } from '@mantine/core';
import { FailureAlert } from './failure-alert';

type DialogActionsProps = {
  /** What went wrong, shown above the buttons. */
  failure?: string | null | undefined;
  /** Leaves the dialog without doing anything. */
  onBack: () => void;
  backLabel?: 'Back' | 'Cancel';
  /** The button that does what the dialog asks. */
  label: ReactNode;
  isBusy?: boolean | undefined;
  /** Red where it cannot be undone. */
  color?: string | undefined;
  /** Absent when the button submits the dialog's form. */
  onConfirm?: (() => void) | undefined;
};

/** The end of a dialog: what went wrong, then Back (or Cancel) and the button that does it. */
export function DialogActions({
  failure,
  onBack,
  backLabel = 'Back',
  label,
  isBusy,
  color,
  onConfirm,
}: DialogActionsProps) {
  return (
    <>
      <FailureAlert text={failure} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onBack}>
          {backLabel}
        </Button>
        {onConfirm ? (
          <Button color={color} loading={isBusy} onClick={onConfirm}>
            {label}
          </Button>
        ) : (
          <Button type="submit" color={color} loading={isBusy}>
            {label}
          </Button>
        )}
      </Group>
    </>
  );
}
