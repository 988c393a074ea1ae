import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const root = import.meta.dirname;

/** The test files under `dir`, relative to this folder. */
function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return /\.test\.tsx?$/.test(entry.name) ? [relative(root, path)] : [];
  });
}

// Files that replace modules (`vi.mock`) run each in a fresh module graph; the others share
// one per worker, which spares loading React, Mantine and the app's modules for each file.
const mocking = testFiles(join(root, 'src')).filter((file) =>
  readFileSync(join(root, file), 'utf8').includes('vi.mock('),
);

const shared: { environment: 'jsdom' } & Record<string, unknown> = {
  environment: 'jsdom',
  setupFiles: ['./src/test/setup.ts'],
  css: false,
  restoreMocks: true,
  // Typing tests take about a second alone; on a 2-core machine busy with the typecheck and
  // lint beside the suite, one took 28 s.
  testTimeout: 30_000,
};

export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        plugins: [react()],
        test: { ...shared, name: 'web', isolate: false, exclude: [...mocking, 'node_modules/**'] },
      },
      { plugins: [react()], test: { ...shared, name: 'web (mocking)', include: mocking } },
    ],
  },
});
