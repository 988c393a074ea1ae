import { Alert, Button, PasswordInput, Stack } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { changePasswordSchema } from '@lantern/contracts/auth';
import { ERROR_TEXTS, VALIDATION } from '@lantern/contracts/messages';
import { ErrorAlert } from '../../../components/failure-alert';
import { displayError } from '../../../lib/errors';
import { applyFieldErrors } from '../../../lib/form-errors';
import { notifyFailure, notifySuccess, outcomeTexts } from '../../../lib/notify';
import { useChangePassword } from '../api/change-password';

const PASSWORD_TEXTS = outcomeTexts('Password changed', 'The password was not changed');

const formSchema = changePasswordSchema
  .extend({ confirmPassword: z.string().min(1, VALIDATION.password) })
  .refine((values) => values.newPassword === values.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The two passwords do not match',
  });
type FormValues = z.infer<typeof formSchema>;

const EMPTY: FormValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePasswordForm({ isImpersonating }: { isImpersonating: boolean }) {
  const mutation = useChangePassword();
  const { register, handleSubmit, formState, setError, reset } = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: EMPTY,
  });

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await mutation.mutateAsync({ currentPassword, newPassword });
      notifySuccess('change-password', PASSWORD_TEXTS);
      reset(EMPTY);
    } catch (error) {
      applyFieldErrors(error, setError, ['currentPassword', 'newPassword']);
      notifyFailure('change-password', displayError(error), PASSWORD_TEXTS);
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="sm" maw={420}>
        {isImpersonating ? (
          <Alert color="orange.9" variant="light" role="status">
            {ERROR_TEXTS.passwordChangeWhileImpersonating}
          </Alert>
        ) : null}
        <fieldset disabled={isImpersonating} style={{ border: 0, padding: 0, margin: 0 }}>
          <Stack gap="sm">
            <PasswordInput
              label="Current password"
              autoComplete="current-password"
              required
              error={formState.errors.currentPassword?.message}
              {...register('currentPassword')}
            />
            <PasswordInput
              label="New password"
              autoComplete="new-password"
              required
              error={formState.errors.newPassword?.message}
              {...register('newPassword')}
            />
            <PasswordInput
              label="Repeat the new password"
              autoComplete="new-password"
              required
              error={formState.errors.confirmPassword?.message}
              {...register('confirmPassword')}
            />
            {mutation.isSuccess ? (
              <Alert color="green.9" variant="light" role="status">
                {mutation.data.message}
              </Alert>
            ) : null}
            <ErrorAlert error={mutation.error} />
            <Button type="submit" loading={mutation.isPending} w="fit-content">
              Change password
            </Button>
          </Stack>
        </fieldset>
      </Stack>
    </form>
  );
}
