import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { moduleAliases, srcAlias } from './scripts/aliases';
import { codeSplittingGroups } from './scripts/code-splitting';
import { deferredAppScripts } from './scripts/deferred-app-scripts';
import { embedMessages, embedPage } from './scripts/embed-page';
import { inlineBootScript } from './scripts/inline-boot-script';
import { modalWithoutScrollArea } from './scripts/modal-scroll-area';
import { nonBlockingCss } from './scripts/non-blocking-css';
import { precompressedAssets } from './scripts/precompressed-assets';
import { pureContractSchemas } from './scripts/pure-contract-schemas';
import { routeChunksMeta } from './scripts/route-chunks';
import { routeTablePaths } from './scripts/route-table-paths';

const THEME_COLOR = '#1c7ed6';

/**
 * React Router's production build. Its package exports only its development build, which differs by one flag
 * (ENABLE_DEV_WARNINGS): with it on, every route match also runs and ships the development warnings.
 */
const routerDist = path.join(path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist');
const productionRouter = [
  { find: /^react-router$/, replacement: path.join(routerDist, 'production/index.mjs') },
  { find: /^react-router\/dom$/, replacement: path.join(routerDist, 'production/dom-export.mjs') },
];

export default defineConfig(({ command, mode }) => {
  const env = loadEnv(mode, fileURLToPath(new URL('.', import.meta.url)), '');
  // Error reporting is configured once for the whole product: SENTRY_DSN also switches the web app on.
  const sentryDsn = env.VITE_SENTRY_DSN || process.env.SENTRY_DSN || '';

  return {
    define: { 'import.meta.env.VITE_SENTRY_DSN': JSON.stringify(sentryDsn) },
    plugins: [
      pureContractSchemas(),
      modalWithoutScrollArea(),
      embedMessages(),
      routeTablePaths(),
      react(),
      nonBlockingCss(),
      // The boot script starts the app's scripts (after the map preview's largest tiles on the map pages).
      deferredAppScripts(),
      // With them, the shell's texts of the page's language, and the chunks of the page's own screen: a lazy route's
      // (and its packs of screens' texts); on an event's URL, the map's and the modal's. Not the map's on `/`, where
      // the entry must come first (measured: its LCP came later).
      routeChunksMeta({
        router: fileURLToPath(new URL('./src/app/router.tsx', import.meta.url)),
        srcDir: srcAlias['@'],
        shell: { en: '@/i18n/shell-en.ts', fr: '@/i18n/shell-fr.ts' },
        texts: (pack, lang) => `@/i18n/screens/${pack}/${lang}.json`,
        extra: {
          '/events/:handleOrUuid': ['@/features/map/components/map-screen', '@/features/event/components/event-modal'],
        },
      }),
      // The map preview's script, inlined into index.html (dev and build).
      inlineBootScript({ entry: fileURLToPath(new URL('./src/boot/boot-entry.ts', import.meta.url)), alias: srcAlias }),
      VitePWA({
        // The new service worker takes over at once; the next page load runs the new version.
        registerType: 'autoUpdate',
        // A separate, deferred registerSW.js file: the CSP allows only the boot script inline, and it must not block the first paint.
        injectRegister: 'script-defer',
        includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
        manifest: {
          id: '/',
          name: 'EventMap',
          short_name: 'EventMap',
          description: 'Find events near you on a map of Canada. Trouvez des événements près de chez vous.',
          lang: 'en',
          start_url: '/',
          scope: '/',
          display: 'standalone',
          orientation: 'portrait',
          background_color: '#ffffff',
          theme_color: THEME_COLOR,
          icons: [
            { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
            { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
            { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
            { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
          ],
        },
        workbox: {
          // The shell (HTML, scripts, styles, icons) is precached so the app opens offline.
          globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
          navigateFallback: '/index.html',
          // The embed page (/embed, framed by other websites) is its own page, served by the server, never the app.
          navigateFallbackDenylist: [/^\/api\//, /^\/uploads\//, /^\/legals\//, /^\/embed(?:[/?.]|$)/],
          // Nor is it part of the app's offline shell.
          globIgnores: ['embed.html'],
          cleanupOutdatedCaches: true,
          clientsClaim: true,
          skipWaiting: true,
        },
      }),
      // After the PWA plugin, which adds its registration to every page.
      embedPage(),
      // Once every file is written: each asset's Brotli and gzip copies, which the server sends as they are.
      precompressedAssets(),
    ],
    resolve: {
      // Tests and the dev server keep React Router's warnings.
      alias: [...(command === 'build' ? productionRouter : []), ...moduleAliases],
    },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      // The app, and the embed page (issue 26): its own lean entry, no app shell.
      rollupOptions: {
        input: {
          index: fileURLToPath(new URL('./index.html', import.meta.url)),
          embed: fileURLToPath(new URL('./embed.html', import.meta.url)),
        },
        // The libraries in three shared chunks instead of dozens of small ones (scripts/code-splitting.ts).
        output: { codeSplitting: { groups: codeSplittingGroups(fileURLToPath(new URL('.', import.meta.url))) } },
      },
    },
    server: {
      // The API (npm run dev -w @evmap/api) listens on 3000; the browser talks to one origin, as in production.
      proxy: { '/api': 'http://localhost:3000' },
    },
  };
});
