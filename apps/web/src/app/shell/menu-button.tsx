import type { ComponentPropsWithRef } from 'react';
import { Button } from '@mantine/core';

const Chevron = () => (
  <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
    <path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
  </svg>
);

type MenuButtonProps = Omit<ComponentPropsWithRef<'button'>, 'color' | 'style'> & {
  label: string;
};

/** The button that opens a dropdown of the main menu: the same before and after its menu loads. */
export function MenuButton({ label, ...others }: MenuButtonProps) {
  return (
    <Button variant="subtle" size="compact-sm" rightSection={<Chevron />} c="gray.9" {...others}>
      {label}
    </Button>
  );
}
