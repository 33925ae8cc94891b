import { defineConfig } from 'vitest/config';

// Each workspace has its own vitest.config.ts; `vitest run --project <name>` selects one.
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/api', 'apps/web', 'e2e', 'scale'],
  },
});
