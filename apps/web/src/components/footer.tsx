import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { APP_VERSION } from '@lantern/contracts/constants';

/** Acceptable use, version and the year in UTC (spec §2, §9). */
export function Footer({ version = APP_VERSION }: { version?: string }) {
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
      <Anchor component={Link} to="/en/acceptable-use" size="sm">
        Acceptable use
      </Anchor>
      <Text size="sm" c="gray.7">
        Lantern {version} · © {new Date().getUTCFullYear()}
      </Text>
    </Group>
  );
}
