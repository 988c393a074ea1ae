import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { newPasswordSchema } from '@lantern/contracts/auth';
import { VALIDATION } from '@lantern/contracts/messages';
import { displayError } from '../../../lib/errors';
import { applyFieldErrors } from '../../../lib/form-errors';
import { notifyFailure, notifySuccess, outcomeTexts } from '../../../lib/notify';
import { useResetPassword } from '../api/reset-password';

const SET_TEXTS = outcomeTexts('New password set', 'The new password was not set');

const formSchema = z
  .object({ password: newPasswordSchema, confirmPassword: z.string().min(1, VALIDATION.password) })
  .refine((values) => values.password === values.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The two passwords do not match',
  });
type FormValues = z.infer<typeof formSchema>;

/** A used reset token has no business staying in the address bar or the browser history. */
function dropTokenFromAddress(): void {
  const { pathname, search } = window.location;
  window.history.replaceState(window.history.state, '', pathname + search);
}

export function SetNewPasswordForm({ token }: { token: string }) {
  const mutation = useResetPassword();
  const { register, handleSubmit, formState, setError } = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ password }) => {
    try {
      await mutation.mutateAsync({ token, password });
      dropTokenFromAddress();
      notifySuccess('set-new-password', SET_TEXTS);
    } catch (error) {
      applyFieldErrors(error, setError, ['password']);
      notifyFailure('set-new-password', displayError(error), SET_TEXTS);
    }
  });

  if (mutation.data) {
    return (
      <Stack gap="sm">
        <Alert color="green.9" variant="light" role="status">
          {mutation.data.message}
        </Alert>
        <Anchor component={Link} to="/en/login">
          Sign in with your new password
        </Anchor>
      </Stack>
    );
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="sm">
        <PasswordInput
          label="New password"
          autoComplete="new-password"
          required
          error={formState.errors.password?.message}
          {...register('password')}
        />
        <PasswordInput
          label="Repeat the new password"
          autoComplete="new-password"
          required
          error={formState.errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        {mutation.isError ? (
          <Alert color="red.9" variant="light" role="alert">
            {displayError(mutation.error)}{' '}
            <Anchor component={Link} to="/en/forgot-password">
              Ask for a new link
            </Anchor>
          </Alert>
        ) : null}
        <Button type="submit" loading={mutation.isPending} fullWidth>
          Set new password
        </Button>
      </Stack>
    </form>
  );
}
