import { useState } from 'react';
import { NumberInput, Stack, TextInput } from '@mantine/core';
import { Select } from '../../../components/select';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { internshipInputSchema } from '@lantern/contracts/bachelor-terms';
import type { BachelorSummary } from '@lantern/contracts/bachelor';
import { DialogActions } from '../../../components/dialog-actions';
import { ModalForm } from '../../../components/modal-form';
import { displayError } from '../../../lib/errors';
import { applyFieldErrors } from '../../../lib/form-errors';
import { notifyFailure, notifyInvalid, notifySuccess, outcomeTexts } from '../../../lib/notify';
import { useAddOffering } from '../api/add-offering';

/* One form for a course offering and an internship: an internship adds its own title (the
 * course offering's schema is the internship's without it). */
const schema = internshipInputSchema.partial({ title: true });
type Values = z.input<typeof schema>;
type Output = z.output<typeof schema>;

const numberOrEmpty = (value: unknown): number | string =>
  typeof value === 'number' || typeof value === 'string' ? value : '';

type OfferingFormProps = {
  programmeId: number;
  kind: 'course' | 'internship';
  courses: BachelorSummary['courses'];
  /** The terms it may go in; one is chosen (or the only one is taken). */
  terms: { id: number; name: string }[];
  onDone: () => void;
};

/** Offers a course in a term with a capacity, or adds an internship (title, course, capacity). */
export function OfferingForm({ programmeId, kind, courses, terms, onDone }: OfferingFormProps) {
  const add = useAddOffering();
  const [failure, setFailure] = useState<string | null>(null);
  const [termId, setTermId] = useState<number | null>(
    terms.length === 1 ? (terms[0]?.id ?? null) : null,
  );
  const [termError, setTermError] = useState<string | null>(null);
  const { register, control, handleSubmit, setError, formState } = useForm<Values, unknown, Output>(
    {
      resolver: zodResolver(kind === 'internship' ? internshipInputSchema : schema),
      // A course offering has no title: an empty one would fail the title's rule unseen.
      defaultValues: kind === 'internship' ? { title: '', capacity: 6 } : { capacity: 30 },
    },
  );
  const { errors } = formState;
  const texts =
    kind === 'internship'
      ? outcomeTexts('Internship added', 'The internship was not added')
      : outcomeTexts('Course offered', 'The course was not offered');
  const onSubmit = handleSubmit(
    async (data) => {
      setFailure(null);
      if (termId === null) {
        setTermError('Choose a term');
        return;
      }
      try {
        if (kind === 'internship')
          await add.mutateAsync({
            programmeId,
            termId,
            kind,
            data: { title: data.title ?? '', courseId: data.courseId, capacity: data.capacity },
          });
        else
          await add.mutateAsync({
            programmeId,
            termId,
            kind,
            data: { courseId: data.courseId, capacity: data.capacity },
          });
        notifySuccess('offering-form', texts);
        onDone();
      } catch (error) {
        if (!applyFieldErrors(error, setError, ['title', 'courseId', 'capacity']))
          setFailure(displayError(error));
        notifyFailure('offering-form', displayError(error), texts);
      }
    },
    notifyInvalid('offering-form', texts),
  );
  return (
    <ModalForm
      onSubmit={onSubmit}
      aria-label={kind === 'internship' ? 'New internship' : 'Offer a course'}
    >
      <Stack gap="sm">
        {terms.length > 1 ? (
          <Select
            label="Term"
            required
            data={terms.map((t) => ({ value: String(t.id), label: t.name }))}
            value={termId === null ? null : String(termId)}
            onChange={(value) => {
              setTermId(value === null ? null : Number(value));
              setTermError(null);
            }}
            error={termError}
          />
        ) : null}
        {kind === 'internship' ? (
          <TextInput label="Title" required error={errors.title?.message} {...register('title')} />
        ) : null}
        <Controller
          control={control}
          name="courseId"
          render={({ field, fieldState }) => (
            <Select
              label={kind === 'internship' ? 'Counts for the course' : 'Course'}
              required
              data={courses.map((c) => ({ value: String(c.id), label: `${c.code} ${c.title}` }))}
              value={typeof field.value === 'number' ? String(field.value) : null}
              onChange={(value) => {
                field.onChange(value === null ? undefined : Number(value));
              }}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="capacity"
          render={({ field, fieldState }) => (
            <NumberInput
              label="Capacity"
              description="Places for students"
              required
              min={1}
              max={500}
              allowDecimal={false}
              value={numberOrEmpty(field.value)}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
        <DialogActions
          failure={failure}
          onBack={onDone}
          label={kind === 'internship' ? 'Add internship' : 'Offer course'}
          isBusy={formState.isSubmitting}
        />
      </Stack>
    </ModalForm>
  );
}
