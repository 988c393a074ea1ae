import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import { Anchor, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import {
  DATA_CHECKS,
  DATA_CHECK_DESCRIPTIONS,
  DATA_CHECK_LABELS,
} from '@lantern/contracts/data-checks';
import { ErrorAlert } from '../../../components/failure-alert';
import { requireRight } from '../../../lib/require-right';
import { useCheckCounts } from '../api/get-check-counts';

export const loader = requireRight('DATA_CLEAN_UP__DISPLAY');

/** The overview: every check with how many people it finds, each opening its own page. */
export default function UserDataCheckerRoute() {
  const counts = useCheckCounts();
  return (
    <Stack gap="sm">
      <Title order={1} fz="h2">
        User data checker
      </Title>
      <Text size="sm">
        {counts.data
          ? `${counts.data.checked.toLocaleString('en')} people checked (removed people are not).`
          : 'Checking…'}
      </Text>
      <ErrorAlert error={counts.error} />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        {DATA_CHECKS.map((check) => {
          const n = counts.data?.counts[check];
          return (
            <Card key={check} withBorder padding="sm" component="section" aria-labelledby={check}>
              <Stack gap={4}>
                <Anchor component={Link} to={check} id={check} fw={600}>
                  {DATA_CHECK_LABELS[check]}
                </Anchor>
                <Text fz={28} fw={700} c={n ? 'red.9' : 'green.9'}>
                  {n === undefined ? '…' : n.toLocaleString('en')}
                </Text>
                <Text size="sm" c="dimmed">
                  {DATA_CHECK_DESCRIPTIONS[check]}
                </Text>
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
