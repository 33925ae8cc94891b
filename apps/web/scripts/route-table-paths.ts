import { type Plugin, parseSync } from 'vite';

/** The route groups of the contract (packages/contract/src/routes/*.ts), but its helpers and its whole table. */
const ROUTE_GROUP_FILE = /[\\/]packages[\\/]contract[\\/]src[\\/]routes[\\/](?!route\.ts$|table\.ts$)[^\\/]+\.ts$/;

/** A route group as the browser keeps it: each entry's method and path. */
export type RouteGroupPaths = Record<string, Record<string, { method: string; path: string }>>;

type Node = { type: string; [key: string]: unknown };

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

function fail(file: string, what: string): never {
  throw new Error(`${file}: ${what} (a route group exports objects of route({ method: '...', path: '...', ... }))`);
}

function keyName(property: Node, file: string): string {
  const key = property.key as Node;
  if (property.computed || !isNode(key)) fail(file, 'a computed key');
  if (key.type === 'Identifier') return String(key.name);
  if (key.type === 'Literal' && typeof key.value === 'string') return key.value;
  return fail(file, `a key of type ${key.type}`);
}

/** The `method` and `path` string literals of `route({ ... })`. */
function methodAndPath(call: Node, file: string, name: string): { method: string; path: string } {
  const callee = call.callee as Node;
  const [argument] = call.arguments as Node[];
  if (call.type !== 'CallExpression' || callee?.type !== 'Identifier' || callee.name !== 'route' || !argument) {
    fail(file, `${name} is not a route(...) call`);
  }
  if (argument.type !== 'ObjectExpression') fail(file, `${name}: route() takes an object literal`);
  const found: Record<string, string> = {};
  for (const property of argument.properties as Node[]) {
    if (property.type !== 'Property') continue;
    const key = keyName(property, file);
    const value = property.value as Node;
    if ((key === 'method' || key === 'path') && (value.type !== 'Literal' || typeof value.value !== 'string')) {
      fail(file, `${name}.${key} is not a string literal`);
    }
    if (key === 'method' || key === 'path') found[key] = String(value.value);
  }
  if (!found.method || !found.path) fail(file, `${name} has no method or no path`);
  return { method: found.method, path: found.path };
}

/** The method and path of every entry of a route group's source, by exported group and entry name. */
export function routeGroupPaths(code: string, file = 'routes.ts'): RouteGroupPaths {
  const { program, errors } = parseSync(file, code, { lang: 'ts', sourceType: 'module' });
  if (errors.length > 0) fail(file, errors[0]?.message ?? 'a syntax error');
  const groups: RouteGroupPaths = {};
  for (const statement of program.body as unknown as Node[]) {
    if (statement.type !== 'ExportNamedDeclaration') continue;
    const declaration = statement.declaration as Node | null;
    if (declaration?.type !== 'VariableDeclaration') fail(file, 'an export that is not a const');
    for (const declarator of declaration.declarations as Node[]) {
      const id = declarator.id as Node;
      const init = declarator.init as Node;
      if (id.type !== 'Identifier' || init?.type !== 'ObjectExpression') fail(file, 'an export that is no object');
      const group: RouteGroupPaths[string] = {};
      for (const property of init.properties as Node[]) {
        if (property.type !== 'Property') fail(file, `${id.name}: a spread`);
        const name = keyName(property, file);
        group[name] = methodAndPath(property.value as Node, file, `${id.name}.${name}`);
      }
      groups[String(id.name)] = group;
    }
  }
  return groups;
}

/** The module the browser gets for a route group: its entries' methods and paths, nothing imported. */
export function routeGroupModule(code: string, file?: string): string {
  return Object.entries(routeGroupPaths(code, file))
    .map(([name, entries]) => `export const ${name} = ${JSON.stringify(entries)};\n`)
    .join('');
}

/**
 * The web app calls the API through the contract's route table (lib/endpoint.ts), which needs only each entry's
 * method and path at run time; the zod schemas of an entry are types for the web app. Without this, the first page
 * would load zod (25 KB gzipped) and every schema of the routes it calls. The build replaces each route group by its
 * methods and paths (route-table-paths.test.ts checks that they are the table's).
 */
export function routeTablePaths(): Plugin {
  return {
    name: 'evmap:route-table-paths',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0]!;
      if (!ROUTE_GROUP_FILE.test(file)) return null;
      return { code: routeGroupModule(code, file), map: null };
    },
  };
}
