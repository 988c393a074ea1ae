import { Badge } from '@mantine/core';
import type { ReactNode } from 'react';

/** A light badge whose text keeps AA contrast on any row (Mantine's light variant does not):
 * the colour is in the background, the text is dark. */
export function LightBadge({ color, children }: { color: string; children: ReactNode }) {
  return (
    <Badge variant="light" color={color} c="dark.8">
      {children}
    </Badge>
  );
}
