import { Navigate } from 'react-router';
import { useCurrentUser } from '../../../lib/base-data';
import { programmeEntryPath } from '../programme-entry';

/** /:lang/programme — on to the list the user's rights open (spec §2). The shell has loaded the
 * user before any page inside it renders. */
export default function ProgrammeEntryRoute() {
  const user = useCurrentUser();
  return <Navigate to={programmeEntryPath(user)} replace />;
}
