import { useMediaQuery } from '@mantine/hooks';

/** Below Mantine's `sm` breakpoint (48em): a phone's layout, where wide tables become lists. */
export const PHONE = '(max-width: 48em)';

/** Whether the window is a phone's width (false until known, as on a wide screen). */
export const useIsPhone = (): boolean => useMediaQuery(PHONE);
