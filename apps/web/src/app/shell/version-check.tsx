import { useState } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { APP_VERSION } from '@lantern/contracts/constants';
import { useCurrentVersion } from '../../features/session/api/get-current-version';

/** Asks for a reload when the server runs another version than this page (spec §9). */
export function VersionCheck() {
  const { data } = useCurrentVersion();
  const [dismissed, setDismissed] = useState<string | null>(null);
  const serverVersion = data?.version ?? null;
  const opened =
    serverVersion !== null && serverVersion !== APP_VERSION && dismissed !== serverVersion;

  return (
    <Modal
      opened={opened}
      onClose={() => {
        setDismissed(serverVersion);
      }}
      title="A new version is available"
      size="sm"
    >
      <Text size="sm">
        Lantern {serverVersion} is out (this page runs {APP_VERSION}). Reload the page to use the
        new version; unsaved changes on this page are lost.
      </Text>
      <Group justify="flex-end" mt="md" gap="xs">
        <Button
          variant="default"
          onClick={() => {
            setDismissed(serverVersion);
          }}
        >
          Later
        </Button>
        <Button
          onClick={() => {
            window.location.reload();
          }}
        >
          Reload now
        </Button>
      </Group>
    </Modal>
  );
}
