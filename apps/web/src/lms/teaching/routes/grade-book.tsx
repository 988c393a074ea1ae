import '../styles';
import { useCallback, useState } from 'react';
import {
  Alert,
  Button,
  Group,
  Loader,
  Menu,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { ErrorAlert } from '../../../components/failure-alert';
import { ExportButtons } from '../../../components/export-buttons';
import { useCurrentUser } from '../../../lib/base-data';
import { displayError } from '../../../lib/errors';
import { requireRight } from '../../../lib/require-right';
import { hasRight } from '../../../lib/rights';
import { exportGradeBook } from '../api/export-grade-book';
import { useGradeBook, type GradeBookFilter } from '../api/get-grade-book';
import { usePublishTask } from '../api/publish-task';
import { GradeGrid } from '../components/grade-grid';
import { AsOfField } from '../../grade-history/public';
import { GradeBookAsOfPanel } from '../../grade-history/public';

export const loader = requireRight('GRADE_BOOK__DISPLAY');

/** course/:courseId/grade-book: the grid of learners × graded tasks, with totals. */
export default function GradeBookPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const courseId = Number(useParams().courseId);
  const [search] = useSearchParams();
  const [filter, setFilter] = useState<GradeBookFilter>(() => {
    const classId = Number(search.get('classId'));
    return { sort: 'name', dir: 'asc', ...(classId > 0 ? { classId } : {}) };
  });
  // A time in the as-of field turns the page into the published grade book of then (0021 §1.7).
  const [asOfInput, setAsOfInput] = useState('');
  const [asOf, setAsOf] = useState<string | null>(null);
  const book = useGradeBook(courseId, filter);
  const publish = usePublishTask();
  const first = book.data?.pages[0];
  const rows = book.data?.pages.flatMap((p) => p.rows) ?? [];
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = book;
  const onNeedMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const set = (change: GradeBookFilter) => {
    setFilter((f) => ({ ...f, ...change }));
  };
  if (book.error) return <ErrorAlert error={book.error} />;
  if (!first) return <Loader size="sm" />;
  const columns = filter.unitId
    ? first.columns.filter((c) => c.unitId === filter.unitId)
    : first.columns;
  const heading = (
    <Title order={1} size="h3">
      {t('teaching.gradeBook.title', 'Grade book · {{code}} {{title}}', {
        code: first.course.code,
        title: first.course.title,
      })}
    </Title>
  );
  const classSelect = (
    <Select
      label={t('teaching.class', 'Class')}
      size="xs"
      w={160}
      clearable
      placeholder={t('teaching.gradeBook.allClasses', 'All classes')}
      value={filter.classId === undefined ? null : String(filter.classId)}
      data={first.classes.map((k) => ({ value: String(k.id), label: k.name }))}
      onChange={(v) => {
        set({ classId: v === null ? undefined : Number(v) });
      }}
    />
  );
  const asOfField = (
    <AsOfField
      value={asOfInput}
      onChange={(value, at) => {
        setAsOfInput(value);
        setAsOf(at);
      }}
    />
  );
  if (asOf !== null)
    return (
      <Stack gap="sm">
        {heading}
        <Group gap="xs" align="end" wrap="wrap">
          {classSelect}
          {asOfField}
        </Group>
        <GradeBookAsOfPanel
          courseId={courseId}
          classId={filter.classId}
          at={asOf}
          mayExport={hasRight(user, 'GRADE_BOOK__EXPORT')}
          onBack={() => {
            setAsOfInput('');
            setAsOf(null);
          }}
        />
      </Stack>
    );
  return (
    <Stack gap="sm">
      {heading}
      <Group gap="xs" align="end" wrap="wrap">
        {classSelect}
        {asOfField}
        <Select
          label={t('teaching.unit', 'Unit')}
          size="xs"
          w={200}
          clearable
          placeholder={t('teaching.gradeBook.allUnits', 'All units')}
          value={filter.unitId === undefined ? null : String(filter.unitId)}
          data={first.units.map((u) => ({ value: String(u.id), label: u.title }))}
          onChange={(v) => {
            set({ unitId: v === null ? undefined : Number(v) });
          }}
        />
        <TextInput
          label={t('teaching.search', 'Search')}
          placeholder={t('teaching.class.search', 'Student name')}
          size="xs"
          w={200}
          defaultValue={filter.q ?? ''}
          onChange={(e) => {
            set({ q: e.currentTarget.value || undefined });
          }}
        />
        <Select
          label={t('teaching.sortBy', 'Sort by')}
          size="xs"
          w={150}
          allowDeselect={false}
          value={filter.sort ?? 'name'}
          data={[
            { value: 'name', label: t('teaching.sort.name', 'Name') },
            { value: 'total', label: t('teaching.sort.total', 'Points') },
          ]}
          onChange={(v) => {
            const sort = v === 'total' ? 'total' : 'name';
            set({ sort, dir: sort === 'total' ? 'desc' : 'asc' });
          }}
        />
        {filter.classId !== undefined && first.mayEdit && hasRight(user, 'SUBMISSION__DISPLAY') ? (
          <Menu>
            <Menu.Target>
              <Button size="xs" variant="default" loading={publish.isPending}>
                {t('teaching.gradeBook.publish', 'Publish drafts for this class')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {columns.map((c) => (
                <Menu.Item
                  key={c.id}
                  onClick={() => {
                    publish.mutate({ itemId: c.id, classId: filter.classId ?? 0 });
                  }}
                >
                  {c.title}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        ) : null}
        {hasRight(user, 'GRADE_BOOK__EXPORT') ? (
          <ExportButtons onExport={(format) => exportGradeBook(courseId, format, filter)} />
        ) : null}
      </Group>
      {publish.error ? (
        <Alert color="red" variant="light" p="xs" role="alert">
          {displayError(publish.error)}
        </Alert>
      ) : null}
      {publish.data ? (
        <Alert color="green" variant="light" p="xs" role="status">
          {t('teaching.gradeBook.published', '{{n}} published', { n: publish.data.published })}
          {publish.data.skipped.map((s) => (
            <Text key={s.studentId} size="xs">
              {rows.find((r) => r.studentId === s.studentId)?.lastName ?? s.studentId}: {s.reason}
            </Text>
          ))}
        </Alert>
      ) : null}
      {columns.length === 0 ? (
        <Text size="sm">
          {t('teaching.gradeBook.noColumns', 'This course has no graded tasks yet.')}
        </Text>
      ) : (
        <GradeGrid
          courseId={courseId}
          columns={columns}
          rows={rows}
          mayEdit={first.mayEdit}
          hasMore={hasNextPage}
          onNeedMore={onNeedMore}
          onSaved={() => {
            void queryClient.invalidateQueries({ queryKey: ['teaching', 'grade-book', courseId] });
          }}
        />
      )}
      {first.mayEdit ? (
        <Text size="xs" c="gray.8">
          {t(
            'teaching.gradeBook.keys',
            'Arrow keys move between cells; Enter edits a cell, Enter again saves it as a draft, Escape cancels. Drafts are in italics until published.',
          )}
          {columns.some((c) => !c.mayGrade) || rows.some((r) => !r.mayGrade)
            ? ` ${t(
                'teaching.gradeBook.readOnly',
                'Grey cells are graded by others: tasks of a delivery you do not grade, or students outside your classes.',
              )}`
            : ''}
        </Text>
      ) : null}
    </Stack>
  );
}
