import '../styles';
import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { Select } from '../../../components/select';
import type { StudentCourse } from '@lantern/contracts/learning-work';
import { displayError } from '../../../lib/errors';
import {
  useAdditionalCandidates,
  useAdditionalClassOptions,
  useChangeStudentCourse,
} from '../api/get-student-courses';

/** The Courses card's open dialog, if any, and the course it is about. */
export type Dialog =
  { kind: 'drop' | 'restore' | 'move' | 'remove'; course: StudentCourse } | { kind: 'add' } | null;

/** Dropping or restoring a course, with the reason. */
export function ReasonDialog({
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
export function MoveDialog({
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
export function RemoveDialog({
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

/** Adds an additional course to the student. */
export function AddDialog({ studentId, onClose }: { studentId: number; onClose: () => void }) {
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
