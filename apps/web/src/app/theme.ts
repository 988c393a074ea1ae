import {
  createTheme,
  type AlertProps,
  type AnchorProps,
  type BadgeProps,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type MantineTheme,
} from '@mantine/core';
import { i18n } from '../lib/i18n';

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

const closeLabel = () => i18n.t('common.close', 'Close');

const PAGE_CONTROLS = {
  first: ['common.page.first', 'First page'],
  previous: ['common.page.previous', 'Previous page'],
  next: ['common.page.next', 'Next page'],
  last: ['common.page.last', 'Last page'],
} as const;

/** The names of a pagination's arrows and of its page buttons ("Page 3"). */
export const getControlProps = (control: keyof typeof PAGE_CONTROLS) => ({
  'aria-label': i18n.t(...PAGE_CONTROLS[control]),
});
export const getItemProps = (page: number) => ({
  'aria-label': i18n.t('common.page.number', 'Page {{page}}', { page }),
});

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
    // A link inside text (no size of its own) is underlined, so it is not told apart by colour
    // alone (WCAG 1.4.1; axe link-in-text-block). A link standing alone is sized (xs, sm): it is
    // at least 24 px high, a target a finger can hit (WCAG 2.5.8; axe target-size).
    Anchor: {
      defaultProps: { underline: 'hover' },
      // A link that asks for no underline (the logo, a card that is one link) keeps none.
      styles: (_theme: MantineTheme, props: AnchorProps) =>
        props.size !== undefined
          ? { root: { display: 'inline-block', minHeight: 24, lineHeight: '24px' } }
          : underlineOf(props) === 'never'
            ? {}
            : { root: { textDecoration: 'underline' } },
    },
    // A light badge or alert writes dark text on its tint: Mantine's tinted text on the tint falls
    // below AA contrast ("PUBLISHED", an alert's title).
    Badge: {
      styles: (_theme: MantineTheme, props: BadgeProps) =>
        props.variant === 'light' ? { root: { color: 'var(--mantine-color-dark-8)' } } : {},
    },
    Alert: {
      styles: (_theme: MantineTheme, props: AlertProps) =>
        (props.variant ?? 'light') === 'light'
          ? { title: { color: 'var(--mantine-color-dark-8)' } }
          : {},
    },
    // Controls drawn as icons get their names here, once for every use (WCAG 4.1.2); the
    // functions run at each render, so the names follow the language. A use may name its own.
    Pagination: { defaultProps: () => ({ getControlProps, getItemProps }) },
    Modal: { defaultProps: () => ({ closeButtonProps: { 'aria-label': closeLabel() } }) },
    Drawer: { defaultProps: () => ({ closeButtonProps: { 'aria-label': closeLabel() } }) },
    // A table wider than a phone scrolls in its own box: the box takes keyboard focus, so the
    // columns past the edge are reachable without a mouse (WCAG 2.1.1; axe scrollable-region).
    TableScrollContainer: { defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } },
  },
});

/**
 * The underline an Anchor asks for. Mantine hands an Anchor's styles the props of the Text it
 * draws, where the Anchor's `underline` travels inside `mod`.
 */
function underlineOf(props: AnchorProps): string | undefined {
  if (props.underline !== undefined) return props.underline;
  const mods: unknown[] = Array.isArray(props.mod) ? props.mod : [props.mod];
  for (const m of mods) {
    if (m !== null && typeof m === 'object' && 'underline' in m) {
      const value = (m as { underline?: unknown }).underline;
      if (typeof value === 'string') return value;
    }
  }
  return undefined;
}

/** Mantine's dimmed text (descriptions, hints) is gray 6, about 3.3:1 on white, and its error
 * red (a field's message and its text) red 6, about 3.6:1: darken both to pass AA. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});
