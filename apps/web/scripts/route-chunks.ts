import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { OutputBundle, OutputChunk } from 'rolldown';
import { type Plugin, parseSync } from 'vite';

/** The meta the boot script reads (`ROUTE_CHUNKS_META` of src/boot/route-chunks.ts). */
export const ROUTE_CHUNKS_META = 'evm-route-chunks';

/** A route of the router and the modules its lazy parts import (its ancestors' first), as source specifiers. */
export type RouteModules = { pattern: string; modules: string[]; texts: string[] };

/**
 * What the boot script needs to preload a screen's code with the entry: every file once, and for each route pattern
 * the indexes of its scripts and stylesheets, and the packs of screens' texts it uses. `shell` are the shell's texts
 * of each language (i18n/i18n.ts), loaded before every page's first render; `texts` each pack's texts of each
 * language (i18n/screens.ts), loaded with the lazy routes that name the pack.
 */
export type RouteChunks = {
  base: string;
  files: string[];
  shell: Record<string, number>;
  texts: Record<string, Record<string, number>>;
  routes: Array<[string, number[], string[]]>;
};

/** The texts' modules of each language, and of each pack and language (absolute, or as specifiers). */
export type TextModules = { shell: Record<string, string>; texts: Record<string, Record<string, string>> };

type Node = { type: string; [key: string]: unknown };

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

/** The packs of screens' texts a `lazyPage(load, pick, ['pack', …])` call names (its third argument). */
function textPacks(node: unknown): string[] {
  if (!isNode(node) || node.type !== 'CallExpression') return [];
  const packs = (node.arguments as Node[])[2];
  if (!packs) return [];
  if (packs.type !== 'ArrayExpression')
    throw new Error('route-chunks: write the packs of texts as an array of strings');
  return (packs.elements as Node[]).map((element) => {
    if (element?.type !== 'Literal' || typeof element.value !== 'string') {
      throw new Error('route-chunks: write the packs of texts as an array of strings');
    }
    return element.value;
  });
}

/** The string literals of every `import('…')` under `node`. */
function dynamicImports(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) {
    for (const item of node) dynamicImports(item, found);
  } else if (isNode(node)) {
    const source = node.source as Node | undefined;
    if (node.type === 'ImportExpression' && source?.type === 'Literal' && typeof source.value === 'string') {
      found.push(source.value);
    }
    for (const [key, value] of Object.entries(node)) if (key !== 'type') dynamicImports(value, found);
  }
  return found;
}

/**
 * The modules a source file imports, as written: its `import … from`, `export … from` (type-only ones left out) and
 * `import('…')` specifiers.
 */
export function moduleImports(source: string, file: string): string[] {
  const program = parseSync(file, source).program as unknown as Node;
  const found: string[] = [];
  for (const statement of program.body as Node[]) {
    const from = statement.source as Node | undefined;
    const typeOnly = statement.importKind === 'type' || statement.exportKind === 'type';
    if (from?.type === 'Literal' && typeof from.value === 'string' && !typeOnly) found.push(from.value);
  }
  return [...found, ...dynamicImports(program)];
}

function propertyName(property: Node): string | undefined {
  const key = property.key as Node;
  if (property.computed || !isNode(key)) return undefined;
  if (key.type === 'Identifier') return String(key.name);
  if (key.type === 'Literal' && typeof key.value === 'string') return key.value;
  return undefined;
}

/**
 * The routes of a React Router table (`export const routes = [...]` of `file`) with the modules each one's lazy parts
 * import: `lazy` written inline or spread from a call (`...lazyPage(() => import('…'), …)`) or from a constant of the
 * file (`...profileLayout`). A route inherits its ancestors' modules; only routes without children are listed (an
 * index route stands for its parent's path). `texts` are the packs of screens' texts its `lazyPage` calls name.
 */
export function routeModules(source: string, file = 'router.tsx'): RouteModules[] {
  const program = parseSync(file, source).program as unknown as Node;
  const constants = new Map<string, Node>();
  let table: Node | undefined;
  for (const statement of program.body as Node[]) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node) : statement;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const declarator of declaration.declarations as Node[]) {
      const id = declarator.id as Node;
      if (id.type !== 'Identifier' || !isNode(declarator.init)) continue;
      constants.set(String(id.name), declarator.init);
      if (id.name === 'routes') table = declarator.init;
    }
  }
  if (table?.type !== 'ArrayExpression') throw new Error(`route-chunks: ${file} has no \`const routes = [...]\``);

  const found: RouteModules[] = [];
  const visit = (routes: Node, parentPath: string, parentModules: string[], parentTexts: string[]) => {
    for (const route of routes.elements as Node[]) {
      if (route?.type !== 'ObjectExpression') continue;
      let routePath = '';
      let children: Node | undefined;
      const modules = [...parentModules];
      const texts = [...parentTexts];
      for (const property of route.properties as Node[]) {
        if (property.type === 'SpreadElement') {
          const argument = property.argument as Node;
          const spread = argument.type === 'Identifier' ? constants.get(String(argument.name)) : argument;
          modules.push(...dynamicImports(spread));
          texts.push(...textPacks(spread));
          continue;
        }
        const name = propertyName(property);
        const value = property.value as Node;
        if (name === 'children' && value.type === 'ArrayExpression') children = value;
        else if (name === 'path' && value.type === 'Literal' && typeof value.value === 'string')
          routePath = value.value;
        else modules.push(...dynamicImports(value));
      }
      const pattern = `/${[parentPath, routePath].filter(Boolean).join('/')}`.replace(/\/{2,}/g, '/');
      if (children) visit(children, pattern === '/' ? '' : pattern.slice(1), modules, texts);
      else if (!routePath.includes('*')) found.push({ pattern, modules, texts: [...new Set(texts)] });
    }
  };
  visit(table, '', [], []);
  return found;
}

/** The file a specifier of `importer` names (`@/` is `src/`), trying the extensions Vite would. */
export function resolveSpecifier(specifier: string, importer: string, srcDir: string): string {
  const base = specifier.startsWith('@/')
    ? path.join(srcDir, specifier.slice(2))
    : path.resolve(path.dirname(importer), specifier);
  for (const candidate of [
    base,
    `${base}.tsx`,
    `${base}.ts`,
    path.join(base, 'index.tsx'),
    path.join(base, 'index.ts'),
  ]) {
    if (path.extname(candidate) && existsSync(candidate)) return candidate;
  }
  throw new Error(`route-chunks: cannot resolve ${specifier} from ${importer}`);
}

const chunks = (bundle: OutputBundle) =>
  Object.values(bundle).filter((output): output is OutputChunk => output.type === 'chunk');

/** A chunk's file and the files of its static imports, recursively, each once. */
function staticClosure(bundle: OutputBundle, fileName: string, into = new Set<string>()): Set<string> {
  if (into.has(fileName)) return into;
  into.add(fileName);
  const chunk = bundle[fileName];
  if (chunk?.type === 'chunk') for (const imported of chunk.imports) staticClosure(bundle, imported, into);
  return into;
}

const cssOf = (bundle: OutputBundle, fileName: string): string[] => {
  const chunk = bundle[fileName] as (OutputChunk & { viteMetadata?: { importedCss?: Set<string> } }) | undefined;
  return [...(chunk?.viteMetadata?.importedCss ?? [])];
};

/**
 * For each route, the scripts (and stylesheets) its modules need beyond what the entry loads: the chunk of each
 * module and its static imports, recursively; and the chunk of each language's texts (`modules`: the shell's, the
 * screens'). `files` and `modules` are modules (absolute, as the chunks' `facadeModuleId`); the table's files are
 * relative to `base` (the assets' folder).
 */
export function routeChunks(
  bundle: OutputBundle,
  routes: Array<{ pattern: string; files: string[]; texts: string[] }>,
  modules: TextModules,
  base = '/assets/',
): RouteChunks {
  const all = chunks(bundle);
  const entry = all.find((chunk) => chunk.isEntry && chunk.name === 'index');
  if (!entry) throw new Error('route-chunks: no entry chunk named index');
  const loadedByEntry = staticClosure(bundle, entry.fileName);
  const entryCss = new Set(cssOf(bundle, entry.fileName));
  const files: string[] = [];
  const indexOf = (file: string) => {
    const name = file.startsWith(base.slice(1)) ? file.slice(base.length - 1) : `../${file}`;
    const at = files.indexOf(name);
    return at >= 0 ? at : files.push(name) - 1;
  };
  const chunkOf = (moduleFile: string) => {
    const chunk = all.find((c) => c.facadeModuleId === moduleFile);
    if (!chunk) throw new Error(`route-chunks: no chunk for ${moduleFile}`);
    return chunk.fileName;
  };
  const result: RouteChunks = { base, files, shell: {}, texts: {}, routes: [] };
  for (const [lang, module] of Object.entries(modules.shell)) result.shell[lang] = indexOf(chunkOf(module));
  for (const [pack, langs] of Object.entries(modules.texts)) {
    result.texts[pack] = Object.fromEntries(
      Object.entries(langs).map(([lang, module]) => [lang, indexOf(chunkOf(module))]),
    );
  }
  for (const route of routes) {
    const needed = new Set<string>();
    for (const file of route.files) staticClosure(bundle, chunkOf(file), needed);
    const scripts = [...needed].filter((file) => !loadedByEntry.has(file));
    const styles = [...needed].flatMap((file) => cssOf(bundle, file)).filter((css) => !entryCss.has(css));
    const indexes = [...new Set([...scripts, ...styles])].map(indexOf);
    for (const pack of route.texts)
      if (!modules.texts[pack]) throw new Error(`route-chunks: no texts for pack ${pack}`);
    if (indexes.length > 0 || route.texts.length > 0) result.routes.push([route.pattern, indexes, route.texts]);
  }
  return result;
}

/** The JSON of `value` as an HTML attribute's value between single quotes (JSON has double quotes only). */
const attribute = (value: unknown) =>
  JSON.stringify(value).replace(/&/g, '&amp;').replace(/'/g, '&#39;').replace(/</g, '&lt;');

/**
 * Writes into the built index.html, beside the app's scripts (scripts/deferred-app-scripts.ts), each route's own
 * chunks and packs of texts, and the texts' chunks of each language:
 * `<meta name="evm-route-chunks" content='{"base", "files", "shell", "texts", "routes"}'>`. The boot script preloads
 * with the entry the shell's texts of the language the app will choose, and the chunks of the page's route (with the
 * texts of its packs in that language: src/boot/route-chunks.ts), so they download
 * with the app's code instead of after it (one round trip less), and Vite's loader finds them already in the page
 * (it adds no link of its own). `router` is the route table's file; `shell` the shell's texts' module of each
 * language; `texts` the module of a pack's texts in a language; `extra` adds modules a route's screen loads itself
 * (a lazy component).
 */
export function routeChunksMeta(options: {
  router: string;
  srcDir: string;
  shell: Record<string, string>;
  texts: (pack: string, lang: string) => string;
  extra?: Record<string, string[]>;
}): Plugin {
  return {
    name: 'evmap:route-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (context.filename.endsWith('embed.html') || !context.bundle) return html;
        const resolve = (specifier: string) => resolveSpecifier(specifier, options.router, options.srcDir);
        const routes = routeModules(readFileSync(options.router, 'utf8'), options.router).map((route) => ({
          pattern: route.pattern,
          files: [...route.modules, ...(options.extra?.[route.pattern] ?? [])].map(resolve),
          texts: route.texts,
        }));
        const resolveAll = (specifiers: Record<string, string>) =>
          Object.fromEntries(Object.entries(specifiers).map(([lang, file]) => [lang, resolve(file)]));
        const packs = [...new Set(routes.flatMap((route) => route.texts))];
        const langs = Object.keys(options.shell);
        const table = routeChunks(context.bundle, routes, {
          shell: resolveAll(options.shell),
          texts: Object.fromEntries(
            packs.map((pack) => [
              pack,
              Object.fromEntries(langs.map((lang) => [lang, resolve(options.texts(pack, lang))])),
            ]),
          ),
        });
        const meta = `<meta name="${ROUTE_CHUNKS_META}" content='${attribute(table)}'>`;
        if (!html.includes('</head>')) throw new Error('route-chunks: no </head> in index.html');
        return html.replace('</head>', () => `  ${meta}\n  </head>`);
      },
    },
  };
}
