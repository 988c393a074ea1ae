import { useState } from 'react';
import { Alert, Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { loginSchema, type LoginInput, type TokenPair } from '@lantern/contracts/auth';
import { LOGIN_MESSAGES } from '@lantern/contracts/messages';
import { isApiError } from '../../../lib/api-errors';
import { useLogin } from '../api/login';

/** The sign-in failure texts of spec §5; a 429 shows the server's detail (when to try again). */
export function loginErrorText(error: unknown): string {
  if (!isApiError(error)) return LOGIN_MESSAGES.configuration;
  if (error.kind === 'network') return LOGIN_MESSAGES.noResponse;
  if (error.status === 429 && error.kind === 'response') return error.message;
  if (error.status !== null) return LOGIN_MESSAGES.invalid;
  return LOGIN_MESSAGES.configuration;
}

export function LoginForm({ onSuccess }: { onSuccess: (tokens: TokenPair) => void }) {
  const loginMutation = useLogin();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { username: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      onSuccess(await loginMutation.mutateAsync(values));
    } catch (error) {
      setFailure(loginErrorText(error));
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="sm">
        {failure ? (
          <Alert color="red.9" variant="light" role="alert" title="Sign-in failed">
            {failure}
          </Alert>
        ) : null}
        <TextInput
          label="Username"
          autoComplete="username"
          autoFocus
          required
          error={formState.errors.username?.message}
          {...register('username')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          required
          error={formState.errors.password?.message}
          {...register('password')}
        />
        <Button type="submit" loading={loginMutation.isPending} fullWidth mt="xs">
          Sign in
        </Button>
        <Anchor component={Link} to="/en/forgot-password" size="sm" ta="center">
          Forgot your password?
        </Anchor>
        <Anchor component={Link} to="/en/public-ticket" size="sm" ta="center">
          Contact the helpdesk
        </Anchor>
      </Stack>
    </form>
  );
}
