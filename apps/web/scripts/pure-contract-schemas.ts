import type { Plugin } from 'vite';

const CONTRACT_FILE = /[\\/]packages[\\/]contract[\\/]src[\\/][^\\/]+\.ts$/;
// Every `z.<builder>(` call but z.config(), which installs the contract's error map (zod-setup.ts).
const SCHEMA_BUILDER = /(?<![\w.$])z\.(?!config\b)(\w+)\(/g;

/**
 * Marks the zod schema builders of the contract as pure, so the bundler drops the schemas a chunk
 * does not use. The first page load needs the error catalogue of errors.ts (and nothing else of the
 * contract that builds schemas), but errors.ts also defines `errorBodySchema`; without this, zod
 * (25 KB gzipped) would load with every page instead of with the forms.
 */
export function pureContractSchemas(): Plugin {
  return {
    name: 'evmap:pure-contract-schemas',
    enforce: 'pre',
    transform(code, id) {
      if (!CONTRACT_FILE.test(id.split('?')[0]!)) return null;
      const marked = code.replace(SCHEMA_BUILDER, '/* @__PURE__ */ z.$1(');
      return marked === code ? null : { code: marked, map: null };
    },
  };
}
