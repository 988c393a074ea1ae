import { Anchor, Group } from '@mantine/core';
import { NavLink } from 'react-router';

const LINKS = [
  { to: '/en/profile/view', label: 'Profile' },
  { to: '/en/profile/change-password', label: 'Change password' },
  { to: '/en/profile/image-upload/profile', label: 'Profile photo' },
];

/** The profile area's own navigation. */
export function ProfileNav() {
  return (
    <Group component="nav" aria-label="Profile" gap="md" mb="md">
      {LINKS.map((link) => (
        <Anchor
          key={link.to}
          component={NavLink}
          to={link.to}
          size="sm"
          style={({ isActive }: { isActive: boolean }) => (isActive ? { fontWeight: 700, textDecoration: 'underline' } : undefined)}
        >
          {link.label}
        </Anchor>
      ))}
    </Group>
  );
}
