/** Folders of the API package, found the same way from the sources (tsx, vitest) and from the bundle (dist/). */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findApiRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === '@evmap/api') return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Cannot find the @evmap/api package folder');
    dir = parent;
  }
}

export const API_ROOT = findApiRoot();
export const MIGRATIONS_DIR = path.join(API_ROOT, 'drizzle');
export const WEB_DIST_DIR = path.resolve(API_ROOT, '..', 'web', 'dist');
export const ASSETS_DIR = path.join(API_ROOT, 'assets');
