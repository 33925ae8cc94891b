/**
 * The JavaScript the home page loads before any lazy route: the entry script of dist/index.html (started by the
 * boot script, named by its `evm-app-scripts` meta) and every chunk it imports statically, and the shell's texts of
 * the interface's language (English by default), which the boot script preloads with the entry (the
 * `evm-route-chunks` meta) and the entry waits for before rendering, with their gzip sizes. Used by
 * `npm run size -w @evmap/web` and `npm run bench:web`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { APP_SCRIPTS_META } from './deferred-app-scripts';
import { ROUTE_CHUNKS_META, type RouteChunks } from './route-chunks';

export const WEB_DIST = fileURLToPath(new URL('../dist', import.meta.url));

export type InitialJs = {
  /** Files relative to dist, largest first, with their gzip size in bytes. */
  files: Array<{ file: string; gzipBytes: number }>;
  totalGzipBytes: number;
};

/**
 * The table of `<meta name="evm-route-chunks">` in `html` (an attribute between single quotes), if any (an older
 * build's has no `shell`).
 */
function routeChunksOf(html: string): (Omit<RouteChunks, 'shell'> & Partial<RouteChunks>) | undefined {
  const content = new RegExp(`<meta name="${ROUTE_CHUNKS_META}" content='([^']*)'`).exec(html)?.[1];
  if (content === undefined) return undefined;
  return JSON.parse(content.replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&amp;/g, '&')) as RouteChunks;
}

/**
 * Reads dist/index.html (or another page: `embed.html`) and follows the static imports of its module scripts, with
 * the shell's texts of `lang` when the page preloads them.
 */
export function measureInitialJs(dist: string = WEB_DIST, page = 'index.html', lang = 'en'): InitialJs {
  const html = readFileSync(path.join(dist, page), 'utf8');
  const entries = [...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)].map((match) => match[1]!);
  // index.html: the boot script starts the entry named first by this meta (scripts/deferred-app-scripts.ts).
  const deferred = new RegExp(`<meta name="${APP_SCRIPTS_META}" content="([^"]+)"`).exec(html)?.[1]?.split(' ')[0];
  if (deferred) entries.push(deferred);
  // index.html: the shell's texts of the page's language, which main.tsx waits for before rendering.
  const table = routeChunksOf(html);
  const texts = table?.files[table.shell?.[lang] ?? -1];
  if (table && texts) entries.push(`${table.base}${texts}`);
  const seen = new Set<string>();
  const queue = entries.map((src) => src.replace(/^\//, ''));
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(path.join(dist, file), 'utf8');
    // Static imports only: `import ... from "./x.js"` and `import "./x.js"`; `import("./x.js")` is lazy.
    for (const match of code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[^"'();]*?from\s*)?["'](\.\/[^"']+\.js)["']/g)) {
      queue.push(path.posix.join(path.posix.dirname(file), match[1]!));
    }
  }
  const files = [...seen]
    .map((file) => ({ file, gzipBytes: gzipSync(readFileSync(path.join(dist, file))).length }))
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
  return { files, totalGzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0) };
}

export const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** The report printed by `npm run size`: one line per file, then the total. */
export function formatInitialJs({ files, totalGzipBytes }: InitialJs): string {
  const lines = files.map(({ file, gzipBytes }) => `${String(+kb(gzipBytes)).padStart(7)} KB  ${file}`);
  return `${lines.join('\n')}\ninitial JS of the home page: ${kb(totalGzipBytes)} KB gzipped in ${files.length} files\n`;
}
