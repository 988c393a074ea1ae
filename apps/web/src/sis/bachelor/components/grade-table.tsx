import { useState } from 'react';
import { Badge, Checkbox, Group, Select, Stack } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import {
  COURSE_STATUS_LABELS,
  VERIFICATION_LEVEL_LABELS,
  VERIFICATION_LEVELS,
  type VerificationLevel,
} from '@lantern/contracts/bachelor';
import { GRADE_FLAG_LABELS, type TermVerification } from '@lantern/contracts/bachelor-verification';
import { ErrorAlert } from '../../../components/failure-alert';
import { ExportButtons } from '../../../components/export-buttons';
import { ListSearch } from '../../../components/list-search';
import { paginationText, TABLE_LOOK } from '../../../components/list-table';
import { useCurrentUser } from '../../../lib/base-data';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../../lib/list-state';
import { hasRight } from '../../../lib/rights';
import { exportVerifiedGrades } from '../api/export-verified-grades';
import { useVerificationGrades } from '../api/find-verification-grades';

/** The term's grade set: search, CLC and "flagged only" filters, paged; the verified export. */
export function GradeTable({ programmeId, data }: { programmeId: number; data: TermVerification }) {
  const user = useCurrentUser();
  const [q, setQ] = useState('');
  const [clcId, setClcId] = useState<string | null>(null);
  const [flagged, setFlagged] = useState(false);
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(DEFAULT_PAGE_SIZE);
  const [level, setLevel] = useState<VerificationLevel>('UNI');
  const grades = useVerificationGrades(programmeId, {
    termKey: data.termKey,
    clcId: clcId ? Number(clcId) : undefined,
    flagged,
    q,
    page,
    limit,
  });
  const clcs = data.levels
    .filter((l) => l.level === 'CLC' && l.clcId !== null)
    .map((l) => ({ value: String(l.clcId), label: l.clcName ?? `CLC ${String(l.clcId)}` }));
  return (
    <Stack gap="xs">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <ListSearch
          value={q}
          onSearch={(next) => {
            setQ(next);
            setPage(1);
          }}
          placeholder="Student, JWL-ID or course"
        />
        <Select
          label="CLC"
          placeholder="Every CLC"
          data={clcs}
          value={clcId}
          clearable
          onChange={(v) => {
            setClcId(v);
            setPage(1);
          }}
          w={200}
        />
        <Checkbox
          label="Only missing or not final"
          checked={flagged}
          onChange={(e) => {
            setFlagged(e.currentTarget.checked);
            setPage(1);
          }}
          mb={8}
        />
        {hasRight(user, 'BA_VERIFICATION__EXPORT') ? (
          <Group gap="xs" align="flex-end">
            <Select
              label="Verified at"
              data={VERIFICATION_LEVELS.map((l) => ({
                value: l,
                label: VERIFICATION_LEVEL_LABELS[l],
              }))}
              value={level}
              allowDeselect={false}
              onChange={(v) => {
                if (v) setLevel(v as VerificationLevel);
              }}
              w={190}
            />
            <ExportButtons
              onExport={(format) => exportVerifiedGrades(programmeId, data.termKey, level, format)}
            />
          </Group>
        ) : null}
      </Group>
      {grades.isError ? <ErrorAlert error={grades.error} /> : null}
      <DataTable
        aria-label="Grades of the term"
        {...TABLE_LOOK}
        // Nothing in the rows takes focus: the scrolling box does, so a keyboard reaches the
        // columns beyond a phone's edge.
        scrollAreaProps={{
          viewportProps: {
            tabIndex: 0,
            role: 'region',
            'aria-label': 'Grades of the term, scrolling',
          },
        }}
        minHeight={160}
        records={grades.data?.items ?? []}
        idAccessor="studentCourseId"
        fetching={grades.isFetching}
        totalRecords={grades.data?.total ?? 0}
        recordsPerPage={limit}
        recordsPerPageOptions={[...PAGE_SIZES]}
        onRecordsPerPageChange={(n) => {
          setLimit(n);
          setPage(1);
        }}
        recordsPerPageLabel="Rows per page"
        page={page}
        onPageChange={setPage}
        paginationText={paginationText}
        noRecordsText="No grades"
        columns={[
          { accessor: 'student', title: 'Student' },
          { accessor: 'jwlId', title: 'JWL-ID' },
          { accessor: 'clcName', title: 'CLC' },
          {
            accessor: 'courseCode',
            title: 'Course',
            render: (g) => `${g.courseCode} ${g.courseTitle}`,
          },
          {
            accessor: 'status',
            title: 'Course status',
            render: (g) => COURSE_STATUS_LABELS[g.status],
          },
          {
            accessor: 'score',
            title: 'Grade',
            render: (g) =>
              g.score === null ? '—' : `${String(g.score)}${g.isFinal ? '' : ' (not final)'}`,
          },
          {
            accessor: 'flag',
            title: 'Check',
            render: (g) =>
              g.flag ? (
                <Badge color="orange" variant="light" c="dark.8" tt="none">
                  {GRADE_FLAG_LABELS[g.flag]}
                </Badge>
              ) : null,
          },
        ]}
      />
    </Stack>
  );
}
