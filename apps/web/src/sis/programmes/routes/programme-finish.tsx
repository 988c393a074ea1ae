import '../../../components/list-styles';
import '../../../components/form-styles';
import { Loader, Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { ErrorAlert } from '../../../components/failure-alert';
import { requireRight } from '../../../lib/require-right';
import { useProgramme } from '../api/get-programme';
import { useResults } from '../api/get-results';
import { ProgrammePageHeader } from '../components/programme-page-header';
import { ReviewGrades } from '../components/review-grades';

export const loader = requireRight('PROGRAMME__REVIEW_GRADES');

export default function ProgrammeFinishRoute() {
  const id = Number(useParams().programme);
  const programme = useProgramme(id);
  const results = useResults(id);
  return (
    <Stack gap="sm" maw={1600}>
      <ProgrammePageHeader programmeId={id} title="Review grades" programme={programme.data} />
      {programme.isPending || results.isPending ? (
        <Loader role="status" aria-label="Loading results" />
      ) : null}
      <ErrorAlert error={programme.error ?? results.error} />
      {programme.data && results.data ? (
        <ReviewGrades programme={programme.data} results={results.data} />
      ) : null}
    </Stack>
  );
}
