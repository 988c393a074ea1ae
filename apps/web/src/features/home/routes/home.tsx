import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import { Alert, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { ERROR_TEXTS } from '@lantern/contracts/messages';
import { useCurrentUser } from '../../../lib/base-data';
import { displayError } from '../../../lib/errors';
import { hasRight } from '../../../lib/rights';
import { useHomeSummary } from '../api/get-home-summary';
import { HomeSummaryView } from '../components/home-summary-view';

export default function HomeRoute() {
  const user = useCurrentUser();
  // Students (and anyone else without the sis right) learn on the learning platform (spec §6).
  const canUseSis = hasRight(user, 'GENERAL_SIS__DISPLAY');
  const summary = useHomeSummary({ enabled: canUseSis });

  if (!canUseSis) {
    return (
      <Paper withBorder p="lg" maw={640} mx="auto" my="xl">
        <Stack gap="sm">
          <Title order={1} fz="h2">
            {ERROR_TEXTS.insufficientPermissions}
          </Title>
          <Text>Your courses are on the learning platform.</Text>
          <Text size="sm" c="gray.7">
            Here you can still look at your profile, change your password and choose your role.
          </Text>
        </Stack>
      </Paper>
    );
  }

  if (summary.isPending) return <Loader aria-label="Loading" m="xl" />;
  if (summary.isError) {
    return (
      <Alert color="red.9" variant="light" role="alert" title={ERROR_TEXTS.defaultHeadline}>
        {displayError(summary.error)}
      </Alert>
    );
  }
  return <HomeSummaryView summary={summary.data} />;
}
