import '../../../components/form-styles';
import { Anchor, Stack, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { requireRight } from '../../../lib/require-right';
import { useCreatePerson } from '../api/create-person';
import { createdState } from '../components/created-warnings';
import { EMPTY_STUDENT, StudentForm } from '../components/student-form';

export const loader = requireRight('STUDENT__CREATE');

const NO_CLCS: [] = [];

export default function StudentNewRoute() {
  const navigate = useNavigate();
  const create = useCreatePerson();
  return (
    <Stack gap="sm" maw={960}>
      <Anchor component={Link} to="/en/student/list" size="sm">
        ← Students
      </Anchor>
      <Title order={1} fz="h2">
        New student
      </Title>
      <StudentForm
        defaultValues={EMPTY_STUDENT}
        studentId={null}
        clcs={NO_CLCS}
        submitLabel="Create student"
        onSave={async (data) => {
          const saved = await create.mutateAsync({ kind: 'student', data });
          await navigate(`/en/student/${saved.record.id}/overview`, {
            replace: true,
            state: createdState(saved.warnings),
          });
          return saved.warnings;
        }}
      />
    </Stack>
  );
}
