import { Navigate, useParams } from 'react-router';
import { Text } from '@mantine/core';
import { useCurrentUser } from '../../../lib/base-data';
import { hasRight } from '../../../lib/rights';
import { BACHELOR_SECTIONS } from '../sections';

/** programme/bachelor/:programme opens the first section the user may see. */
export default function BachelorHome() {
  const user = useCurrentUser();
  const id = Number(useParams().programme);
  const first = BACHELOR_SECTIONS.find((s) => hasRight(user, s.right));
  if (first) return <Navigate to={first.path(id)} replace />;
  return <Text size="sm">Your role opens none of this programme’s sections.</Text>;
}
