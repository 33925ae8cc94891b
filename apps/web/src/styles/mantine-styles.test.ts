/**
 * Every Mantine component the app imports is styled: its styles, and those of the components it is made of (Select of
 * Combobox, Popover and Input; Checkbox of InlineInput…), are in ./critical.ts or ./lazy.css, and lazy.css holds them
 * in Mantine's own order. A component added to a screen without its styles shows unstyled on a first visit, which no
 * other test would see (the styles of another screen may have loaded first).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
const SRC = path.resolve(here, '..');
// The package's root: its ESM entry is esm/index.mjs, its styles in styles/.
const CORE = path.resolve(path.dirname(createRequire(import.meta.url).resolve('@mantine/core')), '..');

const filesOf = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesOf(file) : [file];
  });

/** The values (not types) the app's sources import from @mantine/core. */
function importedNames(): Set<string> {
  const names = new Set<string>();
  for (const file of filesOf(SRC).filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))) {
    for (const [, kind, list] of readFileSync(file, 'utf8').matchAll(
      /import\s+(type\s+)?\{([^}]*)\}\s+from\s+'@mantine\/core'/g,
    )) {
      if (kind) continue;
      for (const item of list!.split(',').map((part) => part.trim())) {
        if (item && !item.startsWith('type ')) names.add(item.split(/\s+as\s+/)[0]!);
      }
    }
  }
  return names;
}

/** The style sheets (styles/NAME.layer.css) of what `names` are made of: every CSS module their modules reach. */
function neededStyles(names: Set<string>): Set<string> {
  const modules = new Map<string, string>();
  for (const [, list, from] of readFileSync(path.join(CORE, 'esm/index.mjs'), 'utf8').matchAll(
    /import\s*\{([^}]*)\}\s*from\s*"([^"]+)"/g,
  )) {
    for (const item of list!.split(','))
      modules.set(
        item
          .trim()
          .split(/\s+as\s+/)
          .pop()!,
        path.join(CORE, 'esm', from!),
      );
  }
  const styles = new Set<string>();
  const seen = new Set<string>();
  const queue = [...names].map((name) => {
    const file = modules.get(name);
    if (!file) throw new Error(`@mantine/core exports no ${name}`);
    return file;
  });
  for (let file = queue.pop(); file; file = queue.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    const css = file.match(/([^/]+)\.module\.mjs$/);
    if (css) styles.add(css[1]!);
    for (const [, next] of readFileSync(file, 'utf8').matchAll(/from\s*"(\.[^"]+)"/g)) {
      queue.push(path.resolve(path.dirname(file), next!));
    }
  }
  return styles;
}

const sheetsIn = (file: string) =>
  [...readFileSync(path.join(here, file), 'utf8').matchAll(/@mantine\/core\/styles\/([A-Za-z-]+)\.layer\.css/g)].map(
    (match) => match[1]!,
  );

/** Where a component's rules start in Mantine's whole sheet (its first class). */
function mantineOrder(): (name: string) => number {
  const whole = readFileSync(path.join(CORE, 'styles.layer.css'), 'utf8');
  return (name) => {
    const first = readFileSync(path.join(CORE, `styles/${name}.layer.css`), 'utf8').match(/\.m_[0-9a-f]+/)?.[0];
    if (!first) throw new Error(`no class in ${name}.layer.css`);
    return whole.search(new RegExp(`\\${first}[\\s,:.[{]`));
  };
}

describe('Mantine styles', () => {
  const critical = sheetsIn('critical.ts');
  const lazy = sheetsIn('lazy.css');

  it('are loaded for every component the app imports', () => {
    const needed = neededStyles(importedNames());
    // A sanity check of the walk: a form's pieces are reached through the components made of them.
    expect(needed).toContain('Combobox');
    expect(needed).toContain('InlineInput');
    const covered = new Set([...critical, ...lazy]);
    expect([...needed].filter((name) => !covered.has(name)).sort()).toEqual([]);
  });

  it('hold each component once, lazy.css in Mantine order', () => {
    expect(lazy.filter((name) => critical.includes(name))).toEqual([]);
    const at = mantineOrder();
    expect(lazy.every((name) => at(name) >= 0)).toBe(true);
    expect(lazy).toEqual([...lazy].sort((a, b) => at(a) - at(b)));
  });
});
