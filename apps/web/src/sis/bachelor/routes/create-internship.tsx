import '../../../components/form-styles';
import { Stack, Text, Title } from '@mantine/core';
import { Navigate, useNavigate, useOutletContext, useParams } from 'react-router';
import { termYearSchema, type BachelorSummary } from '@lantern/contracts/bachelor';
import { requireRight } from '../../../lib/require-right';
import { OfferingForm } from '../components/offering-form';
import { bachelorPaths } from '../paths';

export const loader = requireRight('BA_TERM__CREATE');

/** terms/:termYear/create-internship — an internship in one of the year's terms. */
export default function CreateInternshipRoute() {
  const summary = useOutletContext<BachelorSummary>();
  const navigate = useNavigate();
  const parsed = termYearSchema.safeParse(useParams().termYear);
  if (!parsed.success) return <Navigate to={bachelorPaths.createInternship(summary.id)} replace />;
  const year = parsed.data;
  const terms = summary.terms.filter((t) => t.year === year);
  const back = () => void navigate(bachelorPaths.terms(summary.id, year));
  return (
    <Stack gap="sm" maw={520}>
      <Title order={2} size="h3">
        New internship in {year}
      </Title>
      {terms.length === 0 ? (
        <Text size="sm">There are no terms in {year} yet: create a term first.</Text>
      ) : (
        <OfferingForm
          programmeId={summary.id}
          kind="internship"
          courses={summary.courses}
          terms={terms}
          onDone={back}
        />
      )}
    </Stack>
  );
}
