import type { Plugin } from 'vite';

/** The id of the entry stylesheet's preload in the built index.html; main.tsx applies it before React renders. */
export const APP_CSS_ID = 'app-css';

/**
 * The entry stylesheet (Mantine and the app, ~37 KB gzipped) is fetched as a preload instead of a render-blocking
 * `<link rel="stylesheet">`: the boot screen of index.html paints at once, and main.tsx turns the preload into the
 * stylesheet and waits for it before the first React render (no unstyled flash).
 */
export function nonBlockingCss(): Plugin {
  return {
    name: 'evmap:non-blocking-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        // The embed page (embed.html) has its own small stylesheet, blocking as usual.
        if (context.filename.endsWith('embed.html')) return html;
        const entryCss = /<link rel="stylesheet"( crossorigin)? href="(\/assets\/index-[^"]+\.css)">/;
        if (!entryCss.test(html)) throw new Error('non-blocking-css: no entry stylesheet in index.html');
        return html.replace(entryCss, `<link rel="preload" as="style"$1 href="$2" id="${APP_CSS_ID}">`);
      },
    },
  };
}
