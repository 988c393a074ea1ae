import { useState } from 'react';
import { Alert, Anchor, Divider, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import type { Person } from '@lantern/contracts/people';
import { ErrorAlert } from '../../../components/failure-alert';
import { HistoryList } from '../../../components/history-list';
import { displayError } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import { useCreatePerson } from '../api/create-person';
import { personQueryOptions, usePerson } from '../api/get-person';
import { usePersonHistory } from '../api/get-person-history';
import { useUpdatePerson } from '../api/update-person';
import { KINDS } from '../kinds';
import { PasswordResetButton } from './password-reset-button';
import { createdState, useCreatedWarnings } from './created-warnings';
import { SaveWarnings } from './save-warnings';
import { EMPTY_STAFF, StaffForm, staffFormValues, type StaffKind } from './staff-form';

const NO_CLCS: [] = [];

export function StaffNewPage({ kind }: { kind: StaffKind }) {
  const config = KINDS[kind];
  const navigate = useNavigate();
  const create = useCreatePerson();
  return (
    <Stack gap="sm" maw={960}>
      <Anchor component={Link} to={`/en/${kind}/list`} size="sm">
        ← {config.plural}
      </Anchor>
      <Title order={1} fz="h2">
        New {config.label.toLowerCase()}
      </Title>
      <StaffForm
        kind={kind}
        defaultValues={EMPTY_STAFF}
        personId={null}
        clcs={NO_CLCS}
        submitLabel={`Create ${config.label.toLowerCase()}`}
        onSave={async (data) => {
          const saved = await create.mutateAsync({ kind, data });
          await navigate(`/en/${kind}/${saved.record.id}/edit`, {
            replace: true,
            state: createdState(saved.warnings),
          });
          return saved.warnings;
        }}
      />
    </Stack>
  );
}

function StaffEditor({ kind, person }: { kind: StaffKind; person: Person }) {
  const queryClient = useQueryClient();
  const update = useUpdatePerson();
  const history = usePersonHistory(kind, person.id);
  // The version this editor works on: what it loaded, then what its own saves answered.
  const [version, setVersion] = useState(person.version);
  return (
    <Stack gap="md">
      <StaffForm
        kind={kind}
        defaultValues={staffFormValues(person)}
        personId={person.id}
        clcs={person.clcs}
        submitLabel="Save changes"
        onSave={async (data) => {
          const saved = await update.mutateAsync({ kind, id: person.id, version, data });
          setVersion(saved.record.version);
          return saved.warnings;
        }}
        onReload={async () => {
          const fresh = await queryClient.query({
            ...personQueryOptions(kind, person.id),
            staleTime: 0,
          });
          setVersion(fresh.version);
          return staffFormValues(fresh);
        }}
      />
      <Group>
        <PasswordResetButton personId={person.id} name={`${person.firstName} ${person.lastName}`} />
      </Group>
      <Divider />
      {history.data ? (
        <HistoryList entries={history.data} />
      ) : history.isError ? (
        <Alert color="red.9" variant="light" role="alert">
          {displayError(history.error)}
        </Alert>
      ) : (
        <Loader role="status" size="sm" aria-label="Loading history" />
      )}
    </Stack>
  );
}

export function StaffEditPage({ kind }: { kind: StaffKind }) {
  const config = KINDS[kind];
  const id = Number(useParams()[kind]);
  const person = usePerson(kind, id);
  const created = useCreatedWarnings();
  return (
    <Stack gap="sm" maw={960}>
      <Anchor component={Link} to={`/en/${kind}/list`} size="sm">
        ← {config.plural}
      </Anchor>
      <Title order={1} fz="h2">
        {person.data
          ? `${person.data.firstName} ${person.data.lastName}`
          : `${config.label} ${String(id)}`}
      </Title>
      {person.data ? (
        <Text size="sm" c="dimmed">
          JWL-ID {person.data.id} · {person.data.username} · last sign-in{' '}
          {person.data.lastSignInAt ? formatDateTime(person.data.lastSignInAt) : 'never'}
        </Text>
      ) : null}
      <SaveWarnings warnings={created} />
      {person.isPending ? (
        <Loader role="status" aria-label={`Loading ${config.label.toLowerCase()}`} />
      ) : null}
      <ErrorAlert error={person.error} />
      {person.data ? <StaffEditor key={person.data.id} kind={kind} person={person.data} /> : null}
    </Stack>
  );
}
