/**
 * The module aliases of the web app, one list for the build, the dev server (vite.config.ts) and the tests
 * (vitest.config.ts), so that each runs the same modules:
 * - `@/…`: the app's source folder;
 * - `leaflet`: the parts of Leaflet the app uses, from the package's ES module sources (src/lib/leaflet.ts).
 */
import { fileURLToPath } from 'node:url';

/** The app's source folder, as `@`. */
export const srcAlias = { '@': fileURLToPath(new URL('../src', import.meta.url)) };

export const moduleAliases = [
  { find: /^leaflet$/, replacement: fileURLToPath(new URL('../src/lib/leaflet.ts', import.meta.url)) },
  ...Object.entries(srcAlias).map(([find, replacement]) => ({ find, replacement })),
];
