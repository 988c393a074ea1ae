import { useOutletContext, useParams } from 'react-router';
import type { BachelorSummary } from '@lantern/contracts/bachelor';
import { requireRight } from '../../../lib/require-right';
import { StudentsList } from '../components/students-list';

export const loader = requireRight('BA_STUDENT__DISPLAY');

/** students/internship and students/internship/term/:termKey. */
export default function InternshipRoute() {
  const summary = useOutletContext<BachelorSummary>();
  return <StudentsList summary={summary} kind="internship" termKey={useParams().termKey} />;
}
