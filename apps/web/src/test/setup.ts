import '@testing-library/jest-dom/vitest';
// The app's texts, as the shell loads them: a component under test shows words, not keys.
import '../lib/i18n';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// `findBy…` waits 1 s by default: on a 2-core machine busy with the typecheck and lint beside the
// suite, a page's first render took longer now and then. A wait ends as soon as it is met.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

// Mantine (and mantine-datatable) read media queries; jsdom has none. The datatable needs
// `matches: true` for the empty query (STACK.md).
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn().mockImplementation((query: string) => ({
    matches: query === '',
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
window.ResizeObserver = ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView = function scrollIntoView() {};
