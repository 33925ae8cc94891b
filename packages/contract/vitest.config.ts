import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'contract',
    root: import.meta.dirname,
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Temporal, as browsers have it (wall-clock.ts reads zones from it there); Node.js 24 has it behind this flag.
    execArgv: ['--harmony-temporal'],
  },
});
