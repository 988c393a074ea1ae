import '../../../components/form-styles';
import { Loader, Stack, Text, Title } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { ErrorAlert } from '../../../components/failure-alert';
import { ImportFlow } from '../../../components/import-flow';
import { requireRight } from '../../../lib/require-right';
import { useCohort } from '../api/get-cohort';
import { useImportCohort } from '../api/import-cohort';
import { CohortImportHelp } from '../components/cohort-import-help';
import { CohortImportOutcome, cohortImportLabel } from '../components/cohort-import-outcome';
import { bachelorPaths } from '../paths';
import { termKeyLabel } from '../term-label';

export const loader = requireRight('BA_COHORT__IMPORT');

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** cohorts/import/:cohortId: upload → dry run → problems (fix, upload again) → the diff against
 * the last import, with hand edits it would overwrite → import → what it did. */
export default function CohortImportRoute() {
  const params = useParams();
  const programmeId = Number(params.programme);
  const cohortId = Number(params.cohortId);
  const navigate = useNavigate();
  const cohort = useCohort(programmeId, cohortId);
  const run = useImportCohort();
  if (cohort.isError) return <ErrorAlert error={cohort.error} />;
  if (!cohort.data) return <Loader role="status" size="sm" aria-label="Loading cohort" />;
  const c = cohort.data;
  return (
    <Stack gap="sm" maw={1000}>
      <Title order={2} size="h3">
        Import students into cohort {c.code}
      </Title>
      <ImportFlow
        run={run}
        input={{ programmeId, cohortId }}
        fileLabel="Cohort file"
        fileDescription="The file is checked first; nothing is written until every row is right"
        outcome={(report, isDone) => <CohortImportOutcome report={report} isDone={isDone} />}
        importLabel={cohortImportLabel}
        onClose={() => void navigate(bachelorPaths.cohorts(programmeId))}
        closeLabel={{ cancel: 'Back to cohorts', done: 'Back to cohorts' }}
      >
        <Text size="sm">
          Intake {termKeyLabel(c.intakeTerm)} · {count(c.members, 'student', 'students')}
          {c.lastImportAt ? ` · last import ${c.lastImportFile ?? ''}` : ' · never imported'}.
        </Text>
        <CohortImportHelp cohortCode={c.code} />
      </ImportFlow>
    </Stack>
  );
}
