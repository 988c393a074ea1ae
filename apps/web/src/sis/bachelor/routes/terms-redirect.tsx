import { Navigate, useParams } from 'react-router';
import { bachelorPaths } from '../paths';

/** `terms` alone opens the current calendar year's terms (spec §9). */
export default function TermsRedirect() {
  return <Navigate to={bachelorPaths.terms(Number(useParams().programme))} replace />;
}
