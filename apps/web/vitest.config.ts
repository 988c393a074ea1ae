import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    restoreMocks: true,
    // Typing tests take about a second alone; on a busy 2-core machine the default 5 s was
    // reached by one of them now and then.
    testTimeout: 15_000,
  },
});
