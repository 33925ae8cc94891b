/**
 * SIGTERM drains the instance the way a balancer needs it (issue: production and scale-out): the health check
 * says "not ready" at once while requests are still served, live streams are told to reconnect elsewhere, then the
 * server stops accepting, finishes the request in flight and exits 0; a request that never ends is cut after
 * SHUTDOWN_TIMEOUT_MS.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { connect, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type ServerProcess, signalGroup, startServerProcess, waitReady } from './process';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'evmap-drain-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Opens the live stream; resolves once its first bytes arrived, with everything it receives and its end. */
function openStream(server: ServerProcess): Promise<{ text: () => string; ended: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${server.url}/api/v1/public/events/stream`, (res) => {
      expect(res.statusCode).toBe(200);
      let text = '';
      const ended = new Promise<void>((done) => res.once('close', () => done()));
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        const first = text === '';
        text += chunk;
        if (first) resolve({ text: () => text, ended });
      });
    });
    request.once('error', reject);
  });
}

/**
 * Sends a sign-in request's headers and the first half of its body, and waits until the server is on it (its
 * "100 Continue"): it stays in flight until `finish`. Without the wait, a signal could reach the server before the
 * request does, and the connection would be closed as idle.
 */
async function startSlowRequest(server: ServerProcess) {
  const body = JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password' });
  const socket: Socket = connect(server.port, '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  let answer = '';
  let onData = () => {};
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    answer += chunk;
    onData();
  });
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const continued = new Promise<void>((resolve) => {
    onData = () => {
      if (answer.startsWith('HTTP/1.1 100 Continue\r\n\r\n')) resolve();
    };
  });
  socket.write(
    `POST /api/v1/public/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
      `Accept-Language: fr\r\nExpect: 100-continue\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n` +
      body.slice(0, 10),
  );
  await continued;
  return {
    finish: () => socket.write(body.slice(10)),
    /** What the server answered after its "100 Continue", once the connection is closed. */
    answered: async () => {
      await closed;
      return answer.replace('HTTP/1.1 100 Continue\r\n\r\n', '');
    },
  };
}

async function waitFor(condition: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (await condition()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('SIGTERM', { timeout: 180_000 }, () => {
  it('drains: not ready, streams told to reconnect, in-flight request finished, then exit 0', async () => {
    const server = await startServerProcess(dataDir, { DRAIN_DELAY_MS: '3000' }, { group: true });
    await waitReady(server);
    const stream = await openStream(server);
    expect(stream.text()).toContain('retry: 5000');
    const slow = await startSlowRequest(server);

    // To the whole process group, as a terminal or a supervisor does: the database keeps serving the drain.
    signalGroup(server, 'SIGTERM');
    // The stream ends at once, with a short reconnection delay for the browser.
    await stream.ended;
    expect(stream.text()).toMatch(/retry: 500\n\n$/);

    // While draining: the health check says not ready, new streams are refused, other requests are still served.
    const health = await fetch(`${server.url}/api/v1/health`, { headers: { 'accept-language': 'en' } });
    expect(health.status).toBe(503);
    expect(health.headers.get('connection')).toBe('close');
    expect(await health.json()).toEqual({ errors: { global: expect.any(String) } });
    expect((await fetch(`${server.url}/api/v1/public/events/stream`)).status).toBe(503);
    // Enough at once that the pool opens new database connections.
    const during = await Promise.all(
      Array.from({ length: 25 }, () => fetch(`${server.url}/api/v1/public/globals`).then((res) => res.status)),
    );
    expect(new Set(during)).toEqual(new Set([200]));

    // Once it stops accepting, the request in flight still gets its answer.
    await waitFor(
      () =>
        fetch(`${server.url}/api/v1/public/globals`).then(
          () => false,
          () => true,
        ),
      'the server to stop accepting',
    );
    slow.finish();
    const answer = await slow.answered();
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain('"errors"');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('SIGTERM: draining for 3000 ms, then stopping');
  });

  it('cuts a request that never ends after SHUTDOWN_TIMEOUT_MS, and exits 1', async () => {
    const server = await startServerProcess(dataDir, { SHUTDOWN_TIMEOUT_MS: '1500' });
    await waitReady(server);
    const slow = await startSlowRequest(server);
    const started = Date.now();
    server.child.kill('SIGTERM');
    await slow.answered();
    expect(await server.exited).toBe(1);
    expect(Date.now() - started).toBeLessThan(20_000);
    // The database's share of SHUTDOWN_TIMEOUT_MS is kept for its stop: the connections are cut before.
    expect(server.output()).toMatch(/the drain took longer than \d+ ms: closing the connections left open/);
  });
});
