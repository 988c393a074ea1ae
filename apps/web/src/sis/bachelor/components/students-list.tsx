import '../../../components/list-styles';
import '../../../components/form-styles';
import { useMemo, useState } from 'react';
import {
  Anchor,
  Badge,
  Button,
  Group,
  Menu,
  SegmentedControl,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import {
  COURSE_STATUS_ACTIONS,
  COURSE_STATUS_LABELS,
  COURSE_STATUSES,
  type BachelorSummary,
  type CourseStatusAction,
} from '@lantern/contracts/bachelor';
import { STUDENT_COURSE_SORTS, type StudentCourse } from '@lantern/contracts/bachelor-terms';
import { ClcFilterSelect } from '../../../components/clc-select';
import { ExportButtons } from '../../../components/export-buttons';
import { ErrorAlert } from '../../../components/failure-alert';
import { FilterSelect, ListFilters } from '../../../components/list-header';
import { ListTable } from '../../../components/list-table';
import { useCurrentUser } from '../../../lib/base-data';
import { listPageProps, listQuery, useListState, type ListSpec } from '../../../lib/list-state';
import { hasRight } from '../../../lib/rights';
import { StudyBreaksModal } from '../../programmes/public';
import { exportStudentCourses } from '../api/export-student-courses';
import { useStudentCourses } from '../api/find-student-courses';
import { savedCourseIndex, useClearCourseIndexOnEntry } from '../current-course-index';
import { bachelorPaths } from '../paths';
import { termKeyLabel } from '../term-label';
import { CourseStatusModal, allowedMoves } from './course-status-modal';
import { StudentStatusModal } from './student-status-modal';

type Sort = (typeof STUDENT_COURSE_SORTS)[number];
const SPEC: ListSpec<Sort, 'status' | 'courseId' | 'clcId'> = {
  sorts: STUDENT_COURSE_SORTS,
  defaultSort: 'name',
  filters: ['status', 'courseId', 'clcId'],
};

type StudentsListProps = {
  summary: BachelorSummary;
  kind: 'course' | 'internship';
  /** The year's terms (course lists); absent for internships, which list every year's. */
  year?: number | undefined;
  termKey?: string | undefined;
};

/** students/:termYear[/term/:termKey] and students/internship[/term/:termKey]. */
export function StudentsList({ summary, kind, year, termKey }: StudentsListProps) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  useClearCourseIndexOnEntry(termKey);
  const [state, change] = useListState(SPEC);
  const query = useMemo(
    () => ({ ...listQuery(state), kind, termKey, year: termKey ? undefined : year }),
    [state, kind, termKey, year],
  );
  const list = useStudentCourses(summary.id, query);
  const [move, setMove] = useState<{ row: StudentCourse; action: CourseStatusAction } | null>(null);
  const [statusOf, setStatusOf] = useState<StudentCourse | null>(null);
  const [breaksOf, setBreaksOf] = useState<StudentCourse | null>(null);
  const has = (right: Parameters<typeof hasRight>[1]) => hasRight(user, right);
  const terms = summary.terms.filter((t) => year === undefined || t.year === year);
  const termNames = new Map(summary.terms.map((t) => [t.key, t.name]));
  const termPath = (key: string | null) => {
    if (kind === 'internship')
      return key
        ? `${bachelorPaths.internship(summary.id)}/term/${key}`
        : bachelorPaths.internship(summary.id);
    return key && year !== undefined
      ? bachelorPaths.studentsTerm(summary.id, year, key)
      : bachelorPaths.students(summary.id, year);
  };
  const page = listPageProps(state, change, {
    data: list.data ? { items: list.data.rows, total: list.data.total } : undefined,
    isFetching: list.isFetching,
  });
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <SegmentedControl
          size="xs"
          aria-label="Term"
          value={termKey ?? ''}
          onChange={(key) => void navigate(termPath(key || null))}
          data={[
            { value: '', label: kind === 'internship' ? 'All terms' : `All of ${year ?? ''}` },
            ...terms.map((t) => ({ value: t.key, label: t.name })),
          ]}
        />
        {has('BA_STUDENT__EXPORT') ? (
          <ExportButtons onExport={(format) => exportStudentCourses(summary.id, query, format)} />
        ) : null}
      </Group>
      <ListFilters
        q={state.q}
        onSearch={(q) => {
          change({ q });
        }}
        placeholder="Name, e-mail or JWL ID"
      >
        <FilterSelect
          label="Status"
          placeholder="All"
          data={COURSE_STATUSES.map((s) => ({ value: s, label: COURSE_STATUS_LABELS[s] }))}
          value={state.filters.status}
          onChange={(status) => {
            change({ filters: { status } });
          }}
          width={200}
        />
        <FilterSelect
          label="Course"
          placeholder="All"
          data={summary.courses.map((c) => ({
            value: String(c.id),
            label: `${c.code} ${c.title}`,
          }))}
          value={state.filters.courseId}
          onChange={(courseId) => {
            change({ filters: { courseId } });
          }}
          width={220}
        />
        <ClcFilterSelect
          value={state.filters.clcId ?? null}
          onChange={(clcId) => {
            change({ filters: { clcId } });
          }}
        />
      </ListFilters>
      <ErrorAlert error={list.error} />
      <ListTable<StudentCourse, Sort>
        {...page}
        label={kind === 'internship' ? 'Students in internships' : 'Students in the term’s courses'}
        minHeight={180}
        noRecordsText="No students found"
        columns={[
          { accessor: 'jwlId', title: 'JWL ID', sortable: true, width: 80 },
          { accessor: 'name', title: 'Name', sortable: true, render: (r) => r.student },
          { accessor: 'clc', title: 'CLC', sortable: true, render: (r) => r.clcName ?? '–' },
          {
            accessor: 'course',
            title: kind === 'internship' ? 'Internship' : 'Course',
            sortable: true,
            render: (r) =>
              `${r.courseCode} ${r.title}${termKey ? '' : ` · ${termNames.get(r.termKey) ?? termKeyLabel(r.termKey)}`}`,
          },
          {
            accessor: 'status',
            title: 'Status',
            sortable: true,
            render: (r) => (
              <Badge
                size="sm"
                variant="light"
                color={r.status === 'active' ? 'green' : 'gray'}
                c="dark.8"
                tt="none"
              >
                {COURSE_STATUS_LABELS[r.status]}
              </Badge>
            ),
          },
          {
            accessor: 'classroom',
            title: 'Classroom',
            // The name links to the classroom page only for those it opens to.
            render: (r) =>
              r.classroom && kind === 'course' && !has('CLASSROOM__DISPLAY') ? (
                r.classroom
              ) : r.classroom && kind === 'course' ? (
                <Anchor
                  component={Link}
                  size="sm"
                  to={bachelorPaths.classroom(
                    summary.id,
                    r.termKey,
                    r.courseId,
                    savedCourseIndex(),
                  )}
                >
                  {r.classroom}
                </Anchor>
              ) : (
                <Text span size="sm" c="dimmed">
                  –
                </Text>
              ),
          },
          {
            accessor: 'actions',
            title: <VisuallyHidden>Actions</VisuallyHidden>,
            render: (r) => {
              const moves = allowedMoves(r, has);
              const status = has('BA_STUDENT_STATUS__EDIT');
              const breaks = has('BA_PROGRAMME_BREAK__DISPLAY');
              if (moves.length === 0 && !status && !breaks) return null;
              return (
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <Button
                      size="compact-xs"
                      variant="default"
                      aria-label={`Actions for ${r.student}`}
                    >
                      Actions
                    </Button>
                  </Menu.Target>
                  <Menu.Dropdown>
                    {moves.map((a) => (
                      <Menu.Item key={a} onClick={() => setMove({ row: r, action: a })}>
                        {COURSE_STATUS_ACTIONS[a].label}
                      </Menu.Item>
                    ))}
                    {status ? (
                      <Menu.Item onClick={() => setStatusOf(r)}>Student status</Menu.Item>
                    ) : null}
                    {breaks ? (
                      <Menu.Item onClick={() => setBreaksOf(r)}>Programme breaks</Menu.Item>
                    ) : null}
                  </Menu.Dropdown>
                </Menu>
              );
            },
          },
        ]}
      />
      <CourseStatusModal programmeId={summary.id} target={move} onClose={() => setMove(null)} />
      <StudentStatusModal
        programmeId={summary.id}
        row={statusOf}
        onClose={() => setStatusOf(null)}
      />
      <StudyBreaksModal
        programmeId={summary.id}
        programmeType="bachelor"
        enrolment={
          breaksOf
            ? {
                id: breaksOf.enrolmentId,
                state: breaksOf.enrolmentState,
                student: { firstName: breaksOf.firstName, lastName: breaksOf.lastName },
              }
            : null
        }
        canEdit={has('BA_PROGRAMME_BREAK__EDIT')}
        onClose={() => setBreaksOf(null)}
      />
    </Stack>
  );
}
