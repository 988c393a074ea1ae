import { QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-errors';

type MissingRightHandler = (right: string) => void;
let missingRightHandler: MissingRightHandler | null = null;

/** A 403 naming a missing right sends the user to not-authorised (set by the router). */
export function onMissingRight(handler: MissingRightHandler | null): void {
  missingRightHandler = handler;
}

/** Client errors (4xx) are answers, not hiccups: only retry what may pass on a second try. */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error) => {
      if (isApiError(error) && error.code === 'MISSING_RIGHT' && error.missingRight) {
        missingRightHandler?.(error.missingRight);
      }
    },
  }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (failureCount, error) =>
        failureCount < 1 && !(isApiError(error) && error.status !== null && error.status < 500),
    },
    mutations: { retry: false },
  },
});
