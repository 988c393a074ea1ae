import '../../../components/list-styles';
import { Anchor, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Link, Outlet, useParams } from 'react-router';
import { ErrorAlert } from '../../../components/failure-alert';
import { requireRight } from '../../../lib/require-right';
import { useBachelor } from '../api/get-bachelor';
import { BachelorSectionNav } from '../components/section-nav';

export const loader = requireRight('PROGRAMME_ACADEMIC__DISPLAY');

/** programme/bachelor/:programme — the programme's header and section links above each page. */
export default function BachelorLayout() {
  const id = Number(useParams().programme);
  const summary = useBachelor(id);
  if (summary.isError) return <ErrorAlert error={summary.error} />;
  if (!summary.data) return <Loader role="status" size="sm" aria-label="Loading programme" />;
  const p = summary.data;
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs">
        <div>
          <Anchor component={Link} to="/en/programme/list/bachelor" size="sm">
            Bachelor programmes
          </Anchor>
          <Title order={1} size="h2">
            {p.code} {p.title}
          </Title>
          {p.certifyingUniversity ? (
            <Text size="sm" c="dimmed">
              Certified by {p.certifyingUniversity}
            </Text>
          ) : null}
        </div>
      </Group>
      <BachelorSectionNav programmeId={id} />
      <Outlet context={p} />
    </Stack>
  );
}
