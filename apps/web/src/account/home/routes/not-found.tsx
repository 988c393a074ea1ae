import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { ErrorPanel } from '../../../components/error-panel';
import { useCurrentUser } from '../../../lib/base-data';

export default function NotFoundRoute() {
  const user = useCurrentUser();
  return (
    <ErrorPanel variant="generic" jwlId={user?.id ?? null} detail="This page does not exist.">
      <Anchor component={Link} to="/en/home">
        Go to the start page
      </Anchor>
    </ErrorPanel>
  );
}
