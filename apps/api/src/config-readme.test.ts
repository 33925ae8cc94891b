/**
 * README.md's configuration table lists exactly the variables config.ts reads, each with the default the schema
 * gives it (as the README words it: configSchema's `defaultText` per variable).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES } from './config';

const README = path.resolve(import.meta.dirname, '../../../README.md');

/** The rows of the table under "## Configuration": variable name → default cell. */
function readmeVariables(): Record<string, string> {
  const text = readFileSync(README, 'utf8');
  const section = text.slice(text.indexOf('\n## Configuration'));
  const table = section.slice(0, section.indexOf('\n## ', 1));
  const rows: Record<string, string> = {};
  for (const line of table.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    const name = /^`([A-Z0-9_]+)`$/.exec(cells[1] ?? '')?.[1];
    if (name) rows[name] = cells[2] ?? '';
  }
  return rows;
}

describe('README configuration table', () => {
  it('lists exactly the variables of the configuration schema, with their defaults', () => {
    const documented = readmeVariables();
    expect(Object.keys(documented).sort()).toEqual(Object.keys(CONFIG_VARIABLES).sort());
    expect(documented).toEqual(CONFIG_VARIABLES);
  });
});
