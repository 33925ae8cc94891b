import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { routeGroupModule, routeGroupPaths } from './route-table-paths';

const ROUTES_DIR = fileURLToPath(new URL('../../../packages/contract/src/routes', import.meta.url));
const groupFiles = readdirSync(ROUTES_DIR).filter((file) => /^(?!route\.ts$|table\.ts$)[^.]+\.ts$/.test(file));

describe("the browser's route groups", () => {
  it('keep the method and path of every entry of the table, and import nothing', async () => {
    expect(groupFiles.length).toBeGreaterThan(4);
    for (const file of groupFiles) {
      const full = path.join(ROUTES_DIR, file);
      const source = readFileSync(full, 'utf8');
      const table = (await import(pathToFileURL(full).href)) as Record<string, Record<string, object>>;
      const expected = Object.fromEntries(
        Object.entries(table).map(([group, entries]) => [
          group,
          Object.fromEntries(
            Object.entries(entries).map(([name, entry]) => {
              const { method, path: routePath } = entry as { method: string; path: string };
              return [name, { method, path: routePath }];
            }),
          ),
        ]),
      );
      expect([file, routeGroupPaths(source, file)]).toEqual([file, expected]);
      expect(routeGroupModule(source, file)).not.toMatch(/\bimport\b/);
    }
  });

  it('refuse a group they cannot read', () => {
    const bad = [
      "export const a = { x: route({ method: 'GET', path: `/x` }) };",
      "export const a = { x: other({ method: 'GET', path: '/x' }) };",
      'export const a = { ...b };',
      'export function a() {}',
    ];
    for (const code of bad) expect(() => routeGroupPaths(code), code).toThrow();
  });
});
