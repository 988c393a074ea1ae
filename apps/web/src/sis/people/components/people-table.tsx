import { Badge } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import type { PersonKind, PersonListItem } from '@lantern/contracts/people';
import { ListTable } from '../../../components/list-table';
import { countryName } from '../../../lib/countries';
import { useEnumLabel } from '../../../lib/enumerations';
import type { ListPageProps } from '../../../lib/list-state';
import type { PersonSort } from '../kinds';
import { formatDate } from '../../../lib/format';

type PeopleTableProps = ListPageProps<PersonListItem, PersonSort> & {
  kind: PersonKind;
  label: string;
  /** Absent when the user may open no record from here. */
  onOpen?: ((person: PersonListItem) => void) | undefined;
};

const WIDE = '(min-width: 48em)';
const VERY_WIDE = '(min-width: 75em)';
const WIDEST = '(min-width: 90em)';

export function PeopleTable(props: PeopleTableProps) {
  const employeeType = useEnumLabel('employeeTypes');
  const residency = useEnumLabel('residencyStatuses');
  const columns: DataTableColumn<PersonListItem>[] = [
    { accessor: 'id', title: 'JWL-ID', sortable: true, width: 80 },
    { accessor: 'lastName', title: 'Last name', sortable: true, ellipsis: true },
    { accessor: 'firstName', title: 'First name', sortable: true, ellipsis: true },
    {
      accessor: 'username',
      title: 'Username',
      sortable: true,
      ellipsis: true,
      visibleMediaQuery: WIDEST,
    },
    {
      accessor: 'email',
      title: 'E-mail',
      sortable: true,
      ellipsis: true,
      visibleMediaQuery: WIDE,
      render: (p) => p.email ?? '—',
    },
    {
      accessor: 'clc',
      title: 'CLCs',
      sortable: true,
      ellipsis: true,
      width: 140,
      visibleMediaQuery: WIDE,
      render: (p) => p.clcs.join(', ') || '—',
    },
  ];
  if (props.kind === 'student') {
    columns.push(
      {
        accessor: 'nationality',
        title: 'Nationality',
        sortable: true,
        ellipsis: true,
        width: 140,
        visibleMediaQuery: VERY_WIDE,
        render: (p) => countryName(p.nationality) || '—',
      },
      {
        accessor: 'residencyStatus',
        title: 'Residency',
        ellipsis: true,
        width: 130,
        visibleMediaQuery: VERY_WIDE,
        render: (p) => residency(p.residencyStatus) || '—',
      },
      {
        accessor: 'birthDate',
        title: 'Born',
        sortable: true,
        width: 104,
        noWrap: true,
        visibleMediaQuery: WIDE,
        render: (p) => formatDate(p.birthDate),
      },
    );
  }
  if (props.kind === 'facilitator' || props.kind === 'lead-facilitator' || props.kind === 'user') {
    columns.push({
      accessor: 'employeeType',
      title: 'Employee type',
      ellipsis: true,
      width: 170,
      visibleMediaQuery: VERY_WIDE,
      render: (p) => employeeType(p.employeeType) || '—',
    });
  }
  if (props.kind === 'user') {
    columns.push({
      accessor: 'roles',
      title: 'Roles',
      ellipsis: true,
      width: 180,
      visibleMediaQuery: WIDE,
      render: (p) => p.roles.join(', ') || '—',
    });
  }
  columns.push({
    accessor: 'status',
    title: 'Status',
    sortable: true,
    width: 84,
    render: (p) => (
      <Badge size="sm" variant="filled" color={p.status === 'active' ? 'teal.9' : 'red.9'}>
        {p.status}
      </Badge>
    ),
  });

  return (
    <ListTable
      {...props}
      minHeight={200}
      noRecordsText={`No ${props.label.toLowerCase()} found`}
      columns={columns}
    />
  );
}
