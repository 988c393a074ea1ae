import '../styles';
import { useState } from 'react';
import {
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { WBT_STANDARD_LABELS } from '@lantern/contracts/wbt';
import { ErrorAlert } from '../../../components/failure-alert';
import { requireRight } from '../../../lib/require-right';
import { useWbts } from '../api/find-wbts';
import { ScrollTable } from '../../../components/scroll-table';

export const loader = requireRight('WBT_ALL__DISPLAY');

/** wbts (WBT_ALL): every training of every course, by title, with its report. */
export default function WbtsRoute() {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const [debounced] = useDebouncedValue(q.trim(), 300);
  const list = useWbts(debounced ? { q: debounced } : {});
  const rows = list.data?.pages.flatMap((p) => p.rows) ?? [];
  return (
    <Stack gap="md" maw={1200}>
      <Title order={1} size="h2">
        {t('wbt.list.title', 'All web-based trainings')}
      </Title>
      <TextInput
        label={t('wbt.list.search', 'Search by title')}
        value={q}
        onChange={(e) => setQ(e.currentTarget.value)}
        maw={360}
      />
      <ErrorAlert error={list.error} />
      {list.isPending ? <Loader role="status" aria-label={t('lms.loading', 'Loading')} /> : null}
      {list.data && rows.length === 0 ? (
        <Text size="sm">{t('wbt.list.none', 'No training matches.')}</Text>
      ) : null}
      {rows.length > 0 ? (
        <ScrollTable minWidth={720} label={t('wbt.list.title', 'All web-based trainings')}>
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('wbt.list.training', 'Training')}</Table.Th>
                <Table.Th>{t('wbt.list.course', 'Course')}</Table.Th>
                <Table.Th>{t('wbt.list.programme', 'Programme')}</Table.Th>
                <Table.Th>{t('wbt.list.standard', 'Kind')}</Table.Th>
                <Table.Th>{t('wbt.list.state', 'State')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.itemId}>
                  <Table.Td>
                    <Anchor component={Link} to={`/en/wbts/${String(row.itemId)}/report`} size="sm">
                      {row.title}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {row.unitTitle}
                    </Text>
                  </Table.Td>
                  <Table.Td>{row.courseTitle}</Table.Td>
                  <Table.Td>{row.programmeTitle}</Table.Td>
                  <Table.Td>{WBT_STANDARD_LABELS[row.standard]}</Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      <Badge variant="light" color={row.published ? 'teal.9' : 'gray.8'}>
                        {row.published
                          ? t('wbt.list.published', 'Published')
                          : t('wbt.list.draft', 'Not published')}
                      </Badge>
                      {row.isPublic ? (
                        <Badge variant="light" color="blue.9">
                          {t('wbt.list.public', 'Public')}
                        </Badge>
                      ) : null}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      ) : null}
      {list.hasNextPage ? (
        <Button
          variant="default"
          w="fit-content"
          loading={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          {t('wbt.list.more', 'Show more')}
        </Button>
      ) : null}
    </Stack>
  );
}
