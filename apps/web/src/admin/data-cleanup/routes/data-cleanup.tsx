import '../../../components/list-styles';
import '@mantine/core/styles/NumberInput.layer.css';
import { useState } from 'react';
import { Alert, Divider, Stack, Text, Title } from '@mantine/core';
import { READABLE_TITLE } from '../../../lib/a11y';
import { useCurrentUser } from '../../../lib/base-data';
import { requireRight } from '../../../lib/require-right';
import { hasRight } from '../../../lib/rights';
import { CleanupFinder } from '../components/cleanup-finder';
import { CleanupRuns } from '../components/cleanup-runs';

export const loader = requireRight('DATA_CLEAN_UP__DISPLAY');

export default function DataCleanupRoute() {
  const user = useCurrentUser();
  const canDelete = hasRight(user, 'DATA_CLEAN_UP__DELETE');
  const [done, setDone] = useState<string | null>(null);
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1} fz="h2">
          Data cleanup
        </Title>
        <Text size="sm" c="dimmed">
          Removed people leave every list and cannot sign in; their records stay, and a run can be
          restored. Admins, super admins and you are never removed.
        </Text>
      </Stack>
      {done ? (
        <Alert
          color="green.9"
          variant="light"
          role="status"
          title={done}
          withCloseButton
          closeButtonLabel="Close"
          onClose={() => {
            setDone(null);
          }}
          styles={READABLE_TITLE}
        />
      ) : null}
      <CleanupFinder
        canDelete={canDelete}
        onRemoved={(count) => {
          setDone(`${count === 1 ? '1 person' : `${count} people`} removed`);
        }}
      />
      <Divider />
      <CleanupRuns
        canRestore={canDelete}
        onRestored={(restored, skipped) => {
          setDone(
            `${restored === 1 ? '1 person' : `${restored} people`} restored${
              skipped > 0 ? `, ${skipped} left removed (merged or already back)` : ''
            }`,
          );
        }}
      />
    </Stack>
  );
}
