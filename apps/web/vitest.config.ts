import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: [
      // As the build and the dev server: `leaflet` is the app's parts of it (src/lib/leaflet.ts).
      { find: /^leaflet$/, replacement: fileURLToPath(new URL('./src/lib/leaflet.ts', import.meta.url)) },
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
    ],
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
