/**
 * The layers stay as drawn: only repositories (*.repository.ts) and src/db/ import drizzle-orm or the tables of
 * db/schema (biome.json, the apps/api override of noRestrictedImports). This test writes a deliberate violation
 * in a temporary file and checks that the linter refuses it, and lets the same import pass in a repository.
 */
import { execFile } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const BIOME = path.join(ROOT, 'node_modules/.bin/biome');
const DIR = path.join(import.meta.dirname, 'modules/health');
const created: string[] = [];

const VIOLATION = `import { sql } from 'drizzle-orm';
import { users } from '../../db/schema/users';

export const probe = [sql, users];
`;

/** Lints `source` saved as modules/health/layering-probe-<pid>.<role>.ts: the exit code and what the linter said. */
async function lint(role: string, source: string): Promise<{ code: number; output: string }> {
  const file = path.join(DIR, `layering-probe-${process.pid}.${role}.ts`);
  created.push(file);
  writeFileSync(file, source);
  try {
    const { stdout, stderr } = await promisify(execFile)(BIOME, ['lint', '--colors=off', file], { cwd: ROOT });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

afterAll(() => {
  for (const file of created) rmSync(file, { force: true });
});

describe('queries only in repositories (lint rule)', () => {
  it('refuses drizzle-orm and db/schema imports in a service or route file', async () => {
    const { code, output } = await lint('service', VIOLATION);
    expect(code).not.toBe(0);
    expect(output).toContain('lint/style/noRestrictedImports');
    expect(output).toContain('Queries live in a *.repository.ts');
    expect(output).toContain('Tables are read and written in a *.repository.ts');
  });

  it('lets a repository import them', async () => {
    const { code, output } = await lint('repository', VIOLATION);
    expect(output).not.toContain('noRestrictedImports');
    expect(code).toBe(0);
  });
});
