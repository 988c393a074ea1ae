import { useEffect } from 'react';
import { Button } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorPanel } from '../../components/error-panel';
import { recordError } from '../../lib/app-store';

/** Anything a route throws: the generic panel, recorded for the report-error link. */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : null;

  useEffect(() => {
    recordError(detail ?? 'Route error');
  }, [detail]);

  return (
    <main id="main">
      <ErrorPanel variant="generic" detail={detail}>
        <Button
          onClick={() => {
            window.location.reload();
          }}
          w="fit-content"
        >
          Reload the page
        </Button>
      </ErrorPanel>
    </main>
  );
}
