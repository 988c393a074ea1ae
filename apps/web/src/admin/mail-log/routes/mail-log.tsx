import '@mantine/core/styles/Table.layer.css';
import '@mantine/core/styles/Pagination.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/ScrollArea.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import 'mantine-datatable/styles.layer.css';
import { useEffect, useState } from 'react';
import { Group, Stack, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useSearchParams } from 'react-router';
import type { MailLogItem } from '@lantern/contracts/mail';
import { ErrorAlert } from '../../../components/failure-alert';
import { requireRight } from '../../../lib/require-right';
import { useMailLog } from '../api/find-mail-log';
import { MailDetail } from '../components/mail-detail';
import { MailLogTable } from '../components/mail-log-table';

const LIMIT = 25;

export const loader = requireRight('MAIL_LOG__DISPLAY');

const pageFrom = (value: string | null): number => {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
};

export default function MailLogRoute() {
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params.get('page'));
  const q = params.get('q') ?? '';
  const [search, setSearch] = useState(q);
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const [opened, setOpened] = useState<MailLogItem | null>(null);
  const mailLog = useMailLog({ page, limit: LIMIT, q });

  // The search text goes into the address (and back to page 1) once the user pauses typing.
  useEffect(() => {
    const trimmed = debouncedSearch.trim();
    if (trimmed === q) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (trimmed) next.set('q', trimmed);
        else next.delete('q');
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  }, [debouncedSearch, q, setParams]);

  const setPage = (next: number) => {
    setParams((current) => {
      const updated = new URLSearchParams(current);
      updated.set('page', String(next));
      return updated;
    });
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <Title order={1} fz="h2">
          Mail log
        </Title>
        <TextInput
          label="Search"
          placeholder="Recipient, subject or kind"
          type="search"
          w={{ base: '100%', sm: 320 }}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
          }}
        />
      </Group>
      <ErrorAlert error={mailLog.error} />
      <MailLogTable
        items={mailLog.data?.items ?? []}
        total={mailLog.data?.total ?? 0}
        page={page}
        limit={LIMIT}
        isFetching={mailLog.isFetching}
        onPageChange={setPage}
        onOpen={setOpened}
      />
      <MailDetail
        mail={opened}
        onClose={() => {
          setOpened(null);
        }}
      />
    </Stack>
  );
}
