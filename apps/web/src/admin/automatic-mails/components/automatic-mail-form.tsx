import { useEffect, useRef } from 'react';
import {
  Fieldset,
  Group,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { Select } from '../../../components/select';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import {
  AUTOMATIC_MAIL_EVENT_LABELS,
  AUTOMATIC_MAIL_EVENTS,
  automaticMailInputSchema,
  mailEventsOf,
  RECIPIENT_ROLE_LABELS,
  RECIPIENT_ROLES,
  type AutomaticMail,
  type AutomaticMailInput,
  type MailPlaceholder,
} from '@lantern/contracts/automatic-mail';
import type { ProgrammeType } from '@lantern/contracts/programme';
import { SaveFooter } from '../../../components/save-footer';
import { labelledOptions } from '../../../lib/enumerations';
import type { OutcomeTexts } from '../../../lib/notify';
import { useSaveOutcome } from '../../../lib/use-save-outcome';
import { eventStatusOptions, insertPlaceholder, isStatusAllowed } from '../mail-form';
import { PlaceholderPicker } from './placeholder-picker';

export type MailFormValues = z.input<typeof automaticMailInputSchema>;

/** The events a programme of this type has (bachelor events on bachelor programmes only). */
const eventOptionsOf = (type: ProgrammeType | undefined) =>
  labelledOptions(type ? mailEventsOf(type) : AUTOMATIC_MAIL_EVENTS, AUTOMATIC_MAIL_EVENT_LABELS);
const ROLE_OPTIONS = labelledOptions(RECIPIENT_ROLES, RECIPIENT_ROLE_LABELS);
const FIELDS = [
  'eventType',
  'eventStatus',
  'subject',
  'body',
  'recipientRole',
  'published',
] as const;

export const NEW_MAIL_VALUES: MailFormValues = {
  eventType: 'student_state_changed',
  eventStatus: null,
  subject: '',
  body: '',
  recipientRole: 'student',
  published: false,
};

export const mailFormValues = (mail: AutomaticMail): MailFormValues => ({
  eventType: mail.eventType,
  eventStatus: mail.eventStatus,
  subject: mail.subject,
  body: mail.body,
  recipientRole: mail.recipientRole,
  published: mail.published,
});

type AutomaticMailFormProps = {
  defaultValues: MailFormValues;
  submitLabel: string;
  onSave: (data: AutomaticMailInput) => Promise<void>;
  /** Whether the user may change it; without, the form only shows it. */
  canEdit: boolean;
  /** Loads the mail again after someone else changed it (edit only); answers its values. */
  onReload?: (() => Promise<MailFormValues>) | undefined;
  /** Tells the page whether unsaved changes exist (preview shows the saved mail). */
  onDirtyChange?: ((isDirty: boolean) => void) | undefined;
  /** What its toasts say; by default the spec's texts of an update. */
  texts?: OutcomeTexts | undefined;
  /** The programme's type: its events only (all events when absent). */
  programmeType?: ProgrammeType | undefined;
};

type TextField = 'subject' | 'body';

/** An automatic mail: its event and event status, subject and body with placeholders,
 * recipient role, published. */
export function AutomaticMailForm({
  defaultValues,
  submitLabel,
  onSave,
  canEdit,
  onReload,
  onDirtyChange,
  texts,
  programmeType,
}: AutomaticMailFormProps) {
  const eventOptions = eventOptionsOf(programmeType);
  const fieldRefs = useRef<Record<TextField, HTMLInputElement | HTMLTextAreaElement | null>>({
    subject: null,
    body: null,
  });
  // Where a picked placeholder goes: the text field used last, the body at first.
  const lastField = useRef<TextField>('body');
  const { register, control, handleSubmit, setError, setValue, getValues, reset, formState } =
    useForm<MailFormValues, unknown, AutomaticMailInput>({
      resolver: zodResolver(automaticMailInputSchema),
      defaultValues,
    });
  const { errors } = formState;
  const eventType = useWatch({ control, name: 'eventType' });
  const statusOptions = eventStatusOptions(eventType);
  const { isDirty } = formState;
  useEffect(() => {
    onDirtyChange?.(isDirty);
  }, [isDirty, onDirtyChange]);

  const outcome = useSaveOutcome({
    setError,
    reset,
    fields: FIELDS,
    onReload,
    form: 'automatic-mail-form',
    texts,
  });
  const onSubmit = handleSubmit(
    (data) =>
      outcome.run(async () => {
        await onSave(data);
        reset(data);
      }),
    outcome.invalid,
  );

  const insert = (name: MailPlaceholder) => {
    const field = lastField.current;
    const element = fieldRefs.current[field];
    const current = getValues(field);
    const { text, caret } = insertPlaceholder(
      typeof current === 'string' ? current : '',
      name,
      element?.selectionStart ?? null,
      element?.selectionEnd ?? null,
    );
    setValue(field, text, { shouldDirty: true, shouldValidate: formState.isSubmitted });
    // Back to the field, the caret after the placeholder, once the new value is rendered.
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(caret, caret);
    });
  };

  const subjectField = register('subject');
  const bodyField = register('body');

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Automatic mail">
      <Fieldset disabled={!canEdit} variant="unstyled">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <Controller
              control={control}
              name="eventType"
              render={({ field, fieldState }) => (
                <Select
                  label="Event"
                  description="What sends the mail"
                  required
                  data={eventOptions}
                  value={field.value}
                  onChange={(value) => {
                    const next = AUTOMATIC_MAIL_EVENTS.find((e) => e === value);
                    if (!next) return;
                    field.onChange(next);
                    // A status of the former event does not fit the new one.
                    if (!isStatusAllowed(next, getValues('eventStatus')))
                      setValue('eventStatus', null);
                  }}
                  onBlur={field.onBlur}
                  allowDeselect={false}
                  error={fieldState.error?.message}
                />
              )}
            />
            <Controller
              control={control}
              name="eventStatus"
              render={({ field, fieldState }) => (
                <Select
                  label="Event status"
                  description={
                    statusOptions.length === 0
                      ? 'This event has no status'
                      : 'The state that triggers it; empty: any'
                  }
                  placeholder={statusOptions.length === 0 ? '—' : 'Any'}
                  data={statusOptions}
                  value={field.value ?? null}
                  onChange={(value) => {
                    field.onChange(value);
                  }}
                  onBlur={field.onBlur}
                  disabled={statusOptions.length === 0}
                  clearable
                  error={fieldState.error?.message}
                />
              )}
            />
            <Controller
              control={control}
              name="recipientRole"
              render={({ field, fieldState }) => (
                <Select
                  label="Recipient"
                  description="Seen from the student it is about"
                  required
                  data={ROLE_OPTIONS}
                  value={field.value}
                  onChange={(value) => {
                    const next = RECIPIENT_ROLES.find((r) => r === value);
                    if (!next) return;
                    field.onChange(next);
                  }}
                  onBlur={field.onBlur}
                  allowDeselect={false}
                  error={fieldState.error?.message}
                />
              )}
            />
          </SimpleGrid>
          <TextInput
            label="Subject"
            required
            maxLength={200}
            error={errors.subject?.message}
            {...subjectField}
            ref={(element) => {
              subjectField.ref(element);
              fieldRefs.current.subject = element;
            }}
            onFocus={() => {
              lastField.current = 'subject';
            }}
          />
          <Group justify="space-between" align="flex-end" gap="xs">
            <Text size="sm" c="dimmed">
              Placeholders such as {'{{firstName}}'} are filled for each recipient.
            </Text>
            <PlaceholderPicker onPick={insert} disabled={!canEdit} />
          </Group>
          <Textarea
            label="Body"
            required
            autosize
            minRows={8}
            maxRows={24}
            error={errors.body?.message}
            {...bodyField}
            ref={(element) => {
              bodyField.ref(element);
              fieldRefs.current.body = element;
            }}
            onFocus={() => {
              lastField.current = 'body';
            }}
          />
          <Controller
            control={control}
            name="published"
            render={({ field }) => (
              <Switch
                label="Published"
                description="Only published mails go out"
                checked={field.value === true || field.value === 'true'}
                onChange={(event) => {
                  field.onChange(event.currentTarget.checked);
                }}
              />
            )}
          />
          <SaveFooter
            outcome={outcome}
            submitLabel={submitLabel}
            isSubmitting={formState.isSubmitting}
            canSubmit={canEdit}
          />
        </Stack>
      </Fieldset>
    </form>
  );
}
