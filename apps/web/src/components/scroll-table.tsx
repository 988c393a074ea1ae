import type { ReactNode } from 'react';
import { Table } from '@mantine/core';

/**
 * A table that scrolls sideways on a phone. The scrolling box takes keyboard focus and is a
 * named region, so someone without a mouse or touch can reach the columns beyond the edge.
 */
export function ScrollTable({
  minWidth,
  label,
  children,
}: {
  minWidth: number;
  label: string;
  children: ReactNode;
}) {
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      type="native"
      tabIndex={0}
      role="region"
      aria-label={label}
    >
      {children}
    </Table.ScrollContainer>
  );
}
