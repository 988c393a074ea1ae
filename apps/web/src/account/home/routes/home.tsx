import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import { Alert, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { ERROR_TEXTS } from '@lantern/contracts/messages';
import { displayError } from '../../../lib/errors';
import { useHomeSummary } from '../api/get-home-summary';
import { HomeSummaryView } from '../components/home-summary-view';
import { MachineHome } from '../components/machine-home';

/** The start page fits the account (the server says which kind): sis staff get their counts and
 * areas; learners the notice of spec §6; a machine account what it is and where the API is. */
export default function HomeRoute() {
  const summary = useHomeSummary();

  if (summary.isPending) return <Loader aria-label="Loading" m="xl" />;
  if (summary.isError) {
    return (
      <Alert color="red.9" variant="light" role="alert" title={ERROR_TEXTS.defaultHeadline}>
        {displayError(summary.error)}
      </Alert>
    );
  }
  if (summary.data.kind === 'learner') {
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
  if (summary.data.kind === 'machine') return <MachineHome summary={summary.data} />;
  return <HomeSummaryView summary={summary.data} />;
}
