import { rolldown } from 'rolldown';
import type { Plugin } from 'vite';

/** The comment of index.html that the boot script replaces (right after `#root`, before the module script). */
export const BOOT_SCRIPT_MARKER = '<!-- boot-script -->';

/** Bundles `entry` alone into a minified IIFE (the `@/` alias and the workspace packages resolved). */
export async function bundleBootScript(entry: string, alias: Record<string, string>): Promise<string> {
  const bundle = await rolldown({
    input: entry,
    platform: 'browser',
    resolve: { alias },
    // Reading a constant's property has no side effect here: unused constants of shared modules are dropped.
    treeshake: { propertyReadSideEffects: false },
    logLevel: 'warn',
  });
  try {
    const { output } = await bundle.generate({ format: 'iife', minify: true, comments: false });
    const [chunk, ...others] = output;
    if (!chunk || others.length > 0) throw new Error('inline-boot-script: the boot script must be one chunk');
    const code = chunk.code.trim();
    // The script is inlined in HTML: its text must not end its own element.
    if (/<\/script/i.test(code)) throw new Error('inline-boot-script: "</script" in the boot script');
    return code;
  } finally {
    await bundle.close();
  }
}

/**
 * Inlines the boot script (`src/boot/boot-entry.ts`: the map preview, then the app's scripts) into index.html as a
 * classic script, so it runs as soon as the HTML above it is parsed, without a request. The server
 * allows it in its Content-Security-Policy by hash (apps/api/src/app.ts), computed from the built index.html.
 */
export function inlineBootScript(options: { entry: string; alias: Record<string, string> }): Plugin {
  return {
    name: 'evmap:inline-boot-script',
    transformIndexHtml: {
      // After Vite's own processing, so the inline script is left exactly as bundled.
      order: 'post',
      async handler(html, context) {
        // The embed page (embed.html) has no map preview.
        if (context.filename.endsWith('embed.html')) return html;
        if (!html.includes(BOOT_SCRIPT_MARKER)) throw new Error(`inline-boot-script: no ${BOOT_SCRIPT_MARKER}`);
        const code = await bundleBootScript(options.entry, options.alias);
        return html.replace(BOOT_SCRIPT_MARKER, () => `<script>${code}</script>`);
      },
    },
  };
}
