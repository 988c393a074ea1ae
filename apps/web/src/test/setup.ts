import '@testing-library/jest-dom/vitest';
// The app's texts, as the shell loads them: a component under test shows words, not keys.
import '../lib/i18n';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { matchMediaAt } from './viewport';

// `findBy…` waits 1 s by default: on a 2-core machine busy with the typecheck and lint beside the
// suite, a page's first render took longer now and then. A wait ends as soon as it is met.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

// Mantine (and mantine-datatable) read media queries; jsdom has none. By default no width query
// matches (a test may choose a width: `test/viewport.ts`); each test starts from that default.
const noWidth = matchMediaAt(null);
Object.defineProperty(window, 'matchMedia', { writable: true, value: noWidth });
afterEach(() => {
  window.matchMedia = noWidth;
});

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
window.ResizeObserver = ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView = function scrollIntoView() {};
