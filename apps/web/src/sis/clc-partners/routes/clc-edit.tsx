import '../../../components/form-styles';
import { useState } from 'react';
import { Anchor, Divider, Loader, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { Clc } from '@lantern/contracts/clc';
import { ErrorAlert } from '../../../components/failure-alert';
import { HistoryList } from '../../../components/history-list';
import { countryName } from '../../../lib/countries';
import { requireRight } from '../../../lib/require-right';
import { clcQueryOptions, useClc } from '../api/get-clc';
import { useClcHistory } from '../api/get-clc-history';
import { useUpdateClc } from '../api/update-clc';
import { ClcForm, clcFormValues } from '../components/clc-form';
import { ClcImages } from '../components/clc-images';

export const loader = requireRight('CLC__EDIT');

const formatHistory = (field: string, value: unknown): string | null =>
  field === 'country' && typeof value === 'string' ? countryName(value) : null;

function ClcEditor({ clc }: { clc: Clc }) {
  const queryClient = useQueryClient();
  const update = useUpdateClc();
  const history = useClcHistory(clc.id);
  // The version this editor works on: the loaded one, then what its own saves answered. A
  // change by someone else meanwhile is refused (409) rather than silently overwritten.
  const [version, setVersion] = useState(clc.version);
  const saved = (next: Clc) => {
    setVersion(next.version);
    void history.refetch();
  };

  return (
    <Stack gap="md">
      <ClcForm
        defaultValues={clcFormValues(clc)}
        submitLabel="Save changes"
        onSave={async (data) => {
          saved(await update.mutateAsync({ id: clc.id, version, data }));
        }}
        onReload={async () => {
          const fresh = await queryClient.query({ ...clcQueryOptions(clc.id), staleTime: 0 });
          setVersion(fresh.version);
          return clcFormValues(fresh);
        }}
      />
      <Divider />
      <Title order={2} fz="h4">
        Logo and signature
      </Title>
      <ClcImages clc={{ ...clc, version }} onSaved={saved} />
      <Divider />
      {history.data ? (
        <HistoryList entries={history.data} format={formatHistory} />
      ) : history.isError ? (
        <ErrorAlert error={history.error} />
      ) : (
        <Loader role="status" size="sm" aria-label="Loading history" />
      )}
    </Stack>
  );
}

export default function ClcEditRoute() {
  const id = Number(useParams().clc);
  const clc = useClc(id);
  return (
    <Stack gap="sm" maw={960}>
      <Anchor component={Link} to="/en/clc-partner/list" size="sm">
        ← CLC partners
      </Anchor>
      <Title order={1} fz="h2">
        {clc.data ? `${clc.data.name} (${clc.data.code})` : 'CLC partner'}
      </Title>
      {clc.data ? (
        <Text size="sm" c="dimmed">
          {countryName(clc.data.country)} · {clc.data.timeZone}
        </Text>
      ) : null}
      {clc.isPending ? <Loader role="status" aria-label="Loading CLC partner" /> : null}
      <ErrorAlert error={clc.error} />
      {clc.data ? <ClcEditor key={clc.data.id} clc={clc.data} /> : null}
    </Stack>
  );
}
