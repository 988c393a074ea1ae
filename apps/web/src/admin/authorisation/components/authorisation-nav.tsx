import { Anchor, Group } from '@mantine/core';
import { NavLink } from 'react-router';
import type { Right } from '@lantern/contracts/rights';
import { useCurrentUser } from '../../../lib/base-data';
import { hasRight } from '../../../lib/rights';

const PAGES: { path: string; label: string; right: Right }[] = [
  { path: '/en/authorisation', label: 'Matrix', right: 'AUTHORISATION__DISPLAY' },
  { path: '/en/authorisationRoleList', label: 'Roles', right: 'ROLE__DISPLAY' },
  { path: '/en/authorisationRightList', label: 'Rights', right: 'RIGHT__DISPLAY' },
];

/** The three authorisation pages, each shown to whoever holds its right. */
export function AuthorisationNav() {
  const user = useCurrentUser();
  const pages = PAGES.filter((p) => hasRight(user, p.right));
  if (pages.length < 2) return null;
  return (
    <Group gap="md" component="nav" aria-label="Authorisation pages">
      {pages.map((p) => (
        <Anchor
          key={p.path}
          component={NavLink}
          to={p.path}
          end
          size="sm"
          style={({ isActive }: { isActive: boolean }) =>
            isActive ? { fontWeight: 700, textDecoration: 'underline' } : undefined
          }
        >
          {p.label}
        </Anchor>
      ))}
    </Group>
  );
}
