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
import { Link, useSearchParams } from 'react-router';
import {
  PROGRAMME_STATUSES,
  PROGRAMME_STATUS_LABELS,
  PROGRAMME_TYPES,
  PROGRAMME_TYPE_LABELS,
  type ProgrammeStatus,
  type ProgrammeType,
} from '@lantern/contracts/programme';
import {
  CLASS_PHASE_FILTERS,
  CLASS_PHASE_LABELS,
  CLASS_SORTS,
  type ClassListQuery,
  type ClassPhaseFilter,
  type ClassSort,
} from '@lantern/contracts/teaching';
import { ErrorAlert } from '../../../components/failure-alert';
import { requireRight } from '../../../lib/require-right';
import { useTeachingClasses } from '../api/get-classes';
import { ScrollTable } from '../../../components/scroll-table';

export const loader = requireRight('CLASSROOM__DISPLAY');

const isPhaseFilter = (v: string | null): v is ClassPhaseFilter =>
  (CLASS_PHASE_FILTERS as readonly (string | null)[]).includes(v);

/**
 * class_root ("All my classes"): every class the user teaches or oversees, paged and
 * searchable, running ones first, with the work waiting for their grade. `?phase=past` ("Past
 * classes" in the menu) shows the past and empty ones, `?phase=current` the others.
 */
export default function ClassRoot() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const asked = search.get('phase');
  const phase = isPhaseFilter(asked) ? asked : undefined;
  const [state, setQuery] = useState<Partial<ClassListQuery>>({
    page: 1,
    sort: 'period',
    dir: 'asc',
  });
  const query = { ...state, ...(phase ? { phase } : {}) };
  const { data, error, isPending } = useTeachingClasses(query);
  const set = (change: Partial<ClassListQuery>) => {
    setQuery((q) => ({ ...q, page: 1, ...change }));
  };
  const phaseLabels: Record<ClassPhaseFilter | 'all', string> = {
    all: t('teaching.classes.phase.all', 'All classes'),
    current: t('teaching.classes.phase.current', 'Running and upcoming'),
    past: t('teaching.classes.phase.past', 'Past classes'),
  };
  const sortLabels: Record<ClassSort, string> = {
    period: t('teaching.sort.period', 'Running first'),
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
        {phase === 'past'
          ? t('teaching.classes.pastTitle', 'Past classes')
          : t('teaching.classes.title', 'My classes')}
      </Title>
      <Group gap="xs" align="end" wrap="wrap">
        <Select
          label={t('teaching.filter.phase', 'Show')}
          size="xs"
          w={190}
          allowDeselect={false}
          value={phase ?? 'all'}
          data={(['all', ...CLASS_PHASE_FILTERS] as const).map((v) => ({
            value: v,
            label: phaseLabels[v],
          }))}
          onChange={(v) => {
            setQuery((q) => ({ ...q, page: 1 }));
            setSearch(isPhaseFilter(v) ? { phase: v } : {});
          }}
        />
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
          value={query.sort ?? 'period'}
          allowDeselect={false}
          data={CLASS_SORTS.map((v) => ({ value: v, label: sortLabels[v] }))}
          onChange={(v) => {
            const sort = (v ?? 'period') as ClassSort;
            set({ sort, dir: sort === 'toGrade' || sort === 'late' ? 'desc' : 'asc' });
          }}
        />
      </Group>
      {error ? <ErrorAlert error={error} /> : null}
      {isPending ? <Loader size="sm" /> : null}
      {data ? (
        <>
          <ScrollTable minWidth={720} label="Classes">
            <Table striped highlightOnHover verticalSpacing={4} fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{sortLabels.name}</Table.Th>
                  <Table.Th>{sortLabels.programme}</Table.Th>
                  <Table.Th>{sortLabels.clc}</Table.Th>
                  <Table.Th>{t('teaching.classes.when', 'When')}</Table.Th>
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
                    <Table.Td>
                      <Text size="sm" span style={{ whiteSpace: 'nowrap' }}>
                        {t(`teaching.classes.phaseOf.${k.phase}`, CLASS_PHASE_LABELS[k.phase])}
                      </Text>
                    </Table.Td>
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
