import { defineConfig } from 'vitest/config';
import { moduleAliases } from './scripts/aliases';

export default defineConfig({
  resolve: {
    // As the build and the dev server (scripts/aliases.ts).
    alias: moduleAliases,
  },
  test: {
    name: 'web',
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    // DOM tests type and click through whole forms; on a busy 2-core machine some take several seconds.
    testTimeout: 20_000,
  },
});
