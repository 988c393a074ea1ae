import { Anchor, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { HomeSummary } from '@lantern/contracts/home';
import { useCurrentUser } from '../../../lib/base-data';
import { hasRight } from '../../../lib/rights';
import { bachelorPaths } from '../../../sis/bachelor/public';
import { BACHELOR_SECTIONS } from '../../../sis/bachelor/public';

type Programmes = NonNullable<HomeSummary['university']>;

/**
 * The university's view of the bachelor programmes (GENERAL_UNIVERSITY__DISPLAY, decision 0022),
 * for whoever holds that right — the university representative, and by decision 0003 admins and
 * view-only users: each programme with its students, the terms waiting for the university's
 * approval, its graduates, and the bachelor sections the user's rights open (the same list the
 * programme's own links read, so no link leads to a page the role may not see). What it says
 * and links follows the rights too, never the role's name.
 */
export function UniversityProgrammes({ programmes }: { programmes: Programmes }) {
  const user = useCurrentUser();
  const canOpen = hasRight(user, 'PROGRAMME_ACADEMIC__DISPLAY');
  const sections = canOpen ? BACHELOR_SECTIONS.filter((s) => hasRight(user, s.right)) : [];
  const canApprove = hasRight(user, 'BA_VERIFICATION_APPROVAL_UNI__EDIT');
  const canReadVerification = canOpen && hasRight(user, 'BA_VERIFICATION__DISPLAY');
  const waitingText = (n: number) =>
    `${n === 1 ? 'term waits' : 'terms wait'} for ${canApprove ? 'your' : 'the university’s'} approval`;
  return (
    <section aria-labelledby="home-university">
      <Title order={2} fz="h4" id="home-university" mb="xs">
        Your bachelor programmes
      </Title>
      {programmes.length === 0 ? (
        <Text c="gray.7">No bachelor programme is offered at your CLCs.</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          {programmes.map((p) => (
            <Paper key={p.id} withBorder p="md">
              <Stack gap={6}>
                {canOpen ? (
                  <Anchor component={Link} to={bachelorPaths.home(p.id)} fw={600}>
                    {p.code} {p.title}
                  </Anchor>
                ) : (
                  <Text fw={600}>
                    {p.code} {p.title}
                  </Text>
                )}
                {p.certifyingUniversity ? (
                  <Text size="sm" c="gray.7">
                    Certified by {p.certifyingUniversity}
                  </Text>
                ) : null}
                <Group gap="lg">
                  <Text size="sm">
                    <strong>{p.students.toLocaleString('en')}</strong>{' '}
                    {p.students === 1 ? 'student' : 'students'}
                  </Text>
                  {canReadVerification && p.waitingForUni > 0 ? (
                    <Anchor
                      component={Link}
                      to={bachelorPaths.verification(p.id)}
                      size="sm"
                      fw={600}
                    >
                      <strong>{p.waitingForUni}</strong> {waitingText(p.waitingForUni)}
                    </Anchor>
                  ) : (
                    <Text size="sm" fw={p.waitingForUni > 0 ? 600 : undefined}>
                      <strong>{p.waitingForUni}</strong> {waitingText(p.waitingForUni)}
                    </Text>
                  )}
                  {p.waitingBelow > 0 ? (
                    <Text size="sm">
                      <strong>{p.waitingBelow}</strong>{' '}
                      {p.waitingBelow === 1 ? 'term waits' : 'terms wait'} for the basic or CLC
                      approval first
                    </Text>
                  ) : null}
                  <Text size="sm">
                    <strong>{p.graduated.toLocaleString('en')}</strong> graduated
                  </Text>
                </Group>
                {sections.length > 0 ? (
                  <Group gap="sm" component="nav" aria-label={`${p.code} sections`}>
                    {sections.map((s) => (
                      <Anchor key={s.label} component={Link} to={s.path(p.id)} size="sm">
                        {s.label}
                      </Anchor>
                    ))}
                  </Group>
                ) : null}
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
      )}
    </section>
  );
}
