import { useState } from 'react';
import { Anchor, Button, Group, Modal, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import { Link } from 'react-router';
import { gradeRequestInputSchema } from '@lantern/contracts/grade-requests';
import { DialogActions } from '../../../components/dialog-actions';
import { CLOSE_LABEL, READABLE_TITLE } from '../../../lib/a11y';
import { isApiError } from '../../../lib/api-errors';
import { displayError } from '../../../lib/errors';
import { fieldMessage } from '../../../lib/form-errors';
import { useCreateGradeRequest } from '../../../lms/grade-requests/public';

export type ResultToChange = {
  courseId: number;
  courseCode: string;
  studentId: number;
  studentName: string;
  score: number;
  version: number;
};

/**
 * A final course result changes only through a grade-change request (decision 0021 §2.3): the
 * reviewer proposes the new score with a reason, and another person approves it.
 */
export function AskResultChange(props: {
  result: ResultToChange;
  scaleMax: number;
  onClose: () => void;
}) {
  const { result } = props;
  const ask = useCreateGradeRequest();
  const [points, setPoints] = useState<number | string>(result.score);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sent, setSent] = useState<number | null>(null);

  const submit = () => {
    const parsed = gradeRequestInputSchema.safeParse({
      kind: 'grade_change',
      subject: 'course_result',
      courseId: result.courseId,
      studentId: result.studentId,
      gradeVersion: result.version,
      toPoints: typeof points === 'number' ? points : undefined,
      reason,
    });
    const found: Record<string, string> = {};
    for (const issue of parsed.error?.issues ?? []) {
      const field = String(issue.path[0] ?? '');
      if (!(field in found)) found[field] = issue.message;
    }
    if (typeof points === 'number' && points > props.scaleMax)
      found.toPoints = `At most ${String(props.scaleMax)}`;
    if (typeof points === 'number' && points === result.score)
      found.toPoints = found.toPoints ?? 'Enter a score other than the current one.';
    setErrors(found);
    if (!parsed.success || Object.keys(found).length > 0) return;
    ask.mutate(parsed.data, {
      onSuccess: (answer) => {
        setSent(answer.id);
      },
      onError: (error) => {
        if (isApiError(error))
          setErrors({
            toPoints: fieldMessage(error.fields, 'toPoints') ?? '',
            reason: fieldMessage(error.fields, 'reason') ?? '',
          });
      },
    });
  };

  return (
    <Modal
      opened
      onClose={props.onClose}
      title={`Ask for a change: ${result.courseCode}, ${result.studentName}`}
      closeButtonProps={CLOSE_LABEL}
      styles={READABLE_TITLE}
    >
      {sent !== null ? (
        <Stack gap="sm">
          <Text size="sm">
            Request #{sent} is open: another person approves or declines it. The result stays{' '}
            {result.score} until then.
          </Text>
          <Anchor component={Link} to={`/en/learning/grade-request/${String(sent)}`} size="sm">
            Open request #{sent}
          </Anchor>
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              Close
            </Button>
          </Group>
        </Stack>
      ) : (
        <form
          noValidate
          aria-label="Ask for a change of the result"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Stack gap="sm">
            <Text size="sm">
              This result is final since the programme finished. It is {result.score} of{' '}
              {props.scaleMax}.
            </Text>
            <NumberInput
              label="New result"
              required
              min={0}
              max={props.scaleMax}
              decimalScale={2}
              value={points}
              onChange={setPoints}
              error={errors.toPoints || undefined}
            />
            <Textarea
              label="Reason"
              description="The person who decides reads it; it stays with the grade's history."
              required
              autosize
              minRows={2}
              maxLength={2000}
              value={reason}
              onChange={(event) => {
                setReason(event.currentTarget.value);
              }}
              error={errors.reason || undefined}
            />
            <DialogActions
              failure={ask.isError ? displayError(ask.error) : null}
              onBack={props.onClose}
              backLabel="Cancel"
              label="Ask for the change"
              isBusy={ask.isPending}
            />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
