import { useState } from 'react';
import { Modal, Stack, Text, Textarea } from '@mantine/core';
import { VALIDATION } from '@lantern/contracts/messages';
import {
  ENROLMENT_ACTIONS,
  type EnrolmentAction,
  type EnrolmentActionResult,
} from '@lantern/contracts/programme';
import { DialogActions } from '../../../components/dialog-actions';
import { ModalForm } from '../../../components/modal-form';
import { CLOSE_LABEL } from '../../../lib/a11y';
import { isApiError } from '../../../lib/api-errors';
import { displayError } from '../../../lib/errors';
import { fieldMessage } from '../../../lib/form-errors';
import { notifyFailure, notifySuccess, outcomeTexts } from '../../../lib/notify';
import { useRunEnrolmentAction } from '../api/run-enrolment-action';
import { DateField } from '../../../components/date-field';

type BulkActionModalProps = {
  programmeId: number;
  action: EnrolmentAction | null;
  enrolmentIds: number[];
  applicable: number;
  onClose: () => void;
  onDone: (action: EnrolmentAction, result: EnrolmentActionResult) => void;
};

/** One action on the selection, with an optional reason (and a break's end for a suspension). */
export function BulkActionModal(props: BulkActionModalProps) {
  const run = useRunEnrolmentAction();
  const [reason, setReason] = useState('');
  const [breakEndsOn, setBreakEndsOn] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; breakEndsOn?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  // The modal keeps its last action while it fades out, so it never shows without a name.
  const [action, setAction] = useState<EnrolmentAction>('accept');
  if (props.action !== null && props.action !== action) setAction(props.action);
  const isSuspend = action === 'suspend';
  const { label } = ENROLMENT_ACTIONS[action];
  const texts = outcomeTexts(`${label}: done`, `${label}: not done`);
  const selected = props.enrolmentIds.length;

  const close = () => {
    setReason('');
    setBreakEndsOn('');
    setErrors({});
    setFailure(null);
    props.onClose();
  };

  const submit = async () => {
    setFailure(null);
    if (isSuspend && breakEndsOn === '') {
      setErrors({ breakEndsOn: VALIDATION.date });
      notifyFailure('student-action', undefined, texts);
      return;
    }
    setErrors({});
    try {
      const result = await run.mutateAsync({
        programmeId: props.programmeId,
        input: {
          action,
          enrolmentIds: props.enrolmentIds,
          ...(reason.trim() ? { reason: reason.trim() } : {}),
          ...(isSuspend ? { breakEndsOn } : {}),
        },
      });
      if (result.done.length > 0) notifySuccess('student-action', texts);
      else notifyFailure('student-action', undefined, texts);
      props.onDone(action, result);
      close();
    } catch (error) {
      const fields = isApiError(error) ? error.fields : {};
      const next = {
        reason: fieldMessage(fields, 'reason'),
        breakEndsOn: fieldMessage(fields, 'breakEndsOn'),
      };
      setErrors(next);
      if (!next.reason && !next.breakEndsOn) setFailure(displayError(error));
      notifyFailure('student-action', displayError(error), texts);
    }
  };

  return (
    <Modal
      closeButtonProps={CLOSE_LABEL}
      opened={props.action !== null}
      onClose={close}
      title={label}
    >
      <ModalForm onSubmit={submit} aria-label={label}>
        <Stack gap="sm">
          <Text size="sm">
            {props.applicable === selected
              ? `For ${selected === 1 ? 'the selected student' : `all ${selected} selected students`}.`
              : `Applies to ${props.applicable} of the ${selected} selected students; the others will be refused, each with its reason.`}
          </Text>
          {isSuspend ? (
            <DateField
              label="Study break ends on"
              description="The break starts today"
              required
              value={breakEndsOn}
              onChange={setBreakEndsOn}
              error={errors.breakEndsOn}
            />
          ) : null}
          <Textarea
            label="Reason"
            description="Optional; kept in the history"
            autosize
            minRows={2}
            maxLength={500}
            value={reason}
            onChange={(event) => {
              setReason(event.currentTarget.value);
            }}
            error={errors.reason}
          />
          <DialogActions failure={failure} onBack={close} label={label} isBusy={run.isPending} />
        </Stack>
      </ModalForm>
    </Modal>
  );
}
