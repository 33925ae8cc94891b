/**
 * Prints the JavaScript the home page loads before any lazy route: the entry script of
 * dist/index.html and every chunk it imports statically, with their gzip sizes.
 * Run after `vite build`: `npm run size -w @evmap/web`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const DIST = fileURLToPath(new URL('../dist', import.meta.url));
const html = readFileSync(path.join(DIST, 'index.html'), 'utf8');
const entries = [...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)].map((match) => match[1]!);

const seen = new Set<string>();
const queue = entries.map((src) => src.replace(/^\//, ''));
while (queue.length > 0) {
  const file = queue.shift()!;
  if (seen.has(file)) continue;
  seen.add(file);
  const code = readFileSync(path.join(DIST, file), 'utf8');
  // Static imports only: `import ... from "./x.js"` and `import "./x.js"`; `import("./x.js")` is lazy.
  for (const match of code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[^"'();]*?from\s*)?["'](\.\/[^"']+\.js)["']/g)) {
    queue.push(path.posix.join(path.posix.dirname(file), match[1]!));
  }
}

let total = 0;
const rows = [...seen].map((file) => {
  const gzip = gzipSync(readFileSync(path.join(DIST, file))).length;
  total += gzip;
  return { file, gzipKB: +(gzip / 1024).toFixed(1) };
});
const lines = rows
  .sort((a, b) => b.gzipKB - a.gzipKB)
  .map(({ file, gzipKB }) => `${String(gzipKB).padStart(7)} KB  ${file}`);
process.stdout.write(
  `${lines.join('\n')}\ninitial JS of the home page: ${(total / 1024).toFixed(1)} KB gzipped in ${rows.length} files\n`,
);
