import { Button, Group } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useCurrentUser } from '../../../lib/base-data';
import { hasRight } from '../../../lib/rights';
import { BACHELOR_SECTIONS, isCurrentSection } from '../sections';

/** The bachelor programme's sections, each shown only to those holding its right; a section
 * shows as current on every page it owns (its `match`), not only on the page it links to. */
export function BachelorSectionNav({ programmeId }: { programmeId: number }) {
  const user = useCurrentUser();
  const { pathname } = useLocation();
  const shown = BACHELOR_SECTIONS.filter((s) => hasRight(user, s.right));
  if (shown.length === 0) return null;
  return (
    <Group gap={6} wrap="wrap" component="nav" aria-label="Programme sections">
      {shown.map((s) => {
        const current = isCurrentSection(s, programmeId, pathname);
        return (
          <Link
            key={s.label}
            to={s.path(programmeId)}
            style={{ textDecoration: 'none' }}
            aria-current={current ? 'page' : undefined}
          >
            <Button component="span" size="xs" variant={current ? 'filled' : 'default'}>
              {s.label}
            </Button>
          </Link>
        );
      })}
    </Group>
  );
}
