import { Navigate, useOutletContext, useParams } from 'react-router';
import { termLabel, type BachelorSummary } from '@lantern/contracts/bachelor';
import { useCurrentUser } from '../../../lib/base-data';
import { requireRight } from '../../../lib/require-right';
import { hasRight } from '../../../lib/rights';
import { DropoutList } from '../../../lms/dropout/public';
import { useTermClassrooms } from '../api/get-term-classrooms';
import { bachelorPaths } from '../paths';

export const loader = requireRight('DROPOUT_FLAGGING__DISPLAY');

/**
 * `programme/bachelor/:programme/dropout-flagging/:termYear/term/:termKey` (spec §2): one term's
 * dropout items and flagged students, on the model of decision 0021 (the term's students only).
 */
export default function BachelorDropoutTerm() {
  const programme = useOutletContext<BachelorSummary>();
  const user = useCurrentUser();
  const { termKey } = useParams();
  const term = programme.terms.find((t) => t.key === termKey);
  // The Class filter: the term's classrooms (a bachelor programme has no professional classes).
  const classrooms = useTermClassrooms(
    programme.id,
    term?.key ?? '',
    term !== undefined && hasRight(user, 'CLASSROOM__DISPLAY'),
  );
  if (!term) return <Navigate to={bachelorPaths.dropout(programme.id)} replace />;
  return (
    <DropoutList
      key={term.key}
      reference={{ programmeType: 'bachelor', programmeId: programme.id }}
      term={{ key: term.key, label: term.name || termLabel(term.year, term.season) }}
      classes={classrooms.data?.classrooms ?? []}
    />
  );
}
