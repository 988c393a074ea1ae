import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file gets its own database copy; two at a time suits the 2-core machines we run on.
    maxWorkers: 2,
    // Files in one worker share the imported app modules (each still builds its own app on its
    // own database copy): importing them per file cost more CPU than the tests themselves.
    isolate: false,
  },
});
