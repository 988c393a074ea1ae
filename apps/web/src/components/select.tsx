import { forwardRef } from 'react';
import { Select as MantineSelect, type SelectProps } from '@mantine/core';

/**
 * The app's single select: Mantine's, with one rule — a required select cannot be emptied by
 * clicking its chosen option (an optional one can, as Mantine does). A use may still decide
 * otherwise with `allowDeselect`.
 */
export const Select = forwardRef<HTMLInputElement, SelectProps>(function Select(props, ref) {
  return <MantineSelect ref={ref} allowDeselect={!props.required} {...props} />;
});
