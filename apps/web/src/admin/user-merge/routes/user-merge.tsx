import '../../../components/form-styles';
import '@mantine/core/styles/Table.layer.css';
import '@mantine/core/styles/Pagination.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import 'mantine-datatable/styles.layer.css';
import { useState } from 'react';
import { Alert, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router';
import { MERGE_TEXTS, type MergePerson } from '@lantern/contracts/user-merge';
import { ErrorAlert } from '../../../components/failure-alert';
import { requireRight } from '../../../lib/require-right';
import { useMergeLog } from '../api/user-merge';
import { MergeLogTable } from '../components/merge-log-table';
import { PersonPicker } from '../components/person-picker';

const LIMIT = 25;

export const loader = requireRight('DATA_CLEAN_UP__MERGE');

const pageFrom = (value: string | null): number => {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
};

/** `userMerge`: pick the person to remove and the one to keep, and the merge log. */
export default function UserMergeRoute() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params.get('page'));
  const [removed, setRemoved] = useState<MergePerson | null>(null);
  const [kept, setKept] = useState<MergePerson | null>(null);
  const log = useMergeLog({ page, limit: LIMIT });
  const same = removed !== null && kept !== null && removed.id === kept.id;

  return (
    <Stack gap="md">
      <Title order={1} fz="h2">
        User merge
      </Title>
      <Text size="sm" maw={760}>
        When one person has two accounts, merge the one to remove into the one to keep: roles, CLCs,
        programmes, classes and files move to the kept account, you choose which names and details
        survive, and the removed account can no longer sign in. A merge can be undone from the log
        below.
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <PersonPicker title="Person to remove" chosen={removed} onChoose={setRemoved} />
        <PersonPicker title="Person to keep" chosen={kept} onChoose={setKept} />
      </SimpleGrid>
      {same ? (
        <Alert color="red" variant="light" role="alert">
          {MERGE_TEXTS.same}
        </Alert>
      ) : null}
      <Group>
        <Button
          disabled={removed === null || kept === null || same}
          onClick={() => {
            if (removed && kept) void navigate(`${String(removed.id)}/${String(kept.id)}`);
          }}
        >
          Compare
        </Button>
      </Group>

      <Title order={2} fz="h3">
        Merge log
      </Title>
      <ErrorAlert error={log.error} />
      <MergeLogTable
        items={log.data?.items ?? []}
        total={log.data?.total ?? 0}
        page={page}
        limit={LIMIT}
        isFetching={log.isFetching}
        canUndo
        onPageChange={(next) => {
          setParams((current) => {
            const updated = new URLSearchParams(current);
            updated.set('page', String(next));
            return updated;
          });
        }}
      />
    </Stack>
  );
}
