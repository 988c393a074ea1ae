import '../styles';
import { useEffect, useState } from 'react';
import {
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  GRADE_REQUEST_KINDS,
  GRADE_REQUEST_STATES,
  type GradeRequest,
  type GradeRequestKind,
  type GradeRequestState,
} from '@lantern/contracts/grade-requests';
import { ErrorAlert } from '../../../components/failure-alert';
import { formatDateTime } from '../../../lib/format';
import { requireRight } from '../../../lib/require-right';
import { useGradeRequests, type GradeRequestFilter } from '../api/find-grade-requests';
import {
  changeText,
  kindLabel,
  STATE_COLORS,
  stateLabel,
  studentName,
  subjectText,
} from '../labels';
import { gradeRequestPath } from '../paths';

export const loader = requireRight('GRADE_CHANGE_REQUEST__DISPLAY');

const isState = (v: string | null): v is GradeRequestState =>
  GRADE_REQUEST_STATES.some((s) => s === v);
const isKind = (v: string | null): v is GradeRequestKind =>
  GRADE_REQUEST_KINDS.some((k) => k === v);

/** The filters live in the address, so a queue can be linked to and comes back on "Back". */
function useFilter(): [
  GradeRequestFilter & { state: GradeRequestState },
  (next: Record<string, string | null>) => void,
] {
  const [params, setParams] = useSearchParams();
  const state = params.get('state');
  const kind = params.get('kind');
  const course = Number(params.get('courseId'));
  const filter = {
    state: isState(state) ? state : ('open' as const),
    kind: isKind(kind) ? kind : undefined,
    courseId: Number.isInteger(course) && course > 0 ? course : undefined,
    mine: params.get('mine') === 'true' ? true : undefined,
    q: params.get('q') ?? undefined,
  };
  const update = (next: Record<string, string | null>) => {
    const merged = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value === null || value === '') merged.delete(key);
      else merged.set(key, value);
    }
    setParams(merged, { replace: true });
  };
  return [filter, update];
}

function StateBadge({ request }: { request: GradeRequest }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATE_COLORS[request.state]} variant="light" c="dark.8" tt="none">
      {stateLabel(t, request.state)}
    </Badge>
  );
}

function RequestTable({ rows }: { rows: GradeRequest[] }) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={960}>
      <Table striped withTableBorder fz="sm" verticalSpacing={6}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('requests.col.kind', 'Request')}</Table.Th>
            <Table.Th>{t('requests.col.subject', 'Course · task')}</Table.Th>
            <Table.Th>{t('requests.col.student', 'Student')}</Table.Th>
            <Table.Th>{t('requests.col.change', 'From → to')}</Table.Th>
            <Table.Th>{t('requests.col.requester', 'Asked by')}</Table.Th>
            <Table.Th>{t('requests.col.when', 'When')}</Table.Th>
            <Table.Th>{t('requests.col.state', 'State')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>
                <Anchor component={Link} to={gradeRequestPath(r.id)} size="sm">
                  {kindLabel(t, r.kind)} #{r.id}
                </Anchor>
              </Table.Td>
              <Table.Td>{subjectText(t, r)}</Table.Td>
              <Table.Td>
                {studentName(r)}
                {r.class ? (
                  <Text span size="xs" c="gray.8">
                    {' '}
                    · {r.class.name}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>{changeText(t, r)}</Table.Td>
              <Table.Td>{r.requestedBy.name}</Table.Td>
              <Table.Td>
                <time dateTime={r.requestedAt}>{formatDateTime(r.requestedAt)}</time>
              </Table.Td>
              <Table.Td>
                <StateBadge request={r} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function RequestCards({ rows }: { rows: GradeRequest[] }) {
  const { t } = useTranslation();
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
      {rows.map((r) => (
        <Paper component="li" key={r.id} withBorder p="sm">
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Anchor component={Link} to={gradeRequestPath(r.id)} size="sm" fw={600}>
              {kindLabel(t, r.kind)} #{r.id}
            </Anchor>
            <StateBadge request={r} />
          </Group>
          <Text size="sm">
            {subjectText(t, r)} · {studentName(r)}
            {r.class ? ` · ${r.class.name}` : ''}
          </Text>
          <Text size="sm">{changeText(t, r)}</Text>
          <Text size="xs" c="gray.8">
            {r.requestedBy.name} ·{' '}
            <time dateTime={r.requestedAt}>{formatDateTime(r.requestedAt)}</time>
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}

/** learning/grade-requests: undo-publish and grade-change requests in reach, a tab per state
 * with its count, filters by course, kind, "mine" and a search, 50 at a time. */
export default function GradeRequestsPage() {
  const { t } = useTranslation();
  const [filter, update] = useFilter();
  const [search, setSearch] = useState(filter.q ?? '');
  const [debounced] = useDebouncedValue(search.trim(), 400);
  useEffect(() => {
    if (debounced !== (filter.q ?? '')) update({ q: debounced });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the typed search settles
  }, [debounced]);
  const requests = useGradeRequests(filter);
  // Phones get a card per request: seven columns do not fit 390 px.
  const narrow = useMediaQuery('(max-width: 47.99em)');
  const first = requests.data?.pages[0];
  const rows = requests.data?.pages.flatMap((p) => p.rows) ?? [];
  const kindOptions = GRADE_REQUEST_KINDS.map((k) => ({
    value: k,
    label: first
      ? t('requests.queue.kindOpen', '{{kind}} ({{count}} open)', {
          kind: kindLabel(t, k),
          count: first.openByKind[k],
        })
      : kindLabel(t, k),
  }));
  const courseOptions = (first?.courses ?? []).map((c) => ({
    value: String(c.id),
    label: `${c.code} · ${c.title}`,
  }));
  // The chosen course stays an option while the answer for it loads.
  if (filter.courseId && !courseOptions.some((o) => o.value === String(filter.courseId)))
    courseOptions.push({ value: String(filter.courseId), label: `#${filter.courseId}` });

  return (
    <Stack gap="sm">
      <Title order={1} size="h3">
        {t('requests.queue.title', 'Grade requests')}
      </Title>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label={t('requests.queue.course', 'Course')}
          size="xs"
          w={260}
          clearable
          searchable
          placeholder={t('requests.queue.allCourses', 'All courses')}
          data={courseOptions}
          value={filter.courseId ? String(filter.courseId) : null}
          onChange={(v) => {
            update({ courseId: v });
          }}
        />
        <Select
          label={t('requests.queue.kind', 'Kind')}
          size="xs"
          w={220}
          clearable
          placeholder={t('requests.queue.allKinds', 'Both kinds')}
          data={kindOptions}
          value={filter.kind ?? null}
          onChange={(v) => {
            update({ kind: v });
          }}
        />
        <TextInput
          label={t('requests.queue.search', 'Search')}
          size="xs"
          w={220}
          placeholder={t('requests.queue.searchHint', 'Student or task')}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
          }}
        />
        <Checkbox
          label={t('requests.queue.mine', 'Only my requests')}
          size="sm"
          mb={6}
          checked={filter.mine === true}
          onChange={(e) => {
            update({ mine: e.currentTarget.checked ? 'true' : null });
          }}
        />
      </Group>
      <Tabs
        value={filter.state}
        onChange={(v) => {
          if (isState(v)) update({ state: v === 'open' ? null : v });
        }}
      >
        <Tabs.List>
          {GRADE_REQUEST_STATES.map((s) => (
            <Tabs.Tab key={s} value={s}>
              {first
                ? t('requests.queue.tab', '{{state}} ({{count}})', {
                    state: stateLabel(t, s),
                    count: first.counts[s],
                  })
                : stateLabel(t, s)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {GRADE_REQUEST_STATES.map((s) => (
          <Tabs.Panel key={s} value={s} pt="sm">
            {s === filter.state ? (
              <Stack gap="sm">
                <ErrorAlert error={requests.error} />
                {requests.isPending ? (
                  <Loader size="sm" role="status" aria-label={t('lms.loading', 'Loading')} />
                ) : rows.length === 0 ? (
                  <Text size="sm">{t('requests.queue.none', 'No requests to show.')}</Text>
                ) : narrow ? (
                  <RequestCards rows={rows} />
                ) : (
                  <RequestTable rows={rows} />
                )}
              </Stack>
            ) : null}
          </Tabs.Panel>
        ))}
      </Tabs>
      {requests.hasNextPage ? (
        <Button
          size="xs"
          variant="default"
          w="fit-content"
          loading={requests.isFetchingNextPage}
          onClick={() => void requests.fetchNextPage()}
        >
          {t('requests.queue.more', 'Load more')}
        </Button>
      ) : null}
    </Stack>
  );
}
