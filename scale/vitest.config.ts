import { defineConfig } from 'vitest/config';

// Production instances behind nginx on loopback (npm run test:scale); not part of `npm test`.
export default defineConfig({
  test: {
    name: 'scale',
    root: import.meta.dirname,
    environment: 'node',
    include: ['**/*.test.ts'],
    exclude: ['**/node_modules/**'],
    globalSetup: ['./support/global-setup.ts'],
    // Each file starts its own processes; two cores are busy enough with one file at a time.
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 90_000,
  },
});
