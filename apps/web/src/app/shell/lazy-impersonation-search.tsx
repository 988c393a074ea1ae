import { lazy, Suspense } from 'react';
import { Box } from '@mantine/core';

/* The search (a Mantine Select with its combobox, floating and scroll-area code) is for the few
 * who may impersonate: it loads when the header shows it, not with every page. */
const ImpersonationSearch = lazy(() =>
  import('../../account/impersonation/components/impersonation-search').then((m) => ({
    default: m.ImpersonationSearch,
  })),
);

export function LazyImpersonationSearch({ width }: { width: number | string }) {
  // The placeholder keeps the header's layout while the search loads.
  return (
    <Suspense fallback={<Box w={width} h={30} />}>
      <ImpersonationSearch width={width} />
    </Suspense>
  );
}
