import { Navigate, useOutletContext, useParams } from 'react-router';
import { termYearSchema, type BachelorSummary } from '@lantern/contracts/bachelor';
import { requireRight } from '../../../lib/require-right';
import { StudentsList } from '../components/students-list';
import { bachelorPaths } from '../paths';

export const loader = requireRight('BA_STUDENT__DISPLAY');

/** students/:termYear and students/:termYear/term/:termKey. */
export default function StudentsRoute() {
  const summary = useOutletContext<BachelorSummary>();
  const params = useParams();
  const parsed = termYearSchema.safeParse(params.termYear);
  if (!parsed.success) return <Navigate to={bachelorPaths.students(summary.id)} replace />;
  return (
    <StudentsList summary={summary} kind="course" year={parsed.data} termKey={params.termKey} />
  );
}
