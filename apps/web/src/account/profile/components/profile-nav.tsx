import { Anchor, Group } from '@mantine/core';
import { Link, useLocation } from 'react-router';

const LINKS = [
  { to: '/en/profile/view', label: 'Profile' },
  { to: '/en/profile/change-password', label: 'Change password' },
  { to: '/en/profile/image-upload/profile', label: 'Profile photo' },
];

/** The profile area's own navigation. */
export function ProfileNav() {
  const { pathname } = useLocation();
  return (
    <Group component="nav" aria-label="Profile" gap="md" mb="md">
      {LINKS.map((link) => {
        const isCurrent = pathname === link.to;
        return (
          <Anchor
            key={link.to}
            component={Link}
            to={link.to}
            size="sm"
            fw={isCurrent ? 700 : 400}
            underline={isCurrent ? 'always' : 'hover'}
            aria-current={isCurrent ? 'page' : undefined}
          >
            {link.label}
          </Anchor>
        );
      })}
    </Group>
  );
}
