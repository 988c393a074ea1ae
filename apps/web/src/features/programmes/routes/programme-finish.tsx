import '../../../components/list-styles';
import '../../../components/form-styles';
import { Alert, Anchor, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { displayError } from '../../../lib/errors';
import { requireRight } from '../../../lib/require-right';
import { useProgramme } from '../api/get-programme';
import { useResults } from '../api/get-results';
import { ReviewGrades } from '../components/review-grades';
import { ProgrammeStatusBadge } from '../components/status-badges';
import { programmeOverviewPath } from '../paths';

export const loader = requireRight('PROGRAMME__REVIEW_GRADES');

export default function ProgrammeFinishRoute() {
  const id = Number(useParams().programme);
  const programme = useProgramme(id);
  const results = useResults(id);
  const error = programme.error ?? results.error;
  return (
    <Stack gap="sm" maw={1600}>
      <Anchor component={Link} to={programmeOverviewPath(id)} size="sm">
        ← Overview
      </Anchor>
      <div>
        <Title order={1} fz="h2">
          Review grades
        </Title>
        {programme.data ? (
          <Group gap="xs" mt={4}>
            <Text size="sm">
              {programme.data.code} {programme.data.title}
            </Text>
            <ProgrammeStatusBadge status={programme.data.status} />
          </Group>
        ) : null}
      </div>
      {programme.isPending || results.isPending ? (
        <Loader role="status" aria-label="Loading results" />
      ) : null}
      {error ? (
        <Alert color="red.9" variant="light" role="alert">
          {displayError(error)}
        </Alert>
      ) : null}
      {programme.data && results.data ? (
        <ReviewGrades programme={programme.data} results={results.data} />
      ) : null}
    </Stack>
  );
}
