import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { MIN_SIZE, precompressFolder } from './precompressed-assets';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('precompressFolder', () => {
  it('writes a Brotli and a gzip copy of each text asset that decompress to the file', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'precompressed-'));
    const script = `export const rows = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => ({ i, text: `row ${i}` })))};`;
    const style = `.a{color:red}\n`.repeat(200);
    writeFileSync(path.join(dir, 'index-a1.js'), script);
    writeFileSync(path.join(dir, 'index-b2.css'), style);
    writeFileSync(path.join(dir, 'tiny-c3.js'), 'export const a = 1;');
    writeFileSync(path.join(dir, 'icon-d4.png'), Buffer.alloc(4096, 7));

    expect(await precompressFolder(dir)).toBe(2);

    expect(readdirSync(dir).sort()).toEqual([
      'icon-d4.png',
      'index-a1.js',
      'index-a1.js.br',
      'index-a1.js.gz',
      'index-b2.css',
      'index-b2.css.br',
      'index-b2.css.gz',
      'tiny-c3.js',
    ]);
    for (const [name, text] of [
      ['index-a1.js', script],
      ['index-b2.css', style],
    ] as const) {
      const br = readFileSync(path.join(dir, `${name}.br`));
      const gz = readFileSync(path.join(dir, `${name}.gz`));
      expect(brotliDecompressSync(br).toString(), name).toBe(text);
      expect(gunzipSync(gz).toString(), name).toBe(text);
      // Brotli at its highest quality beats gzip's highest level on text.
      expect(br.length, name).toBeLessThan(gz.length);
    }
    expect(Buffer.byteLength('export const a = 1;')).toBeLessThan(MIN_SIZE);
  });
});
