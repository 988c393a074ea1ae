import { Alert, Anchor, Box, Button, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { ISSUE_DESCRIPTION_MIN, publicTicketInputSchema } from '@lantern/contracts/communication';
import { ErrorAlert } from '../../../components/failure-alert';
import { displayError } from '../../../lib/errors';
import { applyFieldErrors } from '../../../lib/form-errors';
import { notifyFailure, notifySuccess, outcomeTexts } from '../../../lib/notify';
import { useCreatePublicTicket } from '../api/create-public-ticket';

const TICKET_TEXTS = outcomeTexts(
  'Your message was sent to the helpdesk',
  'Your message was not sent',
);

type FormInput = z.input<typeof publicTicketInputSchema>;
type FormOutput = z.output<typeof publicTicketInputSchema>;

/** A message to the helpdesk from someone who cannot sign in. */
export function PublicTicketForm() {
  const mutation = useCreatePublicTicket();
  const { register, handleSubmit, formState, setError, control } = useForm<
    FormInput,
    unknown,
    FormOutput
  >({
    resolver: zodResolver(publicTicketInputSchema),
    defaultValues: { name: '', email: '', subject: '', description: '', website: '' },
  });
  const length = useWatch({ control, name: 'description' }).trim().length;

  const onSubmit = handleSubmit(
    async (values) => {
      try {
        await mutation.mutateAsync(values);
        notifySuccess('public-ticket', TICKET_TEXTS);
      } catch (error) {
        applyFieldErrors(error, setError, ['name', 'email', 'subject', 'description']);
        notifyFailure('public-ticket', displayError(error), TICKET_TEXTS);
      }
    },
    () => {
      notifyFailure('public-ticket', undefined, TICKET_TEXTS);
    },
  );

  if (mutation.data) {
    return (
      <Stack gap="sm">
        <Alert color="green.9" variant="light" role="status">
          {mutation.data.message}
        </Alert>
        <Anchor component={Link} to="/en/login">
          Back to sign in
        </Anchor>
      </Stack>
    );
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="sm">
        <Text size="sm">
          Cannot sign in, or have a question? Write to the helpdesk. We answer by e-mail.
        </Text>
        <TextInput
          label="Your name"
          autoComplete="name"
          required
          error={formState.errors.name?.message}
          {...register('name')}
        />
        <TextInput
          label="E-mail"
          type="email"
          autoComplete="email"
          required
          error={formState.errors.email?.message}
          {...register('email')}
        />
        <TextInput
          label="Subject"
          required
          error={formState.errors.subject?.message}
          {...register('subject')}
        />
        <Textarea
          label="Your message"
          description={`At least ${ISSUE_DESCRIPTION_MIN} characters.`}
          required
          autosize
          minRows={5}
          error={formState.errors.description?.message}
          {...register('description')}
        />
        <Text size="xs" c="gray.7" aria-live="polite">
          {length} / {ISSUE_DESCRIPTION_MIN} characters
        </Text>
        {/* Hidden from people (and from screen readers); bots fill it. */}
        <Box
          aria-hidden="true"
          style={{
            position: 'absolute',
            left: '-10000px',
            width: 1,
            height: 1,
            overflow: 'hidden',
          }}
        >
          <label>
            Website
            <input type="text" tabIndex={-1} autoComplete="off" {...register('website')} />
          </label>
        </Box>
        <ErrorAlert error={mutation.error} />
        <Button type="submit" loading={mutation.isPending} fullWidth>
          Send
        </Button>
        <Anchor component={Link} to="/en/login" size="sm" ta="center">
          Back to sign in
        </Anchor>
      </Stack>
    </form>
  );
}
