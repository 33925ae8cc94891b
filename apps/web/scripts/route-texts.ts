/**
 * What the test of the screens' text packs (route-texts.test.ts) reads in the app's sources: the modules a route's
 * screens reach through their imports, and the sections of the screens' texts those modules use.
 */
import { readFileSync } from 'node:fs';
import { moduleImports, resolveSpecifier } from './route-chunks';

/** The texts of a JSON file: sections, then texts. */
type Tree = { readonly [key: string]: string | Tree };

/** The app's own modules a source file imports, statically or dynamically (`@/` and relative specifiers). */
export function importsOf(file: string, srcDir: string): string[] {
  return moduleImports(readFileSync(file, 'utf8'), file)
    .filter((specifier) => specifier.startsWith('@/') || specifier.startsWith('.'))
    .filter((specifier) => !/\.(css|json|svg|png|webp)$/.test(specifier) && !specifier.endsWith('?raw'))
    .map((specifier) => resolveSpecifier(specifier, file, srcDir));
}

/** Every module `roots` reach through their imports, tests aside; the walk does not enter `stop`'s modules. */
export function reachable(
  roots: readonly string[],
  srcDir: string,
  stop: ReadonlySet<string> = new Set(),
): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const imported of importsOf(file, srcDir))
      if (!stop.has(imported) && !seen.has(imported)) queue.push(imported);
  }
  return seen;
}

/** Whether `rest` (`upcoming`, `names.`) names a text or a section of `tree` (a prefix ending in `.` counts). */
function inTree(tree: Tree, rest: string): boolean {
  let node: string | Tree | undefined = tree;
  const parts = rest.split('.');
  for (const [i, part] of parts.entries()) {
    if (typeof node !== 'object') return false;
    if (part === '' && i === parts.length - 1) return true;
    const keys: string[] = Object.keys(node).filter((key) => key === part || key.startsWith(`${part}_`));
    if (keys.length === 0) return false;
    node = node[keys[0] as string];
  }
  return true;
}

/**
 * The sections of `texts` (top-level keys) that the modules use: a string literal or template `section.key…` whose key
 * is one of the section's texts or sections.
 */
export function sectionsUsed(files: Iterable<string>, texts: Tree): Set<string> {
  const used = new Set<string>();
  const sections = Object.keys(texts);
  const pattern = new RegExp(`['"\`](${sections.join('|')})\\.([A-Za-z0-9_.]*)`, 'g');
  for (const file of files) {
    for (const match of readFileSync(file, 'utf8').matchAll(pattern)) {
      const section = match[1] as string;
      if (inTree(texts[section] as Tree, match[2] as string)) used.add(section);
    }
  }
  return used;
}
