import { Anchor, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { rightLabel } from '@lantern/contracts/labels';
import { DEFAULT_ROLES, ROLE_KEYS, type BuiltInRoleKey } from '@lantern/contracts/roles';
import { ErrorPanel } from '../../../components/error-panel';
import { useCurrentUser } from '../../../lib/base-data';
import { hasRight } from '../../../lib/rights';

/** A built-in role by its label; a role an admin created by its key. */
const roleLabel = (key: string): string =>
  (ROLE_KEYS as readonly string[]).includes(key) ? DEFAULT_ROLES[key as BuiltInRoleKey].label : key;

export default function NotAuthorisedRoute() {
  const [params] = useSearchParams();
  const user = useCurrentUser();
  const missingRight = params.get('missingRight');
  // The code helps those who set rights (and the helpdesk they talk to); others read the label.
  const showsCode = hasRight(user, 'AUTHORISATION__DISPLAY');
  const missingRole = params.get('missingRole');
  return (
    <ErrorPanel variant="noPermission">
      {missingRight ? (
        <Text size="sm" c="gray.8">
          This page needs the right “{rightLabel(missingRight)}”
          {showsCode ? (
            <Text span size="xs" c="gray.7" ff="monospace">
              {' '}
              ({missingRight})
            </Text>
          ) : null}
          .
        </Text>
      ) : null}
      {missingRole ? (
        <Text size="sm" c="gray.8">
          Missing role: {roleLabel(missingRole)}
        </Text>
      ) : null}
      <Text size="sm">
        Another role may allow it: press Ctrl+Q to change your role, or go back to the{' '}
        <Anchor component={Link} to="/en/home" underline="always">
          start page
        </Anchor>
        .
      </Text>
    </ErrorPanel>
  );
}
