import { Alert } from '@mantine/core';
import { displayError } from '../lib/errors';

/** What went wrong, in the words of the server or the app; nothing while nothing did. */
export function FailureAlert({ text }: { text: string | null | undefined }) {
  return text ? (
    <Alert color="red.9" variant="light" role="alert">
      {text}
    </Alert>
  ) : null;
}

/** A request's failure (a query's or a mutation's `error`) as the server says it. */
export function ErrorAlert({ error }: { error: unknown }) {
  return error ? <FailureAlert text={displayError(error)} /> : null;
}
