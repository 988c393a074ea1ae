import '../../../components/form-styles';
import { useState } from 'react';
import { Anchor, Loader, Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { Programme } from '@lantern/contracts/programme';
import { ErrorAlert } from '../../../components/failure-alert';
import { requireRight } from '../../../lib/require-right';
import { programmeQueryOptions, useProgramme } from '../api/get-programme';
import { useUpdateProgramme } from '../api/update-programme';
import { ProgrammeForm } from '../components/programme-form';
import { programmeFormValues } from '../components/programme-form-values';
import { programmeOverviewPath } from '../paths';

export const loader = requireRight('PC_PROGRAMME__EDIT');

function ProgrammeEditor({ programme }: { programme: Programme }) {
  const queryClient = useQueryClient();
  const update = useUpdateProgramme();
  // The version this editor works on: what it loaded, then what its own saves answered. A change
  // by someone else meanwhile is refused (409) rather than silently overwritten.
  const [version, setVersion] = useState(programme.version);
  return (
    <ProgrammeForm
      defaultValues={programmeFormValues(programme)}
      clcs={programme.clcs}
      submitLabel="Save changes"
      onSave={async (data) => {
        const saved = await update.mutateAsync({ id: programme.id, version, data });
        setVersion(saved.version);
      }}
      onReload={async () => {
        const fresh = await queryClient.query({
          ...programmeQueryOptions(programme.id),
          staleTime: 0,
        });
        setVersion(fresh.version);
        return programmeFormValues(fresh);
      }}
    />
  );
}

export default function ProgrammeEditRoute() {
  const id = Number(useParams().programme);
  const programme = useProgramme(id);
  return (
    <Stack gap="sm" maw={960}>
      <Anchor component={Link} to={programmeOverviewPath(id)} size="sm">
        ← Overview
      </Anchor>
      <Title order={1} fz="h2">
        {programme.data
          ? `Edit ${programme.data.code} ${programme.data.title}`
          : 'Edit professional certificate'}
      </Title>
      {programme.isPending ? <Loader role="status" aria-label="Loading programme" /> : null}
      <ErrorAlert error={programme.error} />
      {programme.data ? (
        <ProgrammeEditor key={programme.data.id} programme={programme.data} />
      ) : null}
    </Stack>
  );
}
