import type { ComponentPropsWithRef } from 'react';
import { Avatar, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '@lantern/contracts/current-user';

const initials = (user: CurrentUser): string =>
  `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();

type AccountButtonProps = Omit<ComponentPropsWithRef<'button'>, 'color' | 'style'> & {
  user: CurrentUser;
  opened: boolean;
};

/** The avatar that opens the account flyout: the same before and after the flyout loads. */
export function AccountButton({ user, opened, ...others }: AccountButtonProps) {
  const { t } = useTranslation();
  return (
    <UnstyledButton
      aria-label={t('shell.account', { name: `${user.firstName} ${user.lastName}` })}
      aria-expanded={opened}
      aria-haspopup="dialog"
      p={2}
      style={{ borderRadius: '50%' }}
      {...others}
    >
      <Avatar src={user.profilePhoto} alt="" color="lantern" radius="xl" size={34}>
        {initials(user)}
      </Avatar>
    </UnstyledButton>
  );
}
