import type { RefObject } from 'react';
import { useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useOverflow } from '../../lib/use-overflow';

/**
 * The one rule of the header's two menus: the menu is compact (the burger shows, the drawer
 * opens, the nav bar is hidden) below the `lg` breakpoint, and at any width where the nav bar
 * does not fit beside the logo (a role with many entries on a laptop). The burger, the nav bar
 * and the drawer all read this answer, so the burger never shows without a drawer to open.
 */
export const isMenuCompact = (isWide: boolean, navOverflows: boolean): boolean =>
  !isWide || navOverflows;

/** Whether the header's menu is compact now (see `isMenuCompact`); `navRef` is the nav bar. */
export function useCompactMenu(navRef: RefObject<HTMLElement | null>): boolean {
  const theme = useMantineTheme();
  // Read at once, not after a first render, so the header does not flash the other menu.
  const isWide = useMediaQuery(`(min-width: ${theme.breakpoints.lg})`, false, {
    getInitialValueInEffect: false,
  });
  const navOverflows = useOverflow(navRef);
  return isMenuCompact(isWide, navOverflows);
}
