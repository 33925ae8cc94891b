import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { encode, type SourceMapSegment } from '@jridgewell/sourcemap-codec';
import { afterAll, describe, expect, it } from 'vitest';
import { NOT_MAPPED, OWN_CODE, packageOf, packageShares, screenShares, UNMAPPED } from './package-shares';

/** A chunk of three pieces on two lines, and its map: React DOM's, Mantine's and the app's code. */
const pieces = [
  { source: '../../node_modules/react-dom/cjs/react-dom-client.production.js', code: 'var a="dom";'.repeat(40) },
  { source: '../../node_modules/@mantine/core/esm/components/Modal/Modal.mjs', code: 'var m="modal";'.repeat(25) },
  { source: 'src/features/event-form/components/event-form.tsx', code: 'export const form=1;' },
];
const code = `${pieces[0]?.code}${pieces[1]?.code}\n${pieces[2]?.code}`;
const line1: SourceMapSegment[] = [
  [0, 0, 0, 0],
  [pieces[0]?.code.length ?? 0, 1, 0, 0],
];
const line2: SourceMapSegment[] = [[0, 2, 0, 0]];
const map = { sources: pieces.map((p) => p.source), mappings: encode([line1, line2]) };

const dir = mkdtempSync(path.join(os.tmpdir(), 'package-shares-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('where a chunk’s bytes come from', () => {
  it('names a source’s package, scoped or not, and the app’s own code', () => {
    expect(packageOf('../../node_modules/react-dom/cjs/x.js')).toBe('react-dom');
    expect(packageOf('../../node_modules/@floating-ui/react/dist/x.mjs')).toBe('@floating-ui/react');
    expect(packageOf('../../node_modules/a/node_modules/@mantine/hooks/esm/x.mjs')).toBe('@mantine/hooks');
    expect(packageOf('src/main.tsx')).toBe(OWN_CODE);
    expect(packageOf('../../packages/contract/src/events.ts')).toBe(OWN_CODE);
    expect(packageOf(null)).toBe(UNMAPPED);
  });

  it('shares the chunk’s gzipped size between its packages, in proportion, adding up to the whole', () => {
    const shares = packageShares(code, map);
    expect([...shares.keys()].sort()).toEqual(['@mantine/core', OWN_CODE, 'react-dom'].sort());
    const sum = [...shares.values()].reduce((a, b) => a + b, 0);
    expect(sum).toBeCloseTo(gzipSync(code).length, 6);
    // Each share follows the piece’s own gzipped size (a line's end goes with the piece it ends).
    const apart = [pieces[0]?.code, `${pieces[1]?.code}\n`].map((text) => gzipSync(text ?? '').length);
    const ratio = (shares.get('react-dom') ?? 0) / (shares.get('@mantine/core') ?? 1);
    expect(ratio).toBeCloseTo((apart[0] ?? 0) / (apart[1] ?? 1), 6);
  });

  it('adds a screen’s scripts up by package, and counts a script without a map apart', () => {
    writeFileSync(path.join(dir, 'chunk-abc.js'), code);
    writeFileSync(path.join(dir, 'chunk-abc.js.map'), JSON.stringify(map));
    const whole = gzipSync(code).length;
    const shares = screenShares(dir, [
      { file: 'chunk-abc.js', gzipBytes: whole },
      { file: 'chunk-abc.js', gzipBytes: whole },
      { file: 'gone-123.js', gzipBytes: 700 },
    ]);
    const byName = Object.fromEntries(shares.map((s) => [s.name, s.bytes]));
    expect(byName[NOT_MAPPED]).toBe(700);
    expect(shares.reduce((sum, s) => sum + s.bytes, 0)).toBeCloseTo(2 * whole + 700, 6);
    expect(shares.map((s) => s.bytes)).toEqual([...shares.map((s) => s.bytes)].sort((a, b) => b - a));
  });
});
