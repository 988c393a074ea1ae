import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two workers suit the 2-core machines we run on.
    maxWorkers: 2,
    // Files in one worker share the imported app modules and one database, put back to the
    // seeded rows before each file (test/helpers.ts); each file still builds its own app.
    // Importing the modules, or opening a database copy, per file cost more than the tests.
    isolate: false,
  },
});
