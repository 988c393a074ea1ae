import { Button, Stack } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { PERSON_SORTS } from '@lantern/contracts/people';
import { ExportButtons } from '../../../components/export-buttons';
import { ErrorAlert } from '../../../components/failure-alert';
import { ListFilters, ListHeader } from '../../../components/list-header';
import { useCurrentUser } from '../../../lib/base-data';
import { listPageProps, listQuery, useListState, type ListSpec } from '../../../lib/list-state';
import { hasRight } from '../../../lib/rights';
import { exportPeople } from '../api/export-people';
import { usePeople } from '../api/find-people';
import { recordPath, type KindConfig, type PersonFilter, type PersonSort } from '../kinds';
import { PeopleFilters } from './people-filters';
import { PeopleTable } from './people-table';

const specs = new Map<string, ListSpec<PersonSort, PersonFilter>>();
/** One spec per kind, made once, so the list state stays stable between renders. */
const specOf = (config: KindConfig): ListSpec<PersonSort, PersonFilter> => {
  let spec = specs.get(config.kind);
  if (!spec) {
    spec = { sorts: PERSON_SORTS, defaultSort: 'lastName', filters: config.filters };
    specs.set(config.kind, spec);
  }
  return spec;
};

/** The list screen of a kind of person: search, filters, sort and paging in the address. */
export function PeopleList({ config }: { config: KindConfig }) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const [state, change] = useListState(specOf(config));
  const query = listQuery(state);
  const people = usePeople(config.kind, query);
  const canOpen = hasRight(
    user,
    config.kind === 'student' ? config.rights.display : config.rights.edit,
  );

  return (
    <Stack gap="sm">
      <ListHeader title={config.plural}>
        {hasRight(user, config.rights.export) ? (
          <ExportButtons onExport={(format) => exportPeople(config.kind, format, query)} />
        ) : null}
        {hasRight(user, config.rights.create) ? (
          <Button component={Link} to={`/en/${config.path}/new`} size="xs">
            New {config.label.toLowerCase()}
          </Button>
        ) : null}
      </ListHeader>
      <ListFilters
        q={state.q}
        onSearch={(q) => {
          change({ q });
        }}
        placeholder="Name, JWL-ID or e-mail"
      >
        <PeopleFilters
          filters={config.filters}
          values={state.filters}
          onChange={(name, value) => {
            change({ filters: { [name]: value } });
          }}
        />
      </ListFilters>
      <ErrorAlert error={people.error} />
      <PeopleTable
        kind={config.kind}
        label={config.plural}
        {...listPageProps(state, change, people)}
        onPageChange={(page) => {
          // The next or previous page is read by its cursor (as fast deep in the list as at
          // its start); a jump to a page by number reads by offset.
          const data = people.data;
          if (page === state.page + 1 && data?.next) change({ page, after: data.next });
          else if (page === state.page - 1 && page > 1 && data?.prev)
            change({ page, before: data.prev });
          else change({ page });
        }}
        onOpen={canOpen ? (person) => void navigate(recordPath(config.kind, person.id)) : undefined}
      />
    </Stack>
  );
}
