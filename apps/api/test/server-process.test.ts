/**
 * The server as a user runs it: a real process on a DATA_DIR with its embedded PostgreSQL.
 * Restarts keep data, a second start on the same folder is refused, a crash is recovered from.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess, waitReady } from './process';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'evmap-process-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const startServer = (env: Record<string, string> = {}) => startServerProcess(dataDir, env);

/** Talks to the embedded server the way an operator would: through its socket and password file. */
async function sql<T = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({
    host: path.join(dataDir, 'run'),
    port: 5432,
    user: 'postgres',
    password: readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim(),
    database: 'evmap',
  });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

const postmasterPid = () => Number.parseInt(readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8'), 10);
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

// Each test starts real processes (initdb, PostgreSQL, Node): slow on a loaded 2-core machine.
describe('the server process', { timeout: 180_000 }, () => {
  it('stops with one clear message on invalid configuration', async () => {
    const server = await startServer({ PORT: 'eighty' });
    expect(await server.exited).toBe(1);
    expect(server.output().trim()).toBe(
      '[evmap] Invalid configuration: PORT must be an integer between 0 and 65535 (got "eighty")',
    );
  });

  it('creates user 1 from ADMIN_EMAIL, keeps data across a clean stop, and refuses a second start', async () => {
    const first = await startServer({ ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'secret123' });
    await waitReady(first);
    expect(first.output().split('\n')[0]).toBe(`[evmap] Node.js ${process.version}`);
    expect(await sql('SELECT id, email, is_admin FROM users')).toEqual([
      { id: 1, email: 'boss@example.com', is_admin: true },
    ]);
    await sql(`INSERT INTO app_meta (key, value) VALUES ('written-before-stop', 'kept')`);

    const second = await startServer();
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`DATA_DIR ${dataDir} is already in use by another running instance`);
    expect((await fetch(`http://127.0.0.1:${first.port}/api/v1/health`)).status).toBe(200);

    const pgPid = postmasterPid();
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(alive(pgPid)).toBe(false);
    expect(existsSync(path.join(dataDir, 'evmap.lock'))).toBe(false);

    const again = await startServer({ ADMIN_EMAIL: 'other@example.com', ADMIN_PASSWORD: 'secret123' });
    await waitReady(again);
    expect(await sql(`SELECT value FROM app_meta WHERE key = 'written-before-stop'`)).toEqual([{ value: 'kept' }]);
    expect(await sql('SELECT id, email FROM users')).toEqual([{ id: 1, email: 'boss@example.com' }]);
    again.child.kill('SIGINT');
    expect(await again.exited).toBe(0);
  });

  it('recovers after a crash that left its database server running', async () => {
    const server = await startServer();
    await waitReady(server);
    await sql(`INSERT INTO app_meta (key, value) VALUES ('written-before-crash', 'kept')`);
    const orphan = postmasterPid();
    server.child.kill('SIGKILL');
    await server.exited;
    expect(alive(orphan)).toBe(true);

    const restarted = await startServer();
    await waitReady(restarted);
    expect(restarted.output()).toContain('shutting down the PostgreSQL server left running by a previous crash');
    expect(alive(orphan)).toBe(false);
    expect(await sql(`SELECT value FROM app_meta WHERE key = 'written-before-crash'`)).toEqual([{ value: 'kept' }]);
    restarted.child.kill('SIGTERM');
    expect(await restarted.exited).toBe(0);
  });
});
