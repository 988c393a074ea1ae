import { Button, Group, Modal, Text } from '@mantine/core';
import { useMounted } from '@mantine/hooks';
import { APP_VERSION } from '@lantern/contracts/constants';

type NewVersionDialogProps = {
  opened: boolean;
  serverVersion: string | null;
  onLater: () => void;
};

/** The reload request; its chunk loads when the server first reports another version. */
export function NewVersionDialog({ opened, serverVersion, onLater }: NewVersionDialogProps) {
  // Mounted when first needed, it renders closed once so that it opens as it does later.
  const isMounted = useMounted();
  return (
    <Modal
      opened={opened && isMounted}
      onClose={onLater}
      title="A new version is available"
      size="sm"
    >
      <Text size="sm">
        Lantern {serverVersion} is out (this page runs {APP_VERSION}). Reload the page to use the
        new version; unsaved changes on this page are lost.
      </Text>
      <Group justify="flex-end" mt="md" gap="xs">
        <Button variant="default" onClick={onLater}>
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
