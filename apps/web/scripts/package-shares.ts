/**
 * Where a screen's script bytes come from: each chunk's gzipped size shared between the packages its code comes from
 * (React DOM, the UI kit, the router…) and the app's own code, read from a source-mapped copy of the build.
 *
 * The copy is built apart (`vite build --sourcemap hidden` into a temporary folder), so that `dist/`, which the
 * server answers from, never holds a map. A chunk's name carries a hash of its content, which the maps do not change:
 * the copy's `vendor-5AkVCjRC.js` is the same code as dist's. Each package's share is its generated code, cut along
 * the map's segments, gzipped on its own; the shares are then scaled to add up to the chunk's gzipped size (gzipped
 * apart, the parts come out a few percent larger than together).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { decode } from '@jridgewell/sourcemap-codec';

/** What the app's own code (its sources and the workspace's contract) is called in the shares. */
export const OWN_CODE = 'the app';
/** Scripts of dist the source-mapped copy does not have. */
export const NOT_MAPPED = 'not in the mapped copy';
/**
 * Generated code the map ties to no source: the screens' texts (JSON modules, which keep no map) and the bundler's
 * glue (each chunk's imports and exports, its runtime).
 */
export const UNMAPPED = 'texts and the bundler’s glue';

/** The package a source of the map belongs to: `react-dom`, `@mantine/core`, or OWN_CODE. */
export function packageOf(source: string | null | undefined): string {
  if (!source) return UNMAPPED;
  const at = source.lastIndexOf('node_modules/');
  if (at < 0) return OWN_CODE;
  const parts = source.slice(at + 'node_modules/'.length).split('/');
  const name = parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  return name || UNMAPPED;
}

type SourceMap = { sources: Array<string | null>; mappings: string };

/** `code`'s gzipped size (level 6, as the bench's other figures) shared between its packages, in bytes. */
export function packageShares(code: string, map: SourceMap): Map<string, number> {
  const lineStarts = [0];
  for (let i = 0; i < code.length; i++) if (code[i] === '\n') lineStarts.push(i + 1);
  // Each segment: where it starts in the code and the package of its source.
  const starts: Array<{ at: number; name: string }> = [];
  decode(map.mappings).forEach((segments, line) => {
    for (const segment of segments) {
      const source = segment.length > 1 ? map.sources[segment[1] as number] : null;
      starts.push({ at: (lineStarts[line] ?? code.length) + segment[0], name: packageOf(source) });
    }
  });
  starts.sort((a, b) => a.at - b.at);
  const pieces = new Map<string, string[]>();
  const add = (name: string, text: string) => {
    if (!text) return;
    const list = pieces.get(name) ?? [];
    list.push(text);
    pieces.set(name, list);
  };
  add(UNMAPPED, code.slice(0, starts[0]?.at ?? code.length));
  starts.forEach((start, i) => {
    add(start.name, code.slice(start.at, starts[i + 1]?.at ?? code.length));
  });
  const apart = new Map([...pieces].map(([name, list]) => [name, gzipSync(list.join('')).length] as const));
  const sumApart = [...apart.values()].reduce((sum, bytes) => sum + bytes, 0);
  const whole = gzipSync(code).length;
  return new Map([...apart].map(([name, bytes]) => [name, (bytes * whole) / sumApart] as const));
}

/** The web app's folder. */
const WEB_DIR = fileURLToPath(new URL('..', import.meta.url));

/** A source-mapped copy of the web app's build, in a temporary folder (removed by `remove`). */
export function buildMappedCopy(): { assets: string; remove: () => void } {
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'evmap-bench-mapped-'));
  const vite = path.join(path.dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin/vite.js');
  const build = spawnSync(
    process.execPath,
    [vite, 'build', '--sourcemap', 'hidden', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    { cwd: WEB_DIR, stdio: 'inherit' },
  );
  const remove = () => rmSync(outDir, { recursive: true, force: true });
  if (build.status !== 0) {
    remove();
    throw new Error(`the source-mapped build failed (exit ${build.status})`);
  }
  return { assets: outDir, remove };
}

/**
 * A screen's scripts (`assets/…` files of dist, with their gzipped sizes) shared between packages, in bytes, largest
 * first; a script the copy does not have (built from other sources) is counted as NOT_MAPPED.
 */
export function screenShares(
  mappedDir: string,
  scripts: Array<{ file: string; gzipBytes: number }>,
): Array<{ name: string; bytes: number }> {
  const total = new Map<string, number>();
  const add = (name: string, bytes: number) => total.set(name, (total.get(name) ?? 0) + bytes);
  for (const { file, gzipBytes } of scripts) {
    const copy = path.join(mappedDir, file);
    if (!existsSync(copy) || !existsSync(`${copy}.map`)) {
      add(NOT_MAPPED, gzipBytes);
      continue;
    }
    const shares = packageShares(readFileSync(copy, 'utf8'), JSON.parse(readFileSync(`${copy}.map`, 'utf8')));
    for (const [name, bytes] of shares) add(name, bytes);
  }
  return [...total].map(([name, bytes]) => ({ name, bytes })).sort((a, b) => b.bytes - a.bytes);
}
