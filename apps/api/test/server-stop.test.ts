/**
 * A stop always ends (issue 29): the server process group gets SIGTERM (a terminal's Ctrl-C, a supervisor's or a
 * container's stop) whatever is in flight, and the process exits within SHUTDOWN_TIMEOUT_MS with its embedded
 * PostgreSQL stopped and reaped (its process group empty) and the DATA_DIR lock released. Also: the database killed
 * under the running app, a second signal, and starts that find a stale lock.
 *
 * The cases share one DATA_DIR (one initdb) and run one after the other, each on its own server process.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import {
  isAlive as alive,
  exitWithin,
  groupAlive,
  type ServerProcess,
  signalGroup,
  startServerProcess,
  type TsxProcess,
  waitReady,
} from './process';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'evmap-stop-'));
const lockFile = path.join(dataDir, 'evmap.lock');
const started: TsxProcess[] = [];
afterAll(() => {
  // After a failure only: what a case left running (the server, and its database in a group of its own).
  const stop = (kill: () => void) => {
    try {
      kill();
    } catch {
      // Gone already, as it should be.
    }
  };
  for (const server of started) stop(() => signalGroup(server, 'SIGKILL'));
  stop(() => process.kill(postmasterPid(), 'SIGQUIT'));
  rmSync(dataDir, { recursive: true, force: true });
});

const ADMIN = { email: 'boss@example.com', password: 'secret123' };
const TIMEOUT_MS = 4_000;
/** The stop must end by SHUTDOWN_TIMEOUT_MS; the bound adds room for a loaded machine, not for a hang. */
const BOUND_MS = TIMEOUT_MS + 6_000;

async function start(env: Record<string, string> = {}): Promise<ServerProcess> {
  const server = await startServerProcess(
    dataDir,
    { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SHUTDOWN_TIMEOUT_MS: String(TIMEOUT_MS), ...env },
    { group: true },
  );
  started.push(server);
  return server;
}

/** A session of the test's own on the embedded server (its socket and password file); errors are its caller's. */
async function session(): Promise<pg.Client> {
  const client = new pg.Client({
    host: path.join(dataDir, 'run'),
    port: 5432,
    user: 'postgres',
    password: readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim(),
    database: 'evmap',
  });
  // The database stops under it in most cases here.
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

async function sql<T = Record<string, unknown>>(text: string): Promise<T[]> {
  const client = await session();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

const postmasterPid = () => Number.parseInt(readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8'), 10);

async function waitFor(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (await condition()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * Nothing of the stopped server is left: its process group and the lock at once; the database server and its
 * backends within a few seconds (a stop cut short SIGKILLs them as it exits: the kernel ends them, and init reaps
 * them, just after).
 */
async function expectNothingLeft(server: TsxProcess, pgPid: number) {
  expect(groupAlive(server.child.pid as number)).toBe(false);
  expect(existsSync(lockFile)).toBe(false);
  const deadline = Date.now() + 5_000;
  while ((alive(pgPid) || groupAlive(pgPid)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  expect(alive(pgPid)).toBe(false);
  expect(groupAlive(pgPid)).toBe(false);
}

/** Sends a request with `Expect: 100-continue` and its body once the server is on it; resolves with the answer. */
function inFlight(
  server: ServerProcess,
  request: { method: string; path: string; headers: Record<string, string>; body: Buffer },
  onSent: () => void,
): Promise<{ status: number; body: string } | 'closed'> {
  return new Promise((resolve) => {
    const req = http.request(`${server.url}${request.path}`, {
      method: request.method,
      headers: { ...request.headers, expect: '100-continue', 'content-length': String(request.body.length) },
    });
    req.on('continue', () => req.end(request.body, onSent));
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', () => resolve('closed'));
    });
    req.on('error', () => resolve('closed'));
    req.flushHeaders();
  });
}

describe('a stop of the server process group', { timeout: 120_000 }, () => {
  it('ends when the standard output it logs to is no longer read', async () => {
    const server = await start({ LOG_LEVEL: 'info' });
    await waitReady(server);
    const pgPid = postmasterPid();
    // The reader stops reading but keeps its end open: the socket fills up with the request log.
    server.child.stdout?.pause();
    server.child.stderr?.pause();
    const longPath = `/api/v1/no-such-page/${'x'.repeat(12_000)}`;
    for (let round = 0; round < 8; round++) {
      await Promise.all(
        Array.from({ length: 10 }, () =>
          fetch(`${server.url}${longPath}`).then(
            (res) => res.arrayBuffer(),
            () => undefined,
          ),
        ),
      );
    }
    signalGroup(server, 'SIGTERM');
    expect(await exitWithin(server, BOUND_MS)).toBe(0);
    await expectNothingLeft(server, pgPid);
  });

  it('ends while requests wait on the database, its pool clients mid-query', async () => {
    const server = await start();
    await waitReady(server);
    const pgPid = postmasterPid();
    const holder = await session();
    await holder.query('BEGIN');
    await holder.query('LOCK TABLE categories IN ACCESS EXCLUSIVE MODE');
    const answers = Array.from({ length: 30 }, () =>
      fetch(`${server.url}/api/v1/public/globals`).then(
        (res) => res.status,
        () => 'closed' as const,
      ),
    );
    // The pool's 20 clients are all mid-query, waiting for the lock; 10 more requests wait for a client.
    await waitFor(
      async () =>
        (
          await sql<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'evmap' AND wait_event_type = 'Lock'`,
          )
        )[0]?.n === 20,
      'the pool clients to wait on the lock',
    );
    signalGroup(server, 'SIGTERM');
    expect(await exitWithin(server, BOUND_MS)).toBe(1);
    expect(server.output()).toContain('closing the connections left open');
    expect(new Set(await Promise.all(answers))).toEqual(new Set(['closed']));
    await expectNothingLeft(server, pgPid);
    await holder.end().catch(() => undefined);
  });

  it('ends while a live stream is open and its client reads nothing', async () => {
    const server = await start();
    await waitReady(server);
    const pgPid = postmasterPid();
    // Open once its first bytes arrived; then the client reads nothing more.
    const stream = await new Promise<{ res: http.IncomingMessage; closed: Promise<void> }>((resolve, reject) => {
      http
        .get(`${server.url}/api/v1/public/events/stream`, (res) => {
          const closed = new Promise<void>((done) => res.once('close', () => done()));
          res.once('data', () => {
            res.pause();
            resolve({ res, closed });
          });
        })
        .once('error', reject);
    });
    expect(stream.res.statusCode).toBe(200);
    signalGroup(server, 'SIGTERM');
    expect(await exitWithin(server, BOUND_MS)).toBe(0);
    // The stream was ended by the server: once the client reads again, it finds the end.
    stream.res.resume();
    await stream.closed;
    await expectNothingLeft(server, pgPid);
  });

  it('ends while an image is resizing, once it is stored', async () => {
    const server = await start({ SHUTDOWN_TIMEOUT_MS: '30000', IMAGE_CONCURRENCY: '1' });
    await waitReady(server);
    const pgPid = postmasterPid();
    const login = await fetch(`${server.url}/api/v1/public/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    expect(login.status).toBe(200);
    const { jwt } = (await login.json()) as { jwt: string };
    // 24 megapixels: decoded and re-encoded at each width the app shows.
    const image = await sharp({ create: { width: 6000, height: 4000, channels: 3, background: '#3366aa' } })
      .jpeg()
      .toBuffer();
    const boundary = 'evmap-stop-test';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="folder"\r\n\r\nevents\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.jpg"\r\n` +
          'Content-Type: image/jpeg\r\n\r\n',
      ),
      image,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const answer = await inFlight(
      server,
      {
        method: 'POST',
        path: '/api/v1/connected/globals/upload',
        headers: { authorization: `Bearer ${jwt}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
        body,
      },
      () => signalGroup(server, 'SIGTERM'),
    );
    expect(answer).toMatchObject({ status: 200 });
    expect(await exitWithin(server, 30_000 + 6_000)).toBe(0);
    await expectNothingLeft(server, pgPid);
  });

  it('exits at once on a second signal; the next start takes the lock over', async () => {
    const server = await start({ SHUTDOWN_TIMEOUT_MS: '600000' });
    await waitReady(server);
    const pgPid = postmasterPid();
    const holder = await session();
    await holder.query('BEGIN');
    await holder.query('LOCK TABLE categories IN ACCESS EXCLUSIVE MODE');
    const answer = fetch(`${server.url}/api/v1/public/globals`).then(
      (res) => res.status,
      () => 'closed' as const,
    );
    await waitFor(
      async () =>
        (
          await sql<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'evmap' AND wait_event_type = 'Lock'`,
          )
        )[0]?.n === 1,
      'the request to wait on the lock',
    );
    signalGroup(server, 'SIGTERM');
    await waitFor(() => server.output().includes('SIGTERM: draining'), 'the drain');
    signalGroup(server, 'SIGTERM');
    // Ten minutes of SHUTDOWN_TIMEOUT_MS: only the second signal can end it within the bound.
    expect(await exitWithin(server, BOUND_MS)).toBe(1);
    expect(server.output()).toContain('SIGTERM again: exiting now');
    expect(await answer).toBe('closed');
    // The database got its fast shutdown and finishes it alone.
    await waitFor(() => !groupAlive(pgPid), 'the database server to stop');
    await holder.end().catch(() => undefined);

    const next = await start();
    await waitReady(next);
    signalGroup(next, 'SIGTERM');
    expect(await next.exited).toBe(0);
    expect(existsSync(lockFile)).toBe(false);
  });
});

describe('the embedded PostgreSQL server killed under the running app', { timeout: 120_000 }, () => {
  it('is noticed: health answers 503, never an error, and the app exits 1; the next start recovers', async () => {
    const server = await start();
    await waitReady(server);
    await sql(`INSERT INTO app_meta (key, value) VALUES ('written-before-kill', 'kept')`);
    const pgPid = postmasterPid();
    process.kill(pgPid, 'SIGKILL');
    const statuses = new Set<number | 'refused'>();
    while (server.child.exitCode === null) {
      statuses.add(
        await fetch(`${server.url}/api/v1/health`).then(
          (res) => res.status,
          () => 'refused' as const,
        ),
      );
    }
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain(
      'the embedded PostgreSQL server stopped unexpectedly (SIGKILL): stopping (exit code 1) for the supervisor',
    );
    // A health check right after the kill may still reach a backend that has not noticed yet.
    expect([...statuses].filter((status) => status !== 200 && status !== 503 && status !== 'refused')).toEqual([]);
    await expectNothingLeft(server, pgPid);

    const restarted = await start();
    await waitReady(restarted);
    expect(await sql(`SELECT value FROM app_meta WHERE key = 'written-before-kill'`)).toEqual([{ value: 'kept' }]);
    signalGroup(restarted, 'SIGTERM');
    expect(await restarted.exited).toBe(0);
  });
});

describe('a start that finds a stale lock', { timeout: 120_000 }, () => {
  it('takes over a lock whose pid now belongs to another process', async () => {
    // This test process is alive and runs node, but it is not the process that wrote the lock.
    writeFileSync(lockFile, `${process.pid}\nstarted 00000000-0000-0000-0000-000000000000/1\n`);
    const server = await start();
    await waitReady(server);
    expect(server.output()).toContain(
      `taking over the lock of a process that is gone (pid ${process.pid}, now used by another process)`,
    );
    signalGroup(server, 'SIGTERM');
    expect(await server.exited).toBe(0);
  });

  it('says what to do about a silent owner whose database runs, and ends one whose database stopped', async () => {
    const stuck = await start();
    await waitReady(stuck);
    const stuckPg = postmasterPid();
    // Frozen: it serves nothing and refreshes its lock no more.
    signalGroup(stuck, 'SIGSTOP');
    const old = new Date(Date.now() - 60_000);
    utimesSync(lockFile, old, old);

    const refused = await start();
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toMatch(
      new RegExp(
        `is held by pid ${stuck.child.pid}, which has not refreshed its lock for \\d+ s while its database still ` +
          `runs\\. If that instance no longer serves, stop it \\(kill ${stuck.child.pid}; `,
      ),
    );

    // Its database stops (the state of issue 29: the server a zombie its stuck parent never reaps).
    process.kill(stuckPg, 'SIGINT');
    await waitFor(() => !existsSync(path.join(dataDir, 'pg', 'postmaster.pid')), 'the database to stop');
    const next = await start();
    await waitReady(next);
    expect(next.output()).toMatch(
      new RegExp(
        `the instance holding DATA_DIR \\(pid ${stuck.child.pid}\\) stopped its database and has not refreshed ` +
          'its lock for \\d+ s: it is stuck; ending it and taking over',
      ),
    );
    await stuck.exited;
    expect(stuck.child.signalCode).toBe('SIGKILL');
    signalGroup(next, 'SIGTERM');
    expect(await next.exited).toBe(0);
    expect(existsSync(lockFile)).toBe(false);
  });
});
