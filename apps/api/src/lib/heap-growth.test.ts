import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { HEAP_GROWING_FLAG } from './heap-growth';

/** What a fresh Node.js process says on stderr when it sets `flag` (V8 warns about a flag it does not know). */
function stderrOf(flag: string): string {
  const child = spawnSync(process.execPath, ['-e', `require('node:v8').setFlagsFromString(${JSON.stringify(flag)})`], {
    encoding: 'utf8',
  });
  expect(child.status).toBe(0);
  return child.stderr;
}

describe('the heap growth the server sets', () => {
  it('is a flag this V8 knows (it would only warn otherwise, and keep its own factor)', () => {
    expect(stderrOf('--no-such-flag-for-evmap')).toMatch(/unrecognized flag|Error/i);
    expect(stderrOf(HEAP_GROWING_FLAG)).toBe('');
  });
});
