import '../../../components/form-styles';
import { Anchor, Loader, Stack } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { ErrorAlert } from '../../../components/failure-alert';
import { useCurrentUser } from '../../../lib/base-data';
import { requireRight } from '../../../lib/require-right';
import { hasRight } from '../../../lib/rights';
import { useStudent } from '../api/get-student';
import { useCreatedWarnings } from '../components/created-warnings';
import { SaveWarnings } from '../components/save-warnings';
import { StudentOverviewView } from '../components/student-overview-view';

export const loader = requireRight('STUDENT__DISPLAY');

export default function StudentOverviewRoute() {
  const id = Number(useParams().student);
  const user = useCurrentUser();
  const student = useStudent(id);
  const created = useCreatedWarnings();
  return (
    <Stack gap="sm" maw={1100}>
      <Anchor component={Link} to="/en/student/list" size="sm">
        ← Students
      </Anchor>
      <SaveWarnings warnings={created} />
      {student.isPending ? <Loader role="status" aria-label="Loading student" /> : null}
      <ErrorAlert error={student.error} />
      {student.data ? (
        <StudentOverviewView
          student={student.data}
          canEdit={hasRight(user, 'STUDENT__EDIT')}
          canOpenProgrammes={hasRight(user, 'PC_PROGRAMME__DISPLAY')}
        />
      ) : null}
    </Stack>
  );
}
