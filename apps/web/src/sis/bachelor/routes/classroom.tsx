import '../../../components/list-styles';
import { useEffect, useState } from 'react';
import {
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
  useMatches,
} from '@mantine/core';
import { Link, Navigate, useNavigate, useOutletContext, useParams } from 'react-router';
import {
  COURSE_STATUS_LABELS,
  parseTermKey,
  type BachelorSummary,
} from '@lantern/contracts/bachelor';
import { ErrorAlert } from '../../../components/failure-alert';
import { ScrollTable } from '../../../components/scroll-table';
import { useCurrentUser } from '../../../lib/base-data';
import { displayError } from '../../../lib/errors';
import { notifyFailure, notifySuccess, outcomeTexts } from '../../../lib/notify';
import { requireRight } from '../../../lib/require-right';
import { hasRight } from '../../../lib/rights';
import { useCloseClassroom } from '../api/close-classroom';
import { useClassroom } from '../api/get-classroom';
import { useClassrooms } from '../api/get-classrooms';
import { ClassroomFormModal } from '../components/classroom-form-modal';
import { ClassroomStaffModal } from '../components/classroom-staff-modal';
import { SeatStudentsModal } from '../components/seat-students-modal';
import { UnseatStudentModal, type SeatedStudent } from '../components/unseat-student-modal';
import { FROM_CLASSROOM, saveCourseIndex } from '../current-course-index';
import { bachelorPaths } from '../paths';
import { termKeyLabel } from '../term-label';
import { counted } from '../../../lib/plural';

export const loader = requireRight('CLASSROOM__DISPLAY');

const CLOSE_TEXTS = outcomeTexts('Classroom closed', 'The classroom was not closed');

/**
 * classroom/:termKey/:courseId/:currentCourseIndex — the classrooms of one offered course; the
 * index picks one (0-based) and is saved, so the classroom reopens where it was (spec §9).
 */
export default function ClassroomRoute() {
  const summary = useOutletContext<BachelorSummary>();
  const params = useParams();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const term = parseTermKey(params.termKey ?? '');
  const courseId = Number(params.courseId);
  const index = Number(params.currentCourseIndex);
  const valid = term !== null && Number.isInteger(courseId) && courseId > 0;
  const list = useClassrooms(summary.id, params.termKey ?? '', valid ? courseId : 0);
  const classrooms = list.data?.classrooms ?? [];
  const current = Number.isInteger(index) && index >= 0 ? classrooms[index] : undefined;
  const detail = useClassroom(summary.id, current?.id ?? null);
  const close = useCloseClassroom();
  const canCreate = hasRight(user, 'CLASSROOM__CREATE');
  const open = current !== undefined && !current.closedAt;
  const canSeat = open && hasRight(user, 'CLASSROOM_STUDENT__EDIT');
  // The offering a new classroom belongs to (there may be no classroom yet to name it); read
  // with the classrooms, so the page needs CLASSROOM__DISPLAY only, not the terms list's right.
  const offeringId = list.data?.offeringId ?? null;
  const [creating, setCreating] = useState(false);
  const [seating, setSeating] = useState(false);
  const [renaming, setRenaming] = useState(false);
  const [staffing, setStaffing] = useState(false);
  const [unseating, setUnseating] = useState<SeatedStudent | null>(null);
  const tabsOrientation = useMatches<'vertical' | 'horizontal'>({
    base: 'vertical',
    sm: 'horizontal',
  });
  useEffect(() => {
    if (Number.isInteger(index) && index >= 0) saveCourseIndex(index);
  }, [index]);
  if (!valid || !params.termKey)
    return <Navigate to={bachelorPaths.students(summary.id)} replace />;
  const termKey = params.termKey;
  // The term by its name (Fall 2027), never its key.
  const termName = summary.terms.find((t) => t.key === termKey)?.name ?? termKeyLabel(termKey);
  const course = summary.courses.find((c) => c.id === courseId);
  const onClose = async () => {
    if (!current) return;
    try {
      await close.mutateAsync({ programmeId: summary.id, classId: current.id });
      notifySuccess('classroom-close', CLOSE_TEXTS);
    } catch (error) {
      notifyFailure('classroom-close', displayError(error), CLOSE_TEXTS);
    }
  };
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <div>
          <Anchor
            component={Link}
            size="sm"
            to={bachelorPaths.studentsTerm(summary.id, term.year, termKey)}
            state={FROM_CLASSROOM}
          >
            Students of {termName}
          </Anchor>
          <Title order={2} size="h3">
            {course ? `${course.code} ${course.title}` : 'Course'} · {termName}
          </Title>
        </div>
        <Group gap="xs">
          {canCreate && offeringId !== null ? (
            <Button size="xs" variant="default" onClick={() => setCreating(true)}>
              New classroom
            </Button>
          ) : null}
          {canSeat ? (
            <Button size="xs" variant="default" onClick={() => setSeating(true)}>
              Seat students
            </Button>
          ) : null}
          {open && hasRight(user, 'CLASSROOM_STAFF__EDIT') ? (
            <Button size="xs" variant="default" onClick={() => setStaffing(true)}>
              Staff
            </Button>
          ) : null}
          {open && hasRight(user, 'CLASSROOM__EDIT') ? (
            <Button size="xs" variant="default" onClick={() => setRenaming(true)}>
              Rename
            </Button>
          ) : null}
          {current && !current.closedAt && hasRight(user, 'CLASSROOM__CLOSE') ? (
            <Button
              size="xs"
              variant="default"
              loading={close.isPending}
              onClick={() => void onClose()}
            >
              Close classroom
            </Button>
          ) : null}
        </Group>
      </Group>
      <ErrorAlert error={list.error ?? detail.error} />
      {list.isPending ? <Loader size="sm" role="status" aria-label="Loading classrooms" /> : null}
      {list.data && classrooms.length === 0 ? (
        <Text size="sm">This course has no classroom in {termName}.</Text>
      ) : null}
      {classrooms.length > 1 ? (
        <SegmentedControl
          size="xs"
          aria-label="Classroom"
          // Stacked on a phone: side by side, several classroom names run off the screen.
          orientation={tabsOrientation}
          w="fit-content"
          value={String(index)}
          onChange={(v) =>
            void navigate(bachelorPaths.classroom(summary.id, termKey, courseId, Number(v)))
          }
          data={classrooms.map((c, i) => ({ value: String(i), label: c.name }))}
        />
      ) : null}
      {list.data && classrooms.length > 0 && !current ? (
        <Navigate to={bachelorPaths.classroom(summary.id, termKey, courseId, 0)} replace />
      ) : null}
      {current ? (
        <Stack gap={4}>
          <Group gap="xs">
            <Text size="sm" fw={500}>
              {current.name}
            </Text>
            <Text size="sm" c="dimmed">
              {current.clc} · {current.students} of {counted(current.capacity, 'seat')}
              {current.staff.length > 0 ? ` · ${current.staff.map((s) => s.name).join(', ')}` : ''}
            </Text>
            {current.closedAt ? (
              <Badge size="sm" color="gray" variant="light" c="dark.8" tt="none">
                Closed
              </Badge>
            ) : null}
          </Group>
          {detail.data ? (
            // Scrolls sideways on a phone inside its own box, not the whole page.
            <ScrollTable minWidth={canSeat ? 600 : 520} label={`Students of ${current.name}`}>
              <Table striped withTableBorder fz="sm" aria-label={`Students of ${current.name}`}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>JWL ID</Table.Th>
                    <Table.Th>Name</Table.Th>
                    <Table.Th>Course status</Table.Th>
                    <Table.Th>Graded tasks</Table.Th>
                    <Table.Th>Course result so far</Table.Th>
                    {canSeat ? <Table.Th>Actions</Table.Th> : null}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {detail.data.roster.map((s) => (
                    <Table.Tr key={s.studentCourseId}>
                      <Table.Td>{s.jwlId}</Table.Td>
                      <Table.Td>{s.student}</Table.Td>
                      <Table.Td>{COURSE_STATUS_LABELS[s.status]}</Table.Td>
                      <Table.Td>
                        {s.graded} of {s.tasks}
                      </Table.Td>
                      <Table.Td>{s.result ?? '–'}</Table.Td>
                      {canSeat ? (
                        <Table.Td>
                          <Button
                            size="compact-xs"
                            variant="subtle"
                            color="red.9"
                            c="red.9"
                            aria-label={`Remove ${s.student} from the classroom`}
                            onClick={() =>
                              setUnseating({
                                studentCourseId: s.studentCourseId,
                                student: s.student,
                              })
                            }
                          >
                            Remove
                          </Button>
                        </Table.Td>
                      ) : null}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
          ) : (
            <Loader size="sm" role="status" aria-label="Loading the classroom" />
          )}
        </Stack>
      ) : null}
      <ClassroomFormModal
        programmeId={summary.id}
        offeringId={creating ? offeringId : null}
        onClose={() => setCreating(false)}
      />
      <SeatStudentsModal
        programmeId={summary.id}
        classroom={seating && current ? current : null}
        onClose={() => setSeating(false)}
      />
      <ClassroomStaffModal
        programmeId={summary.id}
        classroom={staffing && current ? current : null}
        onClose={() => setStaffing(false)}
      />
      <ClassroomFormModal
        programmeId={summary.id}
        classroom={renaming && current ? current : null}
        onClose={() => setRenaming(false)}
      />
      <UnseatStudentModal
        programmeId={summary.id}
        classroom={unseating && current ? current : null}
        seated={unseating}
        onClose={() => setUnseating(null)}
      />
    </Stack>
  );
}
