import { vi } from 'vitest';

/** jsdom has no media queries: this answers them for a window `width` px wide (the `min-width`
 * and `max-width` queries Mantine's hooks ask, in px or em). Mantine (and mantine-datatable)
 * need `matches: true` for the empty query (STACK.md). */
export function matchMediaAt(width: number | null): (query: string) => MediaQueryList {
  const px = (value: string, unit: string) => Number(value) * (unit === 'em' ? 16 : 1);
  const matches = (query: string): boolean => {
    if (query === '') return true;
    if (width === null) return false;
    const min = /min-width:\s*([\d.]+)(px|em)/.exec(query);
    const max = /max-width:\s*([\d.]+)(px|em)/.exec(query);
    if (!min && !max) return false;
    return (
      (!min || width >= px(min[1] ?? '0', min[2] ?? 'px')) &&
      (!max || width <= px(max[1] ?? '0', max[2] ?? 'px'))
    );
  };
  return vi.fn((query: string) => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  }));
}

/** The window is as wide as a laptop's (1280 px, past Mantine's `lg`): the header shows its nav
 * bar. By default a test answers no width query, so the header is a phone's; the setup's
 * `afterEach` puts that default back. */
export function atLaptopWidth(): void {
  window.matchMedia = matchMediaAt(1280);
}
