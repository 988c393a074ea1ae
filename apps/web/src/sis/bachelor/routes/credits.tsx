import '../credits-styles';
import { Stack, Title } from '@mantine/core';
import { useParams, useSearchParams } from 'react-router';
import type { CreditStudentRow } from '@lantern/contracts/bachelor-credits';
import { ErrorAlert } from '../../../components/failure-alert';
import { ListSearch } from '../../../components/list-search';
import { ListTable } from '../../../components/list-table';
import { listPageProps, listQuery, useListState, type ListSpec } from '../../../lib/list-state';
import { requireRight } from '../../../lib/require-right';
import { useCreditStudents } from '../api/find-credit-students';
import { CreditsPanel } from '../components/credits-panel';

export const loader = requireRight('BA_STUDENT__DISPLAY');

const SPEC: ListSpec<'name', never> = { sorts: ['name'], defaultSort: 'name', filters: [] };

/** credits: the programme's students with their degree progress; a row opens its ledger. */
export default function Credits() {
  const id = Number(useParams().programme);
  const [state, change] = useListState(SPEC);
  const [params, setParams] = useSearchParams();
  const open = Number(params.get('student')) || null;
  const students = useCreditStudents(id, listQuery(state));
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        Credits
      </Title>
      <ListSearch
        value={state.q}
        onSearch={(q) => {
          change({ q });
        }}
        placeholder="Student or JWL-ID"
      />
      {students.isError ? <ErrorAlert error={students.error} /> : null}
      <ListTable<CreditStudentRow, 'name'>
        {...listPageProps(state, change, students)}
        label="Students and their credits"
        minHeight={160}
        noRecordsText="No student matches"
        onOpen={(row) => {
          const next = new URLSearchParams(params);
          next.set('student', String(row.enrolmentId));
          setParams(next);
        }}
        columns={[
          {
            accessor: 'name',
            title: 'Student',
            sortable: true,
            render: (r) => `${r.name} (${r.jwlId})`,
          },
          { accessor: 'clc', title: 'CLC' },
          { accessor: 'progress', title: 'Credits' },
          { accessor: 'entries', title: 'Ledger entries' },
        ]}
      />
      {open ? <CreditsPanel programmeId={id} enrolmentId={open} /> : null}
    </Stack>
  );
}
