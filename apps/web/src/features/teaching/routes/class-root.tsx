import '../styles';
import { useState } from 'react';
import {
  Anchor,
  Badge,
  Group,
  Loader,
  Pagination,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  PROGRAMME_STATUSES,
  PROGRAMME_STATUS_LABELS,
  PROGRAMME_TYPES,
  PROGRAMME_TYPE_LABELS,
  type ProgrammeStatus,
  type ProgrammeType,
} from '@lantern/contracts/programme';
import { CLASS_SORTS, type ClassListQuery, type ClassSort } from '@lantern/contracts/teaching';
import { ErrorAlert } from '../../../components/failure-alert';
import { requireRight } from '../../../lib/require-right';
import { useTeachingClasses } from '../api/get-classes';
import { ScrollTable } from '../../../components/scroll-table';

export const loader = requireRight('CLASSROOM__DISPLAY');

/** class_root: the classes the user teaches or oversees, with the work waiting for a grade. */
export default function ClassRoot() {
  const { t } = useTranslation();
  const [query, setQuery] = useState<Partial<ClassListQuery>>({
    page: 1,
    sort: 'name',
    dir: 'asc',
  });
  const { data, error, isPending } = useTeachingClasses(query);
  const set = (change: Partial<ClassListQuery>) => {
    setQuery((q) => ({ ...q, page: 1, ...change }));
  };
  const sortLabels: Record<ClassSort, string> = {
    name: t('teaching.sort.class', 'Class'),
    programme: t('teaching.sort.programme', 'Programme'),
    clc: t('teaching.sort.clc', 'CLC'),
    students: t('teaching.sort.students', 'Students'),
    toGrade: t('teaching.sort.toGrade', 'To grade'),
    late: t('teaching.sort.late', 'Late'),
  };
  return (
    <Stack gap="sm">
      <Title order={1} size="h3">
        {t('teaching.classes.title', 'My classes')}
      </Title>
      <Group gap="xs" align="end" wrap="wrap">
        <TextInput
          label={t('teaching.search', 'Search')}
          placeholder={t('teaching.classes.search', 'Class, programme or CLC')}
          size="xs"
          w={220}
          defaultValue={query.q ?? ''}
          onChange={(e) => {
            set({ q: e.currentTarget.value || undefined });
          }}
        />
        <Select
          label={t('teaching.filter.type', 'Programme type')}
          size="xs"
          w={200}
          clearable
          value={query.programmeType ?? null}
          data={PROGRAMME_TYPES.map((v) => ({ value: v, label: PROGRAMME_TYPE_LABELS[v] }))}
          onChange={(v) => {
            set({ programmeType: (v ?? undefined) as ProgrammeType | undefined });
          }}
        />
        <Select
          label={t('teaching.filter.clc', 'CLC')}
          size="xs"
          w={160}
          clearable
          value={query.clcId === undefined ? null : String(query.clcId)}
          data={(data?.clcs ?? []).map((c) => ({
            value: String(c.id),
            label: `${c.code} · ${c.name}`,
          }))}
          onChange={(v) => {
            set({ clcId: v === null ? undefined : Number(v) });
          }}
        />
        <Select
          label={t('teaching.filter.status', 'Programme status')}
          size="xs"
          w={160}
          clearable
          value={query.status ?? null}
          data={PROGRAMME_STATUSES.map((v) => ({ value: v, label: PROGRAMME_STATUS_LABELS[v] }))}
          onChange={(v) => {
            set({ status: (v ?? undefined) as ProgrammeStatus | undefined });
          }}
        />
        <Select
          label={t('teaching.sortBy', 'Sort by')}
          size="xs"
          w={140}
          value={query.sort ?? 'name'}
          allowDeselect={false}
          data={CLASS_SORTS.map((v) => ({ value: v, label: sortLabels[v] }))}
          onChange={(v) => {
            const sort = (v ?? 'name') as ClassSort;
            set({ sort, dir: sort === 'toGrade' || sort === 'late' ? 'desc' : 'asc' });
          }}
        />
      </Group>
      {error ? <ErrorAlert error={error} /> : null}
      {isPending ? <Loader size="sm" /> : null}
      {data ? (
        <>
          <ScrollTable minWidth={640} label="Classes">
            <Table striped highlightOnHover verticalSpacing={4} fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{sortLabels.name}</Table.Th>
                  <Table.Th>{sortLabels.programme}</Table.Th>
                  <Table.Th>{sortLabels.clc}</Table.Th>
                  <Table.Th ta="end">{sortLabels.students}</Table.Th>
                  <Table.Th ta="end">{sortLabels.toGrade}</Table.Th>
                  <Table.Th ta="end">{sortLabels.late}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((k) => (
                  <Table.Tr key={k.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/en/class/${k.id}`} size="sm">
                        {k.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      {k.programme.code} · {k.programme.title}{' '}
                      <Badge size="xs" variant="light" color="gray.8" c="dark.8" tt="none">
                        {PROGRAMME_STATUS_LABELS[k.programme.status]}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{k.clc.code}</Table.Td>
                    <Table.Td ta="end">{k.students}</Table.Td>
                    <Table.Td ta="end" fw={k.toGrade > 0 ? 700 : undefined}>
                      {k.toGrade}
                    </Table.Td>
                    <Table.Td ta="end">{k.late}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
          {data.items.length === 0 ? (
            <Text size="sm">{t('teaching.classes.none', 'No classes match.')}</Text>
          ) : null}
          {data.total > data.limit ? (
            <Pagination
              size="sm"
              total={Math.ceil(data.total / data.limit)}
              value={data.page}
              onChange={(page) => {
                setQuery((q) => ({ ...q, page }));
              }}
            />
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}
