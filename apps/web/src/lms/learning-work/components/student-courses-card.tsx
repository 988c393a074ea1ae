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
  Modal,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { Select } from '../../../components/select';
import { Link } from 'react-router';
import type { StudentCourse } from '@lantern/contracts/learning-work';
import { useCurrentUser } from '../../../lib/base-data';
import { displayError } from '../../../lib/errors';
import { hasRight } from '../../../lib/rights';
import {
  useAdditionalCandidates,
  useAdditionalClassOptions,
  useChangeStudentCourse,
  useStudentCourses,
} from '../api/get-student-courses';
import { ScrollTable } from '../../../components/scroll-table';
import { counted } from '../../../lib/plural';

const STATUS: Record<StudentCourse['status'], { label: string; color: string }> = {
  active: { label: 'Active', color: 'green.9' },
  dropped: { label: 'Dropped', color: 'gray.7' },
  read_only: { label: 'Ended', color: 'blue.8' },
};

type Dialog =
  { kind: 'drop' | 'restore' | 'move' | 'remove'; course: StudentCourse } | { kind: 'add' } | null;

function ReasonDialog({
  dialog,
  studentId,
  onClose,
}: {
  dialog: { kind: 'drop' | 'restore'; course: StudentCourse };
  studentId: number;
  onClose: () => void;
}) {
  const change = useChangeStudentCourse(studentId);
  const [reason, setReason] = useState('');
  const title = dialog.kind === 'drop' ? 'Drop course' : 'Restore course';
  return (
    <Modal opened onClose={onClose} title={`${title}: ${dialog.course.code}`}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          change.mutate(
            {
              kind: dialog.kind,
              courseId: dialog.course.courseId,
              reason,
              version: dialog.course.version,
            },
            { onSuccess: onClose },
          );
        }}
      >
        <Stack gap="sm">
          <Text size="sm">
            {dialog.kind === 'drop'
              ? 'The student keeps their work but no longer sees this course in their learning.'
              : 'The course returns to the student’s learning with the work they did.'}
          </Text>
          <Textarea
            label="Reason"
            required
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={change.error ? displayError(change.error) : null}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={change.isPending}>
              {title}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Moves an additional course's learner to another class of its programme (or to none). */
function MoveDialog({
  course,
  studentId,
  onClose,
}: {
  course: StudentCourse;
  studentId: number;
  onClose: () => void;
}) {
  const options = useAdditionalClassOptions(studentId, course.courseId);
  const change = useChangeStudentCourse(studentId);
  const [classId, setClassId] = useState<string | null>(
    course.class ? String(course.class.id) : null,
  );
  return (
    <Modal opened onClose={onClose} title={`Change class: ${course.code}`}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          change.mutate(
            {
              kind: 'move',
              courseId: course.courseId,
              input: { classId: classId ? Number(classId) : null, version: course.version ?? 1 },
            },
            { onSuccess: onClose },
          );
        }}
      >
        <Stack gap="sm">
          <Text size="sm">
            The student’s work and grades stay with them; the class decides who teaches them.
          </Text>
          {options.error ? (
            <Alert color="red.9" variant="light" role="alert">
              {displayError(options.error)}
            </Alert>
          ) : null}
          <Select
            label="Class"
            clearable
            disabled={options.isPending}
            placeholder={
              options.data?.items.length === 0 ? 'No class at the student’s CLC' : 'No class'
            }
            data={(options.data?.items ?? []).map((k) => ({
              value: String(k.id),
              label: `${k.name} (${k.clcCode})`,
            }))}
            value={classId}
            onChange={setClassId}
          />
          {change.error ? (
            <Alert color="red.9" variant="light" role="alert">
              {displayError(change.error)}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={change.isPending}>
              Change class
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Removing is confirmed first: it takes the course out of the student's learning at once. */
function RemoveDialog({
  course,
  studentId,
  onClose,
}: {
  course: StudentCourse;
  studentId: number;
  onClose: () => void;
}) {
  const change = useChangeStudentCourse(studentId);
  return (
    <Modal opened onClose={onClose} title={`Remove additional course: ${course.code}`}>
      <Stack gap="sm">
        <Text size="sm">
          {course.code} · {course.title} leaves the student’s courses. They have no work in it, so
          nothing is lost; you can add it again later.
        </Text>
        {change.error ? (
          <Alert color="red.9" variant="light" role="alert">
            {displayError(change.error)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            color="red.9"
            loading={change.isPending}
            onClick={() =>
              change.mutate({ kind: 'remove', courseId: course.courseId }, { onSuccess: onClose })
            }
          >
            Remove course
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function AddDialog({ studentId, onClose }: { studentId: number; onClose: () => void }) {
  const [q, setQ] = useState('');
  const [courseId, setCourseId] = useState<string | null>(null);
  const [classId, setClassId] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const candidates = useAdditionalCandidates(studentId, q, true);
  const change = useChangeStudentCourse(studentId);
  const picked = candidates.data?.items.find((c) => String(c.courseId) === courseId);
  return (
    <Modal opened onClose={onClose} title="Add an additional course" size="lg">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!courseId) return;
          change.mutate(
            {
              kind: 'add',
              input: {
                courseId: Number(courseId),
                classId: classId ? Number(classId) : null,
                reason,
              },
            },
            { onSuccess: onClose },
          );
        }}
      >
        <Stack gap="sm">
          <TextInput
            label="Search courses"
            value={q}
            onChange={(e) => setQ(e.currentTarget.value)}
          />
          <Select
            label="Course"
            required
            searchable
            nothingFoundMessage="No course of a running programme matches"
            data={(candidates.data?.items ?? []).map((c) => ({
              value: String(c.courseId),
              label: `${c.code} · ${c.title} (${c.programme.title})`,
            }))}
            value={courseId}
            onChange={(v) => {
              setCourseId(v);
              setClassId(null);
            }}
          />
          <Select
            label="Class"
            clearable
            placeholder={
              picked && picked.classes.length === 0 ? 'No class at the student’s CLC' : 'No class'
            }
            data={(picked?.classes ?? []).map((k) => ({
              value: String(k.id),
              label: `${k.name} (${k.clcCode})`,
            }))}
            value={classId}
            onChange={setClassId}
          />
          <Textarea
            label="Reason"
            required
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
          {change.error ? (
            <Alert color="red.9" variant="light" role="alert">
              {displayError(change.error)}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={change.isPending} disabled={!courseId}>
              Add course
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

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
