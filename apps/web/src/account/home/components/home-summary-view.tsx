import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { HomeSummary } from '@lantern/contracts/home';
import { appPath } from '../../../lib/paths';
import { UniversityProgrammes } from './university-programmes';

/** A role key as words: `SUPER_ADMIN` → `Super admin`. */
const roleLabel = (key: string): string => {
  const words = key.toLowerCase().replace(/_+/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** Greeting, the counts that matter to the user's role and the areas they may open. */
export function HomeSummaryView({ summary }: { summary: HomeSummary }) {
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="baseline">
        <Title order={1} fz="h2">
          Welcome, {summary.greetingName}
        </Title>
        {summary.activeRole ? (
          <Badge variant="light" size="lg" radius="sm" tt="none">
            Acting as {roleLabel(summary.activeRole)}
          </Badge>
        ) : null}
      </Group>

      {summary.counts.length > 0 ? (
        <section aria-labelledby="home-counts">
          <Title order={2} fz="h4" id="home-counts" mb="xs">
            At a glance
          </Title>
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
            {summary.counts.map((count) => {
              const body = (
                <>
                  <Text fz={28} fw={700} lh={1.1} c="lantern.9">
                    {count.value.toLocaleString('en')}
                  </Text>
                  <Text size="sm" c="gray.8">
                    {count.label}
                  </Text>
                </>
              );
              return (
                <Paper key={count.key} withBorder p="sm">
                  {count.path ? (
                    <Anchor
                      component={Link}
                      to={appPath(count.path)}
                      underline="never"
                      c="inherit"
                      display="block"
                    >
                      {body}
                    </Anchor>
                  ) : (
                    body
                  )}
                </Paper>
              );
            })}
          </SimpleGrid>
        </section>
      ) : null}

      {summary.university ? <UniversityProgrammes programmes={summary.university} /> : null}

      <section aria-labelledby="home-areas">
        <Title order={2} fz="h4" id="home-areas" mb="xs">
          Your areas
        </Title>
        <AreaCards areas={summary.areas} />
      </section>
    </Stack>
  );
}

/** A card per area the role may open, each saying what the role can do there. */
export function AreaCards({ areas }: { areas: HomeSummary['areas'] }) {
  if (areas.length === 0)
    return (
      <Text c="gray.7">Your current role opens no area of the student information system.</Text>
    );
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
      {areas.map((area) => (
        <Paper key={area.key} withBorder p="md">
          <Anchor component={Link} to={appPath(area.path)} fw={600}>
            {area.label}
          </Anchor>
          <Text size="sm" c="gray.7" mt={4}>
            {area.description}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
