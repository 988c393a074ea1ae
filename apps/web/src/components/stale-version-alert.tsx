import { Alert, Button, Group, Text } from '@mantine/core';

/** Someone else saved the record first (409): their detail, and a way to load what they saved.
 * The user's edit stays in the form until they choose to reload. */
export function StaleVersionAlert({ detail, onReload }: { detail: string; onReload: () => void }) {
  return (
    <Alert color="orange.9" variant="light" role="alert" title="Changed by someone else">
      <Group justify="space-between" gap="xs">
        <Text size="sm">{detail}</Text>
        <Button size="xs" variant="outline" color="orange.9" onClick={onReload}>
          Reload
        </Button>
      </Group>
    </Alert>
  );
}
