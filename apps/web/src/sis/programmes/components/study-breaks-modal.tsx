import { useState } from 'react';
import {
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  studyBreakInputSchema,
  type Enrolment,
  type StudyBreak,
} from '@lantern/contracts/programme';
import { ErrorAlert, FailureAlert } from '../../../components/failure-alert';
import { ModalForm } from '../../../components/modal-form';
import { CLOSE_LABEL } from '../../../lib/a11y';
import { displayError } from '../../../lib/errors';
import { applyFieldErrors } from '../../../lib/form-errors';
import {
  notifyFailure,
  notifyInvalid,
  notifySuccess,
  outcomeTexts,
  type OutcomeTexts,
} from '../../../lib/notify';
import { useAddStudyBreak } from '../api/add-study-break';
import { useEndStudyBreak } from '../api/end-study-break';
import { useStudyBreaks, type EnrolmentRef } from '../api/get-study-breaks';
import { useRemoveStudyBreak } from '../api/remove-study-break';
import { formatDate } from '../../../lib/format';
import { FormDateField } from '../../../components/date-field';

const ADD_TEXTS = outcomeTexts('Study break added', 'The study break was not added');
const END_TEXTS = outcomeTexts('Study break ended', 'The study break was not ended');
const REMOVE_TEXTS = outcomeTexts('Study break removed', 'The study break was not removed');

type Values = z.input<typeof studyBreakInputSchema>;
type Output = z.output<typeof studyBreakInputSchema>;

const today = () => new Date().toISOString().slice(0, 10);

function whenOf(pause: StudyBreak): { label: string; color: string } {
  if (pause.current) return { label: 'now', color: 'violet.9' };
  return pause.endsOn < today()
    ? { label: 'ended', color: 'gray.8' }
    : { label: 'to come', color: 'blue.9' };
}

function BreakForm({ target }: { target: EnrolmentRef }) {
  const add = useAddStudyBreak();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, control, handleSubmit, setError, reset, formState } = useForm<
    Values,
    unknown,
    Output
  >({
    resolver: zodResolver(studyBreakInputSchema),
    defaultValues: { startsOn: today(), endsOn: '', reason: '' },
  });
  const onSubmit = handleSubmit(
    async (data) => {
      setFailure(null);
      try {
        await add.mutateAsync({ ...target, data });
        notifySuccess('study-breaks', ADD_TEXTS);
        reset({ startsOn: today(), endsOn: '', reason: '' });
      } catch (error) {
        if (!applyFieldErrors(error, setError, ['startsOn', 'endsOn', 'reason']))
          setFailure(displayError(error));
        notifyFailure('study-breaks', displayError(error), ADD_TEXTS);
      }
    },
    notifyInvalid('study-breaks', ADD_TEXTS),
  );
  return (
    <ModalForm onSubmit={onSubmit} aria-label="New study break">
      <Stack gap="xs">
        <Title order={3} fz="h5">
          New study break
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <FormDateField control={control} name="startsOn" label="From" required />
          <FormDateField control={control} name="endsOn" label="To" required />
        </SimpleGrid>
        <TextInput
          label="Reason"
          description="Optional"
          error={formState.errors.reason?.message}
          {...register('reason')}
        />
        <FailureAlert text={failure} />
        <Group justify="flex-end">
          <Button type="submit" size="sm" loading={formState.isSubmitting}>
            Add study break
          </Button>
        </Group>
      </Stack>
    </ModalForm>
  );
}

/** What the modal reads of a student: their enrolment id, state and name. */
type BreaksStudent = Pick<Enrolment, 'id' | 'state'> & {
  student: Pick<Enrolment['student'], 'firstName' | 'lastName'>;
};

type StudyBreaksModalProps = {
  programmeId: number;
  enrolment: BreaksStudent | null;
  canEdit: boolean;
  onClose: () => void;
  /** A bachelor's breaks are its programme breaks, behind its own rights (decision 0022). */
  programmeType?: EnrolmentRef['programmeType'];
};

function BreaksBody({ target, canEdit }: { target: EnrolmentRef; canEdit: boolean }) {
  const breaks = useStudyBreaks(target);
  const end = useEndStudyBreak();
  const remove = useRemoveStudyBreak();
  const [failure, setFailure] = useState<string | null>(null);
  const run = async (action: () => Promise<unknown>, texts: OutcomeTexts) => {
    setFailure(null);
    try {
      await action();
      notifySuccess('study-breaks', texts);
    } catch (error) {
      setFailure(displayError(error));
      notifyFailure('study-breaks', displayError(error), texts);
    }
  };
  const busy = end.isPending || remove.isPending;
  return (
    <Stack gap="sm">
      {breaks.isPending ? (
        <Loader size="sm" role="status" aria-label="Loading study breaks" />
      ) : null}
      <ErrorAlert error={breaks.error} />
      {breaks.data?.length === 0 ? <Text size="sm">No study breaks.</Text> : null}
      {breaks.data && breaks.data.length > 0 ? (
        <Table.ScrollContainer minWidth={420}>
          <Table fz="sm" verticalSpacing={4} striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>From</Table.Th>
                <Table.Th>To</Table.Th>
                <Table.Th>Reason</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {breaks.data.map((pause) => {
                const when = whenOf(pause);
                return (
                  <Table.Tr key={pause.id}>
                    <Table.Td>{formatDate(pause.startsOn)}</Table.Td>
                    <Table.Td>{formatDate(pause.endsOn)}</Table.Td>
                    <Table.Td>{pause.reason ?? '—'}</Table.Td>
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <Badge size="sm" variant="filled" color={when.color} tt="none">
                          {when.label}
                        </Badge>
                        {canEdit && pause.current ? (
                          <Button
                            size="compact-xs"
                            variant="default"
                            disabled={busy}
                            onClick={() =>
                              void run(
                                () => end.mutateAsync({ ...target, breakId: pause.id }),
                                END_TEXTS,
                              )
                            }
                          >
                            End today
                          </Button>
                        ) : null}
                        {canEdit && !pause.current && when.label === 'to come' ? (
                          <Button
                            size="compact-xs"
                            variant="default"
                            color="red.9"
                            disabled={busy}
                            onClick={() =>
                              void run(
                                () => remove.mutateAsync({ ...target, breakId: pause.id }),
                                REMOVE_TEXTS,
                              )
                            }
                          >
                            Remove
                          </Button>
                        ) : null}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      <FailureAlert text={failure} />
      {canEdit ? <BreakForm target={target} /> : null}
    </Stack>
  );
}

/** A student's study breaks in the programme: see them, and (with the right) add, end or remove. */
export function StudyBreaksModal({
  programmeId,
  enrolment,
  canEdit,
  onClose,
  programmeType,
}: StudyBreaksModalProps) {
  // The modal keeps its last student while it fades out, so it never shows without a name.
  const [shown, setShown] = useState<BreaksStudent | null>(null);
  if (enrolment !== null && enrolment !== shown) setShown(enrolment);
  return (
    <Modal
      closeButtonProps={CLOSE_LABEL}
      opened={enrolment !== null}
      onClose={onClose}
      title={
        shown
          ? `Study breaks of ${shown.student.firstName} ${shown.student.lastName}`
          : 'Study breaks'
      }
      size="lg"
    >
      {shown ? (
        <BreaksBody
          key={shown.id}
          target={{ programmeId, enrolmentId: shown.id, programmeType }}
          canEdit={canEdit && shown.state === 'active'}
        />
      ) : null}
    </Modal>
  );
}
