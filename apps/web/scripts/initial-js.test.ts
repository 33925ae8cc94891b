import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { measureInitialJs } from './initial-js';

const dist = mkdtempSync(path.join(tmpdir(), 'initial-js-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const table = {
  base: '/assets/',
  files: ['en-1.js', 'fr-2.js', 'page-3.js', 'en-4.js'],
  shell: { en: 0, fr: 1 },
  texts: { en: 3 },
  routes: [['/profile', [2], 1]],
};
const files: Record<string, string> = {
  'index.html': `<head><meta name="evm-app-scripts" content="/assets/index-a.js /assets/vendor-b.js"><meta name="evm-route-chunks" content='${JSON.stringify(table)}'></head>`,
  'embed.html': '<script type="module" crossorigin src="/assets/embed-c.js"></script>',
  'assets/index-a.js': 'import{a}from"./vendor-b.js";import("./page-3.js");a();',
  'assets/vendor-b.js': 'export const a=()=>1;',
  'assets/embed-c.js': 'import"./vendor-b.js";',
  'assets/en-1.js': 'export default {"home":"Home"};',
  'assets/fr-2.js': 'export default {"home":"Accueil"};',
};
for (const [file, text] of Object.entries(files)) {
  mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
  writeFileSync(path.join(dist, file), text);
}

/** The files counted for `page`, by name. */
const names = (page: string, lang?: string) =>
  measureInitialJs(dist, page, lang)
    .files.map(({ file }) => file)
    .sort();

describe('measureInitialJs', () => {
  it("counts the entry, its static imports and the shell's texts of the language the boot script preloads", () => {
    expect(names('index.html')).toEqual(['assets/en-1.js', 'assets/index-a.js', 'assets/vendor-b.js']);
    expect(names('index.html', 'fr')).toEqual(['assets/fr-2.js', 'assets/index-a.js', 'assets/vendor-b.js']);
  });

  it('counts no texts on a page without the meta (the embed page)', () => {
    expect(names('embed.html')).toEqual(['assets/embed-c.js', 'assets/vendor-b.js']);
  });
});
