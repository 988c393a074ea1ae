import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import type { HomeSummary } from '@lantern/contracts/home';
import { AreaCards } from './home-summary-view';

/** The API's own documentation, served by the API beside the app (not a page of the app). */
const API_DOCS = '/api/docs';

/** The start page of a machine account: it works through the API, so the page says so and
 * where the API is described, then what the account may also read here. */
export function MachineHome({ summary }: { summary: HomeSummary }) {
  return (
    <Stack gap="lg">
      <Paper withBorder p="lg" maw={720}>
        <Stack gap="sm">
          <Title order={1} fz="h2">
            This is a machine account
          </Title>
          <Text>
            It connects other systems to Lantern through the API; its work is not done on these
            pages.
          </Text>
          <Text>
            <Anchor href={API_DOCS} fw={600}>
              API documentation
            </Anchor>{' '}
            — every call, what it needs and what it answers.
          </Text>
        </Stack>
      </Paper>
      <section aria-labelledby="home-areas">
        <Title order={2} fz="h4" id="home-areas" mb="xs">
          What this account can also read here
        </Title>
        <AreaCards areas={summary.areas} />
      </section>
    </Stack>
  );
}
