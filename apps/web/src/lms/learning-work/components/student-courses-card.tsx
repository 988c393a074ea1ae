import '../styles';
import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { Link } from 'react-router';
import type { StudentCourse } from '@lantern/contracts/learning-work';
import { useCurrentUser } from '../../../lib/base-data';
import { displayError } from '../../../lib/errors';
import { hasRight } from '../../../lib/rights';
import { useStudentCourses } from '../api/get-student-courses';
import { ScrollTable } from '../../../components/scroll-table';
import { counted } from '../../../lib/plural';
import {
  AddDialog,
  MoveDialog,
  ReasonDialog,
  RemoveDialog,
  type Dialog,
} from './student-course-dialogs';

const STATUS: Record<StudentCourse['status'], { label: string; color: string }> = {
  active: { label: 'Active', color: 'green.9' },
  dropped: { label: 'Dropped', color: 'gray.7' },
  read_only: { label: 'Ended', color: 'blue.8' },
};

/** The Courses card of a student's sis overview: progress, result, drop, restore, additional. */
export function StudentCoursesCard({ studentId }: { studentId: number }) {
  const user = useCurrentUser();
  const canSee = hasRight(user, 'ACTIVE_COURSES__DISPLAY');
  const courses = useStudentCourses(studentId, canSee);
  const [dialog, setDialog] = useState<Dialog>(null);
  if (!canSee) return null;
  const canEdit = hasRight(user, 'ACTIVE_COURSES__EDIT');
  const canAdd = hasRight(user, 'ADDITIONAL_COURSES__CREATE');
  const canMove = hasRight(user, 'ADDITIONAL_COURSES__EDIT');
  const canRemove = hasRight(user, 'ADDITIONAL_COURSES__DELETE');
  // The grade history of a course (decision 0021 §1.7) is the grade book's to show.
  const canSeeGrades = hasRight(user, 'GRADE_BOOK__DISPLAY');
  return (
    <Card withBorder padding="sm" component="section">
      <Stack gap="xs">
        <Title order={2} size="h4">
          Courses
        </Title>
        {courses.isPending ? <Loader role="status" size="sm" aria-label="Loading courses" /> : null}
        {courses.error ? (
          <Alert color="red.9" variant="light" role="alert">
            {displayError(courses.error)}
          </Alert>
        ) : null}
        {courses.data && courses.data.items.length === 0 ? (
          <Text size="sm">No courses.</Text>
        ) : null}
        {courses.data && courses.data.items.length > 0 ? (
          <ScrollTable minWidth={640} label="Courses">
            <Table verticalSpacing={4} fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Course</Table.Th>
                  <Table.Th>Programme</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Progress</Table.Th>
                  <Table.Th>Result so far</Table.Th>
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {courses.data.items.map((c) => (
                  <Table.Tr key={c.courseId}>
                    <Table.Td>
                      {c.code} · {c.title}
                      {c.source === 'additional' ? (
                        <Badge ms="xs" variant="light" color="violet.8" c="dark.8">
                          Additional
                        </Badge>
                      ) : null}
                      {c.reason ? (
                        <Text size="xs" c="dimmed">
                          {c.reason}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      {c.programme.code}
                      {c.class ? ` · ${c.class.name}` : ''}
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={STATUS[c.status].color} c="dark.8">
                        {STATUS[c.status].label}
                      </Badge>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {c.itemsDone} of {counted(c.itemsTotal, 'item')} · {c.tasksSubmitted} of{' '}
                      {counted(c.tasksTotal, 'task')}
                    </Table.Td>
                    <Table.Td>
                      {c.result === null ? '—' : `${c.result} of ${c.scaleMax ?? ''}`}
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        {canSeeGrades ? (
                          <Anchor
                            component={Link}
                            size="xs"
                            px={6}
                            style={{ whiteSpace: 'nowrap' }}
                            to={`/en/learning/student/${String(studentId)}/grade-history?courseId=${String(c.courseId)}`}
                            aria-label={`Grade history: ${c.code}`}
                          >
                            Grade history
                          </Anchor>
                        ) : null}
                        {canEdit && c.status === 'active' ? (
                          <Button
                            size="compact-xs"
                            variant="subtle"
                            onClick={() => setDialog({ kind: 'drop', course: c })}
                          >
                            Drop
                          </Button>
                        ) : null}
                        {canEdit && c.status === 'dropped' ? (
                          <Button
                            size="compact-xs"
                            variant="subtle"
                            onClick={() => setDialog({ kind: 'restore', course: c })}
                          >
                            Restore
                          </Button>
                        ) : null}
                        {canMove && c.source === 'additional' && c.status === 'active' ? (
                          <Button
                            size="compact-xs"
                            variant="subtle"
                            onClick={() => setDialog({ kind: 'move', course: c })}
                          >
                            Change class
                          </Button>
                        ) : null}
                        {canRemove && c.source === 'additional' && !c.hasWork ? (
                          <Button
                            size="compact-xs"
                            variant="subtle"
                            color="red.9"
                            onClick={() => setDialog({ kind: 'remove', course: c })}
                          >
                            Remove
                          </Button>
                        ) : null}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        ) : null}
        {canAdd ? (
          <Group>
            <Button size="xs" variant="outline" onClick={() => setDialog({ kind: 'add' })}>
              Add an additional course
            </Button>
          </Group>
        ) : null}
      </Stack>
      {dialog?.kind === 'drop' || dialog?.kind === 'restore' ? (
        <ReasonDialog
          dialog={{ kind: dialog.kind, course: dialog.course }}
          studentId={studentId}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'move' ? (
        <MoveDialog course={dialog.course} studentId={studentId} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'remove' ? (
        <RemoveDialog
          course={dialog.course}
          studentId={studentId}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'add' ? (
        <AddDialog studentId={studentId} onClose={() => setDialog(null)} />
      ) : null}
    </Card>
  );
}
