import '../../../components/form-styles';
import { Loader, Stack, Text, Title } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { COHORT_IMPORT_COLUMNS } from '@lantern/contracts/bachelor-cohorts';
import { ErrorAlert } from '../../../components/failure-alert';
import { ImportFlow } from '../../../components/import-flow';
import { requireRight } from '../../../lib/require-right';
import { useCohort } from '../api/get-cohort';
import { useImportCohort } from '../api/import-cohort';
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
        <Text size="sm">
          A CSV or XLSX file with one student a row and these columns, by header:{' '}
          <Text span size="sm" ff="monospace">
            {COHORT_IMPORT_COLUMNS.join(', ')}
          </Text>
          . A row with a JWL-ID is that person; a row without one is found by name and birth date
          (or e-mail and birth date), else created. Everyone listed becomes an active student of the
          programme in this cohort. The check compares the file with the cohort&apos;s last import:
          who is added, what changed, and who is no longer listed (they are not removed).
        </Text>
      </ImportFlow>
    </Stack>
  );
}
