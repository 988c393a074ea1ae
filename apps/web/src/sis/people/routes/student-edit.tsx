import '../../../components/form-styles';
import { useState } from 'react';
import { Anchor, Group, Loader, Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { Student } from '@lantern/contracts/people';
import { ErrorAlert } from '../../../components/failure-alert';
import { requireRight } from '../../../lib/require-right';
import { studentQueryOptions, useStudent } from '../api/get-student';
import { useUpdatePerson } from '../api/update-person';
import { PasswordResetButton } from '../components/password-reset-button';
import { StudentForm, studentFormValues } from '../components/student-form';

export const loader = requireRight('STUDENT__EDIT');

function StudentEditor({ student }: { student: Student }) {
  const queryClient = useQueryClient();
  const update = useUpdatePerson();
  // The version this editor works on: what it loaded, then what its own saves answered.
  const [version, setVersion] = useState(student.version);
  return (
    <Stack gap="md">
      <StudentForm
        defaultValues={studentFormValues(student)}
        studentId={student.id}
        clcs={student.clcs}
        submitLabel="Save changes"
        onSave={async (data) => {
          const saved = await update.mutateAsync({
            kind: 'student',
            id: student.id,
            version,
            data,
          });
          setVersion(saved.record.version);
          return saved.warnings;
        }}
        onReload={async () => {
          const fresh = await queryClient.query({
            ...studentQueryOptions(student.id),
            staleTime: 0,
          });
          setVersion(fresh.version);
          return studentFormValues(fresh);
        }}
      />
      <Group>
        <PasswordResetButton
          personId={student.id}
          name={`${student.firstName} ${student.lastName}`}
        />
      </Group>
    </Stack>
  );
}

export default function StudentEditRoute() {
  const id = Number(useParams().student);
  const student = useStudent(id);
  return (
    <Stack gap="sm" maw={960}>
      <Anchor component={Link} to={`/en/student/${String(id)}/overview`} size="sm">
        ← Overview
      </Anchor>
      <Title order={1} fz="h2">
        {student.data ? `Edit ${student.data.firstName} ${student.data.lastName}` : 'Edit student'}
      </Title>
      {student.isPending ? <Loader role="status" aria-label="Loading student" /> : null}
      <ErrorAlert error={student.error} />
      {student.data ? <StudentEditor key={student.data.id} student={student.data} /> : null}
    </Stack>
  );
}
