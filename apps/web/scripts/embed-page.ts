import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/**
 * The embed page (embed.html, issue 26) lives in other websites' frames and stores nothing in the visitor's
 * browser: the service worker's registration and the web app manifest, which the PWA plugin adds to every page,
 * are taken out of it.
 */
export function embedPage(): Plugin {
  return {
    name: 'evmap:embed-page',
    // In development, `/embed?…` is the embed page, as the server answers it (not the app's index.html).
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        if (request.url === '/embed' || request.url?.startsWith('/embed?')) {
          request.url = request.url.replace(/^\/embed/, '/embed.html');
        }
        next();
      });
    },
    // With the PWA plugin's own, which adds the registration late.
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!context.filename.endsWith('embed.html')) return html;
        return html
          .replace(/<script id="vite-plugin-pwa:register-sw"[^>]*><\/script>/g, '')
          .replace(/<link rel="manifest"[^>]*>/g, '');
      },
    },
  };
}

const EMBED_SECTION = '.json?embed';

/**
 * `import { embed } from '@/i18n/en.json?embed'`: the `embed` section of a dictionary as a module of its own, so
 * the embed page's bundle holds those few words, not the app's whole dictionary (a chunk the app shares).
 */
export function embedMessages(): Plugin {
  return {
    name: 'evmap:embed-messages',
    enforce: 'pre',
    load(id) {
      if (!id.endsWith(EMBED_SECTION)) return null;
      const file = id.slice(0, -'?embed'.length);
      const dictionary = JSON.parse(readFileSync(file, 'utf8')) as { embed?: unknown };
      if (!dictionary.embed) throw new Error(`embed-messages: no "embed" section in ${file}`);
      this.addWatchFile(file);
      return { code: `export const embed = ${JSON.stringify(dictionary.embed)};`, moduleType: 'js' };
    },
  };
}
