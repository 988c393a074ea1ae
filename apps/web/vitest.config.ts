import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    restoreMocks: true,
    // Typing tests take about a second alone; on a 2-core machine busy with the typecheck and
    // lint beside the suite, one took 28 s.
    testTimeout: 30_000,
  },
});
