import { Anchor, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { ErrorPanel } from '../../../components/error-panel';

export default function NotAuthorisedRoute() {
  const [params] = useSearchParams();
  const missingRight = params.get('missingRight');
  return (
    <ErrorPanel variant="noPermission">
      {missingRight ? (
        <Text size="sm" c="gray.8">
          Missing right: <code>{missingRight}</code>
        </Text>
      ) : null}
      <Text size="sm">
        Another role may allow it: press Ctrl+Q to change your role, or go back to the{' '}
        <Anchor component={Link} to="/en/home">
          start page
        </Anchor>
        .
      </Text>
    </ErrorPanel>
  );
}
