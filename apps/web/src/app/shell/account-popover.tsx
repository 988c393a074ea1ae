import { useRef } from 'react';
import { Button, Divider, Popover, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CurrentUser } from '@lantern/contracts/current-user';
import { signOut } from '../../account/auth/api/revoke-token';
import { RolePicker } from '../../account/profile/components/role-picker';
import { ReportProblemLink, supportIssuePath } from '../../components/report-problem-link';
import { AccountButton } from './account-button';
import { useReplayPress } from './deferred-control';

/** First name, last name, ID, profile link, role and sign out (spec §2). Its chunk (Popover,
 * Floating UI, the role picker) loads with the first press of the avatar. */
export function AccountPopover({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const target = useRef<HTMLButtonElement>(null);
  useReplayPress(target, 'press');

  return (
    <Popover
      opened={opened}
      onChange={(next) => {
        if (!next) close();
      }}
      position="bottom-end"
      width={300}
      shadow="md"
      trapFocus
      withinPortal
    >
      <Popover.Target>
        <AccountButton ref={target} user={user} opened={opened} onClick={toggle} />
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <div>
            <Text fw={600}>{user.firstName}</Text>
            <Text fw={600}>{user.lastName}</Text>
            <Text size="sm" c="gray.7">
              {t('shell.account.id', { id: user.id })}
            </Text>
          </div>
          <Button component={Link} to="/en/profile/view" variant="light" size="xs" onClick={close}>
            {t('shell.account.profile')}
          </Button>
          <ReportProblemLink to={supportIssuePath()} look="button" onNavigate={close} />
          <Divider />
          <RolePicker onChanged={close} />
          <Divider />
          <Button variant="outline" color="red.9" size="xs" onClick={() => void signOut()}>
            {t('shell.account.signOut')}
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
