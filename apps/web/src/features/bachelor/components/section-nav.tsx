import { Button, Group } from '@mantine/core';
import { NavLink } from 'react-router';
import { useCurrentUser } from '../../../lib/base-data';
import { hasRight } from '../../../lib/rights';
import { BACHELOR_SECTIONS } from '../sections';

/** The bachelor programme's sections, each shown only to those holding its right. */
export function BachelorSectionNav({ programmeId }: { programmeId: number }) {
  const user = useCurrentUser();
  const shown = BACHELOR_SECTIONS.filter((s) => hasRight(user, s.right));
  if (shown.length === 0) return null;
  return (
    <Group gap={6} wrap="wrap" component="nav" aria-label="Programme sections">
      {shown.map((s) => (
        <NavLink key={s.label} to={s.path(programmeId)} style={{ textDecoration: 'none' }}>
          {({ isActive }) => (
            <Button
              component="span"
              size="xs"
              variant={isActive ? 'filled' : 'default'}
              aria-current={isActive ? 'page' : undefined}
            >
              {s.label}
            </Button>
          )}
        </NavLink>
      ))}
    </Group>
  );
}
