import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { forgotPasswordInitSchema } from '@lantern/contracts/auth';
import { ErrorAlert } from '../../../components/failure-alert';
import { displayError } from '../../../lib/errors';
import { applyFieldErrors } from '../../../lib/form-errors';
import { notifyFailure, notifySuccess, outcomeTexts } from '../../../lib/notify';
import { useForgotPasswordInit } from '../api/forgot-password-init';

const REQUEST_TEXTS = outcomeTexts('Request sent: check your e-mail', 'The request was not sent');

const formSchema = forgotPasswordInitSchema.pick({ usernameOrEmail: true });
type FormValues = z.infer<typeof formSchema>;

export function ForgotPasswordForm() {
  const mutation = useForgotPasswordInit();
  const { register, handleSubmit, formState, setError } = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { usernameOrEmail: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await mutation.mutateAsync(values);
      notifySuccess('forgot-password', REQUEST_TEXTS);
    } catch (error) {
      applyFieldErrors(error, setError, ['usernameOrEmail']);
      notifyFailure('forgot-password', displayError(error), REQUEST_TEXTS);
    }
  });

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
          Enter your username or e-mail address. If we find your account, we send you a link to set
          a new password.
        </Text>
        <TextInput
          label="Username or e-mail"
          autoComplete="username"
          required
          error={formState.errors.usernameOrEmail?.message}
          {...register('usernameOrEmail')}
        />
        <ErrorAlert error={mutation.error} />
        <Button type="submit" loading={mutation.isPending} fullWidth>
          Send link
        </Button>
        <Anchor component={Link} to="/en/login" size="sm" ta="center">
          Back to sign in
        </Anchor>
      </Stack>
    </form>
  );
}
