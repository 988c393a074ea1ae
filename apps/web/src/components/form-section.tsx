import type { ReactNode } from 'react';
import { Fieldset, SimpleGrid } from '@mantine/core';

/** A titled group of fields, two columns wide from tablet size up. */
export function FormSection({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <Fieldset legend={legend} variant="filled" p="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
        {children}
      </SimpleGrid>
    </Fieldset>
  );
}
