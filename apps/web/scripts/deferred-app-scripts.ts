import type { Plugin } from 'vite';

/** The meta the boot script reads (`APP_SCRIPTS_META` of src/boot/app-scripts.ts). */
export const APP_SCRIPTS_META = 'evm-app-scripts';

const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * Moves the app's entry script and its module preloads out of the built index.html into
 * `<meta name="evm-app-scripts" content="entry chunk…">`: the boot script starts them (src/boot/app-scripts.ts),
 * after the map preview's largest tiles on the map pages, so the page's largest image does not share the
 * connection with the app's JavaScript. The embed page (embed.html) keeps its own script as built.
 */
export function deferredAppScripts(): Plugin {
  return {
    name: 'evmap:deferred-app-scripts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (context.filename.endsWith('embed.html')) return html;
        const entries = [...html.matchAll(ENTRY_SCRIPT)].map((match) => match[1]!);
        if (entries.length !== 1)
          throw new Error(`deferred-app-scripts: ${entries.length} entry scripts in index.html`);
        const chunks = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
        const urls = [...entries, ...chunks];
        if (urls.some((url) => /[\s"<>&]/.test(url))) throw new Error('deferred-app-scripts: unexpected script URL');
        const meta = `\n    <meta name="${APP_SCRIPTS_META}" content="${urls.join(' ')}">`;
        return html.replace(MODULE_PRELOAD, '').replace(ENTRY_SCRIPT, () => meta);
      },
    },
  };
}
