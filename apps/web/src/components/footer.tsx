import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ACCEPTABLE_USE_PATH } from '@lantern/contracts/current-user';
import { APP_VERSION } from '@lantern/contracts/constants';
import { usePublicInfo } from '../lib/public-info';

/** Acceptable use, the helpdesk, version and the year in UTC (spec §2, §9), from the public
 * info the server gives every page (its version wins over the one this build knows). */
export function Footer({ version }: { version?: string }) {
  const info = usePublicInfo().data;
  const shown = version ?? info?.version ?? APP_VERSION;
  return (
    <Group
      component="footer"
      justify="space-between"
      gap="xs"
      px="md"
      py="sm"
      bg="white"
      style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Group gap="md">
        <Anchor component={Link} to={info?.acceptableUsePath ?? ACCEPTABLE_USE_PATH} size="sm">
          Acceptable use
        </Anchor>
        {info?.helpdeskEmail ? (
          <Anchor href={`mailto:${info.helpdeskEmail}`} size="sm">
            Helpdesk: {info.helpdeskEmail}
          </Anchor>
        ) : null}
      </Group>
      <Text size="sm" c="gray.7">
        Lantern {shown} · © {new Date().getUTCFullYear()}
      </Text>
    </Group>
  );
}
