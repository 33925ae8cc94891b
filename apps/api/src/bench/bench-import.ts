/**
 * The import scenario of `npm run bench` (issue 25): bench-import-child.ts in its own process (the import code is
 * the app's, run as the scheduler runs it), on the bench database; answers its verdicts and notes.
 */
import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DbConnection } from '../db/client';
import type { Verdict } from './bench-report';

const CHILD_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bench-import-child.ts');

export function runImportBench(
  connection: DbConnection,
  records?: number,
): Promise<{ verdicts: Verdict[]; notes: string[] }> {
  const execArgv = process.execArgv.some((a) => a.includes('tsx')) ? process.execArgv : ['--import', 'tsx'];
  const child = fork(CHILD_FILE, [], { execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('message', (message: { result?: { verdicts: Verdict[]; notes: string[] }; error?: string }) => {
      if (message.result) resolve(message.result);
      else reject(new Error(`the import scenario failed: ${message.error}`));
    });
    child.once('exit', (code) => reject(new Error(`the import scenario exited (code ${code}) before answering`)));
    child.send({ connection, records });
  });
}
