/**
 * The built assets compressed once, at build time, beside each file: `name.br` (Brotli at its highest quality) and
 * `name.gz` (gzip level 9). The server sends them as they are (@fastify/static's `preCompressed`, plugins/web.ts)
 * instead of compressing every answer again: the app's server compressed each script per request with Brotli at
 * quality 4 (@fastify/compress's default, chosen for speed), whose output is no smaller than gzip's. Measured on
 * the build of 2026-12-01 (every script and stylesheet of `dist/assets`): 626 KB with gzip, 632 KB with Brotli 4,
 * 547 KB with Brotli 11; the `vendor` chunk every screen loads 108 → 94 KB.
 *
 * Only `assets/`: its names carry their content's hash, so a compressed copy can never be older than its file.
 * index.html is rewritten per server (the tile URL) and stays compressed per answer.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The files worth compressing: text formats. Images (PNG, WebP) are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|webmanifest|txt|map)$/;

/** Below this size a compressed copy saves less than its headers cost. */
export const MIN_SIZE = 1024;

/** How many files are compressed at once (zlib runs them on libuv's thread pool). */
const CONCURRENCY = 4;

/** Writes `file.br` and `file.gz` for each compressible file of `dir` of at least MIN_SIZE bytes; returns their count. */
export async function precompressFolder(dir: string): Promise<number> {
  const names = (await readdir(dir)).filter((name) => COMPRESSIBLE.test(name));
  const queue = [...names];
  let written = 0;
  const worker = async () => {
    for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
      const file = path.join(dir, name);
      if ((await stat(file)).size < MIN_SIZE) continue;
      const data = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(data, {
          params: {
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
          },
        }),
        gzipAsync(data, { level: 9 }),
      ]);
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
      written += 1;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return written;
}

/** The Vite plugin: compresses `assets/` of the output folder once everything is written. */
export function precompressedAssets(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'evmap:precompressed-assets',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const assets = path.resolve(config.root, config.build.outDir, config.build.assetsDir);
        const count = await precompressFolder(assets);
        config.logger.info(`precompressed-assets: ${count} files compressed (.br, .gz) in ${assets}`);
      },
    },
  };
}
