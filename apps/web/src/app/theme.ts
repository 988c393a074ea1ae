import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/* A deep blue: shade 8 on white is about 8.6:1 and shade 7 about 6.6:1, so links and filled
 * buttons pass WCAG AA where Mantine's default blue does not. */
const lantern: MantineColorsTuple = [
  '#e8f1fa',
  '#d0e1f2',
  '#a3c3e6',
  '#72a3d9',
  '#4a87cd',
  '#3276c6',
  '#2568b5',
  '#1d5a9e',
  '#174b85',
  '#0f3a6a',
];

export const theme = createTheme({
  primaryColor: 'lantern',
  primaryShade: 8,
  colors: { lantern },
  // System fonts only: no web font is downloaded.
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", "Liberation Sans", Arial, sans-serif',
  headings: { fontWeight: '650' },
  defaultRadius: 'sm',
  focusRing: 'auto',
  // People who ask their system for less motion get no transitions.
  respectReducedMotion: true,
  components: {
    Anchor: { defaultProps: { underline: 'hover' } },
  },
});

/** Mantine's dimmed text (descriptions, hints) is gray 6, about 3.3:1 on white, and its error
 * text red 6, about 3.3:1: darken both to pass AA. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});
