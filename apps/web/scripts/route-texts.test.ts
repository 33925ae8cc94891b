import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { resolveSpecifier, routeModules } from './route-chunks';
import { reachable, sectionsUsed } from './route-texts';

const SRC = fileURLToPath(new URL('../src', import.meta.url));
const ROUTER = path.join(SRC, 'app/router.tsx');
const SCREENS = path.join(SRC, 'i18n/screens');

type Tree = { [key: string]: string | Tree };
const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Tree;

/** Each pack's English texts (the keys are the same in French: i18n-keys.test.ts). */
const PACKS = new Map(readdirSync(SCREENS).map((pack) => [pack, read(path.join(SCREENS, pack, 'en.json'))]));
const ALL_SCREENS: Tree = Object.assign({}, ...PACKS.values());
const packOf = new Map([...PACKS].flatMap(([pack, texts]) => Object.keys(texts).map((section) => [section, pack])));

describe("the screens' texts each route loads", () => {
  const routes = routeModules(readFileSync(ROUTER, 'utf8'), ROUTER);
  const resolve = (specifier: string) => resolveSpecifier(specifier, ROUTER, SRC);

  it.each(routes.map((route) => [route.pattern, route] as const))(
    '%s names the pack of every section its modules use',
    (_pattern, route) => {
      const used = sectionsUsed(reachable(route.modules.map(resolve), SRC), ALL_SCREENS);
      const missing = [...used].filter((section) => !route.texts.includes(packOf.get(section) as string));
      expect(missing.map((section) => `${section} (pack ${packOf.get(section)})`)).toEqual([]);
      for (const pack of route.texts) expect(PACKS.has(pack), pack).toBe(true);
    },
  );

  it("leaves them out of the shell: the map, the list, the dialogs use the first load's texts only", () => {
    const lazy = new Set(routes.flatMap((route) => route.modules.map(resolve)));
    const shell = reachable([path.join(SRC, 'main.tsx')], SRC, lazy);
    expect(shell.size).toBeGreaterThan(50);
    expect([...sectionsUsed(shell, ALL_SCREENS)]).toEqual([]);
  });

  it('finds the sections a module uses through its imports, static and dynamic', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'route-texts-'));
    // A type-only import and one in a comment bring no module.
    writeFileSync(
      path.join(dir, 'page.tsx'),
      "import type { C } from './c';\n// import { C } from './c';\nimport { A } from './a';\nconst B = lazy(() => import('./b'));\n",
    );
    writeFileSync(path.join(dir, 'a.ts'), "export const A = () => t('profile.upcoming');\n");
    // A key's prefix in a template counts; a path that is not a text (a form field's name) does not.
    const template = ['t(`plans.names.', '$', '{x}`)'].join('');
    writeFileSync(path.join(dir, 'b.tsx'), `export default () => [${template}, field('card.number')];\n`);
    writeFileSync(path.join(dir, 'c.ts'), "t('adminEvents.caption');\n");
    const files = reachable([path.join(dir, 'page.tsx')], SRC);
    expect([...files].map((file) => path.basename(file)).sort()).toEqual(['a.ts', 'b.tsx', 'page.tsx']);
    expect([...sectionsUsed(files, ALL_SCREENS)].sort()).toEqual(['plans', 'profile']);
  });
});
