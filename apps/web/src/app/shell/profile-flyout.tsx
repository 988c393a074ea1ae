import { Avatar, Button, Divider, Popover, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CurrentUser } from '@lantern/contracts/current-user';
import { signOut } from '../../features/auth/api/revoke-token';
import { RolePicker } from '../../features/profile/components/role-picker';
import { ReportProblemLink, supportIssuePath } from '../../components/report-problem-link';

const initials = (user: CurrentUser): string =>
  `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();

/** First name, last name, ID, profile link, role and sign out (spec §2). */
export function ProfileFlyout({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const fullName = `${user.firstName} ${user.lastName}`;

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
        <UnstyledButton
          onClick={toggle}
          aria-label={t('shell.account', { name: fullName })}
          aria-expanded={opened}
          aria-haspopup="dialog"
          p={2}
          style={{ borderRadius: '50%' }}
        >
          <Avatar src={user.profilePhoto} alt="" color="lantern" radius="xl" size={34}>
            {initials(user)}
          </Avatar>
        </UnstyledButton>
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
