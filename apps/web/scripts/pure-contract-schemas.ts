import ts from 'typescript';
import type { Plugin } from 'vite';

const CONTRACT_FILE = /[\\/]packages[\\/]contract[\\/]src[\\/][^\\/]+\.ts$/;
// Every `z.<builder>(` call but z.config(), which installs the contract's error map (zod-setup.ts).
const SCHEMA_BUILDER = /(?<![\w.$])z\.(?!config\b)(\w+)\(/g;

/** An expression whose value is made by calls (`z.string().trim()`, `userSchema.extend({…})`, `schema.shape`). */
function madeByCalls(node: ts.Expression): boolean {
  let current: ts.Node = node;
  for (;;) {
    if (ts.isCallExpression(current)) return true;
    if (ts.isPropertyAccessExpression(current) || ts.isElementAccessExpression(current)) current = current.expression;
    else if (ts.isParenthesizedExpression(current)) current = current.expression;
    else return false;
  }
}

/**
 * The top-level constants of a contract file whose value is made by calls, each wrapped in a pure immediately
 * called function: `export const x = /* @__PURE__ *\/ (() => z.string().trim())();`. Marking the builders alone is
 * not enough: in `z.string().trim()` the outer call (`.trim()`) is not marked, so the bundler kept every such
 * schema, and zod with it, wherever anything of its file was imported (a list of field names, a price helper).
 */
export function wrapSchemaConstants(code: string, fileName = 'contract.ts'): string {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const edits: Array<{ start: number; end: number }> = [];
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      const init = declaration.initializer;
      // z.config() installs the error map: a side effect that must stay.
      if (!init || !madeByCalls(init) || /^z\.config\b/.test(init.getText(source))) continue;
      edits.push({ start: init.getStart(source), end: init.getEnd() });
    }
  }
  let result = code;
  for (const { start, end } of edits.reverse()) {
    result = `${result.slice(0, start)}/* @__PURE__ */ (() => ${result.slice(start, end)})()${result.slice(end)}`;
  }
  return result;
}

/**
 * Marks the zod schemas of the contract as pure, so the bundler drops the schemas a chunk does not use: the
 * builders (`z.object(`…) and the top-level constants made by calls (`wrapSchemaConstants`). The first page load
 * needs the error catalogue of errors.ts (and nothing else of the contract that builds schemas), but errors.ts also
 * defines `errorBodySchema`; without this, zod (25 KB gzipped) would load with every page instead of with the
 * forms, and the profile, plans and event screens would load it for a list of field names or a price helper.
 */
export function pureContractSchemas(): Plugin {
  return {
    name: 'evmap:pure-contract-schemas',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0]!;
      if (!CONTRACT_FILE.test(file)) return null;
      const marked = wrapSchemaConstants(code, file).replace(SCHEMA_BUILDER, '/* @__PURE__ */ z.$1(');
      return marked === code ? null : { code: marked, map: null };
    },
  };
}
