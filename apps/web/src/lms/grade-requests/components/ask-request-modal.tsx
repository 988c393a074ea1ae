import '../styles';
import { Modal, NumberInput, Select, Stack, Text, Textarea } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { gradeRequestInputSchema, type GradeRequestKind } from '@lantern/contracts/grade-requests';
import type { GradeOutcome } from '@lantern/contracts/learning-enums';
import { DialogActions } from '../../../components/dialog-actions';
import { ModalForm } from '../../../components/modal-form';
import { displayError } from '../../../lib/errors';
import { applyFieldErrors } from '../../../lib/form-errors';
import { isApiError } from '../../../lib/api-errors';
import { useCreateGradeRequest } from '../api/create-grade-request';
import { pointsText, valueText } from '../labels';

type Values = z.input<typeof gradeRequestInputSchema>;
type Output = z.output<typeof gradeRequestInputSchema>;

/** The published task grade a request is about, as the grading page knows it. */
export type RequestedGrade = {
  courseId: number;
  itemId: number;
  studentId: number;
  version: number;
  points: number | null;
  outcome: GradeOutcome;
  comment: string | null;
  maxPoints: number;
};

const FIELDS = ['reason', 'toPoints', 'toOutcome', 'toComment'] as const;

/**
 * "Ask to undo publishing" (a reason) or "Ask for a change" (new points, outcome, comment and a
 * reason) on a published grade. The form is checked by the server's own schema; a 400's field
 * messages go next to their fields, a refusal (409) above the buttons as the server words it.
 */
export function AskRequestModal({
  kind,
  grade,
  opened,
  onClose,
  onCreated,
}: {
  kind: GradeRequestKind;
  grade: RequestedGrade;
  opened: boolean;
  onClose: () => void;
  onCreated: (id: number) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateGradeRequest();
  const base = {
    kind,
    subject: 'task' as const,
    itemId: grade.itemId,
    courseId: grade.courseId,
    studentId: grade.studentId,
    gradeVersion: grade.version,
    reason: '',
  };
  const { control, register, handleSubmit, formState, setError, reset } = useForm<
    Values,
    unknown,
    Output
  >({
    resolver: zodResolver(gradeRequestInputSchema),
    defaultValues:
      kind === 'grade_change'
        ? { ...base, toPoints: grade.points, toOutcome: grade.outcome, toComment: grade.comment }
        : base,
  });
  const close = () => {
    create.reset();
    reset();
    onClose();
  };
  const onSubmit = handleSubmit(async (data) => {
    if (typeof data.toPoints === 'number' && data.toPoints > grade.maxPoints) {
      setError('toPoints', {
        message: t('requests.ask.tooMany', 'At most {{max}} points.', {
          max: pointsText(grade.maxPoints),
        }),
      });
      return;
    }
    try {
      const created = await create.mutateAsync(data);
      onCreated(created.id);
      close();
    } catch (error) {
      applyFieldErrors(error, setError, FIELDS);
    }
  });
  const refusal =
    create.error && !(isApiError(create.error) && Object.keys(create.error.fields).length > 0)
      ? displayError(create.error)
      : null;
  const title =
    kind === 'undo_publish'
      ? t('requests.ask.undoTitle', 'Ask to undo publishing')
      : t('requests.ask.changeTitle', 'Ask for a change');
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={title}
      closeButtonProps={{ 'aria-label': t('common.close', 'Close') }}
    >
      <ModalForm onSubmit={onSubmit} aria-label={title}>
        <Stack gap="sm">
          <Text size="sm">
            {t('requests.ask.current', 'Published grade: {{value}}', {
              value: valueText(t, grade, grade.maxPoints),
            })}
          </Text>
          <Text size="sm" c="gray.8">
            {kind === 'undo_publish'
              ? t(
                  'requests.ask.undoExplain',
                  'Another person decides. Once approved, the grade is a draft again and the student no longer sees it until you publish it again.',
                )
              : t(
                  'requests.ask.changeExplain',
                  'Another person decides. Until then the student sees the grade as under review.',
                )}
          </Text>
          {kind === 'grade_change' ? (
            <>
              <Controller
                control={control}
                name="toOutcome"
                render={({ field, fieldState }) => (
                  <Select
                    label={t('requests.ask.outcome', 'Outcome')}
                    allowDeselect={false}
                    data={[
                      { value: 'graded', label: t('requests.outcome.graded', 'Graded') },
                      {
                        value: 'returned',
                        label: t('requests.outcome.returned', 'Returned for rework'),
                      },
                    ]}
                    value={field.value ?? null}
                    onChange={(v) => {
                      field.onChange(v === 'returned' ? 'returned' : 'graded');
                    }}
                    error={fieldState.error?.message}
                    comboboxProps={{ withinPortal: false }}
                  />
                )}
              />
              <Controller
                control={control}
                name="toPoints"
                render={({ field, fieldState }) => (
                  <NumberInput
                    label={t('requests.ask.points', 'New points (of {{max}})', {
                      max: pointsText(grade.maxPoints),
                    })}
                    w={200}
                    min={0}
                    max={grade.maxPoints}
                    // Say what is wrong rather than quietly change what was typed.
                    clampBehavior="none"
                    decimalScale={2}
                    value={field.value ?? ''}
                    onChange={(v) => {
                      field.onChange(typeof v === 'number' ? v : null);
                    }}
                    onBlur={field.onBlur}
                    error={fieldState.error?.message}
                  />
                )}
              />
              <Controller
                control={control}
                name="toComment"
                render={({ field, fieldState }) => (
                  <Textarea
                    label={t('requests.ask.comment', 'Comment for the student')}
                    autosize
                    minRows={2}
                    maxLength={10000}
                    value={field.value ?? ''}
                    onChange={(e) => {
                      const v = e.currentTarget.value;
                      field.onChange(v.trim() === '' ? null : v);
                    }}
                    error={fieldState.error?.message}
                  />
                )}
              />
            </>
          ) : null}
          <Textarea
            label={t('requests.ask.reason', 'Reason')}
            required
            autosize
            minRows={2}
            maxLength={2000}
            error={formState.errors.reason?.message}
            {...register('reason')}
          />
          <DialogActions
            failure={refusal}
            onBack={close}
            backLabel="Cancel"
            label={t('requests.ask.send', 'Send the request')}
            isBusy={formState.isSubmitting}
          />
        </Stack>
      </ModalForm>
    </Modal>
  );
}
