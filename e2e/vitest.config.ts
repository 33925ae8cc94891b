import { defineConfig } from 'vitest/config';

// Journeys drive real Chromium against the real server; each file starts its own server and browser.
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['**/*.test.ts'],
    exclude: ['**/node_modules/**'],
    globalSetup: ['./support/global-setup.ts'],
    // A journey arranges its data through the API and walks several pages; a busy 2-core machine needs the margin.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
