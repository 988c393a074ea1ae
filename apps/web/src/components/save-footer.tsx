import { Button, Group } from '@mantine/core';
import type { SaveOutcome } from '../lib/use-save-outcome';
import { FailureAlert } from './failure-alert';
import { StaleVersionAlert } from './stale-version-alert';

type SaveFooterProps = {
  outcome: Pick<SaveOutcome, 'stale' | 'failure' | 'reload'>;
  submitLabel: string;
  isSubmitting: boolean;
  /** False where the form is only read: no submit button then. */
  canSubmit?: boolean;
};

/** The end of a record form: someone else's newer version to reload, what went wrong, and the
 * submit button. */
export function SaveFooter({
  outcome,
  submitLabel,
  isSubmitting,
  canSubmit = true,
}: SaveFooterProps) {
  return (
    <>
      {outcome.stale ? (
        <StaleVersionAlert detail={outcome.stale} onReload={() => void outcome.reload()} />
      ) : null}
      <FailureAlert text={outcome.failure} />
      {canSubmit ? (
        <Group>
          <Button type="submit" loading={isSubmitting}>
            {submitLabel}
          </Button>
        </Group>
      ) : null}
    </>
  );
}
