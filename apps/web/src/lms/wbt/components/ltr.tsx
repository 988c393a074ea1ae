import type { ReactNode } from 'react';

/**
 * A value written left to right (a score, a time, a date) kept whole on a right-to-left page:
 * without it "80 %" reads "% 80" and "1 s" reads "s 1" in ar.
 */
export function Ltr({ children }: { children: ReactNode }) {
  return <span dir="ltr">{children}</span>;
}
