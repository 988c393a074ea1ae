import { Stack, Title } from '@mantine/core';
import { useCurrentUser } from '../../../lib/base-data';
import { getImpersonatedUsername } from '../../../lib/storage';
import { ChangePasswordForm } from '../components/change-password-form';
import { ProfileNav } from '../components/profile-nav';

export default function ChangePasswordRoute() {
  const user = useCurrentUser();
  const isImpersonating = Boolean(user?.impersonated) || getImpersonatedUsername() !== null;
  return (
    <Stack gap="sm">
      <Title order={1} fz="h2">
        Change password
      </Title>
      <ProfileNav />
      <ChangePasswordForm isImpersonating={isImpersonating} />
    </Stack>
  );
}
