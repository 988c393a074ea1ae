import type { ReactElement, ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { theme } from '../app/theme';
import { publicInfoQueryOptions } from '../lib/public-info';

export const PUBLIC_INFO = {
  version: '5.12.5',
  helpdeskEmail: 'helpdesk@lantern.test',
  acceptableUsePath: '/en/acceptable-use',
};

/** Renders with the app's providers and a fresh query cache. */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/en/home' }: { route?: string } = {},
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  // The footer's public info is known up front, so a test's fetch mock sees only its own calls.
  queryClient.setQueryData(publicInfoQueryOptions().queryKey, PUBLIC_INFO);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>
  );
  return { queryClient, ...render(ui, { wrapper }) };
}

/** A JSON answer for a mocked fetch. */
export const jsonResponse = (body: unknown, status = 200): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The address a fetch was called with. */
export const urlOf = (input: unknown): string =>
  typeof input === 'string'
    ? input
    : input instanceof URL
      ? input.href
      : input instanceof Request
        ? input.url
        : '';

/** The URL and init of the n-th call of a mocked fetch. */
export function fetchCall(
  mock: { mock: { calls: [input: RequestInfo | URL, init?: RequestInit][] } },
  index: number,
): { url: string; init: RequestInit } {
  const call = mock.mock.calls[index];
  if (!call) throw new Error(`fetch was called ${mock.mock.calls.length} times, not ${index + 1}`);
  return { url: urlOf(call[0]), init: call[1] ?? {} };
}
