/**
 * `npm run backup` and `npm run restore` on a real server process with its embedded PostgreSQL: a backup taken
 * while requests write, the data folder destroyed, restored into a new one, and everything found again.
 */
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { EVENT_WRITE_LIMITS } from '../src/modules/events/owner-events.routes';
import { lastCode } from './accounts';
import { eventBody, wallClock } from './events';
import { runTsx, startServerProcess, type TsxProcess, waitReady } from './process';

const repoDir = path.resolve(import.meta.dirname, '../../..');
const workDir = mkdtempSync(path.join(os.tmpdir(), 'evmap-backup-'));
// Started as root, PostgreSQL runs as the "postgres" user, which must be able to reach the data folders.
chmodSync(workDir, 0o711);
const archive = path.join(workDir, 'saved', 'evmap.tar.gz');
const PASSWORD = 'correct-horse-battery';
const MAX_LOAD_REQUESTS = 200;
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

type Server = TsxProcess & { url: string };

/** `npm run backup|restore -- FILE`, as its package.json script runs it. */
const script = (name: 'backup' | 'restore', dataDir: string, env: Record<string, string> = {}) =>
  runTsx([`scripts/${name}.ts`, archive], repoDir, { DATA_DIR: dataDir, ...env });

async function startServer(dataDir: string): Promise<Server> {
  const started = await startServerProcess(dataDir);
  await waitReady(started);
  return { ...started, url: `${started.url}/api/v1` };
}

async function stopServer(server: Server): Promise<void> {
  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);
}

/** Resolves when `proc` has printed `text`, with the time it was seen. */
function seen(proc: TsxProcess, text: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (proc.output().includes(text)) {
        proc.child.stderr?.off('data', check);
        resolve(Date.now());
      }
    };
    proc.child.stderr?.on('data', check);
    void proc.exited.then(() => reject(new Error(`never printed "${text}":\n${proc.output()}`)));
    check();
  });
}

function api(server: Server, method: string, route: string, options: { token?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = { 'accept-language': 'en' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const body =
    options.body instanceof FormData
      ? options.body
      : options.body === undefined
        ? undefined
        : JSON.stringify(options.body);
  if (typeof body === 'string') headers['content-type'] = 'application/json';
  return fetch(`${server.url}${route}`, { method, headers, body });
}

async function json<T>(response: Response | Promise<Response>, status = 200): Promise<T> {
  const res = await response;
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
}

type Event = { id: number; uuid: string; titleEn: string; images: { imagePath: string; imageUrl: string }[] };
const MONTREAL = { northLat: 46, southLat: 45, eastLng: -73, westLng: -74.5 };
const eventDay = wallClock(24).slice(0, 10);
const search = (server: Server) =>
  json<{ eventIds: number[] }>(
    api(server, 'POST', '/public/events/search', { body: { mapBounds: MONTREAL, selectedDay: eventDay } }),
  );

// Real processes (initdb, PostgreSQL, Node, twice): slow on a loaded 2-core machine.
describe('backup and restore of an embedded install', { timeout: 110_000 }, () => {
  const original = path.join(workDir, 'original');
  const restored = path.join(workDir, 'restored');

  it('restores, from a backup taken while requests write, accounts, events, images and secrets', async () => {
    const server = await startServer(original);
    const managerEmail = 'organiser@example.com';
    const manager = await json<{ jwt: string }>(
      api(server, 'PUT', '/public/auth/signup', {
        body: {
          type: 'event-manager',
          name: 'Jazz Montréal',
          email: managerEmail,
          password: PASSWORD,
          acceptTerms: true,
        },
      }),
    );
    await json(
      api(server, 'POST', '/connected/auth/verify-email', {
        token: manager.jwt,
        body: { email: managerEmail, code: lastCode(path.join(original, 'mail'), managerEmail) },
      }),
    );
    const viewer = await json<{ jwt: string }>(
      api(server, 'PUT', '/public/auth/signup', {
        body: { type: 'viewer', email: 'viewer@example.com', password: PASSWORD, acceptTerms: true },
      }),
    );

    const jpeg = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#d53a7b' } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('folder', 'events');
    form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'poster.jpg');
    const upload = await json<{ url: string; path: string }>(
      api(server, 'POST', '/connected/globals/upload', { token: manager.jwt, body: form }),
    );
    const image = Buffer.from(await (await fetch(`http://${new URL(server.url).host}${upload.url}`)).arrayBuffer());
    expect(image.length).toBeGreaterThan(0);
    const { event } = await json<{ event: Event }>(
      api(server, 'POST', '/connected/events', {
        token: manager.jwt,
        body: eventBody({ titleEn: 'Saved jazz night', images: [{ imagePath: upload.path, orderIdx: 0 }] }),
      }),
    );
    expect((await search(server)).eventIds).toContain(event.id);

    // The backup runs while searches and event writes go on (bounded in count, and ended with the backup).
    const backup = script('backup', original);
    const backupStarted = seen(backup, 'backup started at WAL position');
    const filesCopied = seen(backup, 'files copied');
    await backupStarted;
    let sent = 0;
    let backupDone = false;
    void backup.exited.then(() => {
      backupDone = true;
    });
    const created: { id: number; title: string; at: number }[] = [];
    const more = () => !backupDone && sent++ < MAX_LOAD_REQUESTS;
    // One writer (an account's writes are serialised: concurrent ones answer 409) beside three map readers; it
    // stays within the account's event-write limit, which answers 429 past it: one event was created above and one
    // more is created on the restored install, whose rate-limit counters came back with the database.
    const writeLimit = Math.min(...EVENT_WRITE_LIMITS.map((l) => l.limit)) - 2;
    const writer = async () => {
      while (created.length < writeLimit && more()) {
        const title = `Written during the backup ${sent}`;
        const res = await json<{ event: Event }>(
          api(server, 'POST', '/connected/events', { token: manager.jwt, body: eventBody({ titleEn: title }) }),
        );
        created.push({ id: res.event.id, title, at: Date.now() });
      }
    };
    const reader = async () => {
      while (more()) expect((await search(server)).eventIds).toContain(event.id);
    };
    await Promise.all([writer(), reader(), reader(), reader()]);
    expect(await backup.exited, backup.output()).toBe(0);
    const copiedAt = await filesCopied;
    // Writes acknowledged before pg_backup_stop are in the backup; some happened while its files were copied.
    const beforeStop = created.filter((write) => write.at < copiedAt);
    expect(beforeStop.length).toBeGreaterThan(0);
    expect(backup.output()).toContain('done (online)');

    // An archive is not written over an install that holds data.
    const refused = script('restore', original);
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toContain(
      `${original} already holds data: restore writes only into an empty or absent folder`,
    );

    await stopServer(server);
    rmSync(original, { recursive: true, force: true });

    const restore = script('restore', restored);
    expect(await restore.exited, restore.output()).toBe(0);
    const again = await startServer(restored);
    try {
      // The JWT signed before the backup still works: the secret came back with the data.
      const me = await json<{ user: { email: string } }>(api(again, 'GET', '/connected/me', { token: manager.jwt }));
      expect(me.user.email).toBe(managerEmail);
      await json(api(again, 'GET', '/connected/me', { token: viewer.jwt }));
      for (const email of [managerEmail, 'viewer@example.com']) {
        await json(api(again, 'POST', '/public/auth/login', { body: { email, password: PASSWORD } }));
      }

      expect((await search(again)).eventIds).toContain(event.id);
      const page = await json<{ event: Event }>(api(again, 'GET', `/public/events/handle-or-uuid/${event.uuid}`));
      expect(page.event).toMatchObject({ id: event.id, titleEn: 'Saved jazz night' });
      expect(page.event.images[0]?.imagePath).toBe(upload.path);
      const served = await fetch(`http://${new URL(again.url).host}${upload.url}`);
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer()).equals(image)).toBe(true);

      const mine = await json<{ events: Event[] }>(api(again, 'GET', '/connected/events', { token: manager.jwt }));
      const titles = new Map(mine.events.map((e) => [e.id, e.titleEn]));
      for (const write of beforeStop) expect(titles.get(write.id)).toBe(write.title);
      // Nothing but what was written comes back, and the restored install takes new writes.
      const written = new Set([event.id, ...created.map((write) => write.id)]);
      expect(mine.events.filter((e) => !written.has(e.id))).toEqual([]);
      await json(api(again, 'POST', '/connected/events', { token: manager.jwt, body: eventBody() }));
    } finally {
      await stopServer(again);
    }
  });

  it('refuses to restore into a folder that holds data, and leaves it as it was', async () => {
    expect(existsSync(archive)).toBe(true);
    const occupied = path.join(workDir, 'occupied');
    mkdirSync(occupied);
    writeFileSync(path.join(occupied, 'jwt-secret'), 'kept\n');
    const refused = script('restore', occupied);
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toContain(
      `[restore] ${occupied} already holds data: restore writes only into an empty or absent folder and never ` +
        'overwrites. Move that folder aside (or choose another DATA_DIR) and run the restore again.',
    );
    expect(readdirSync(occupied)).toEqual(['jwt-secret']);
    expect(readFileSync(path.join(occupied, 'jwt-secret'), 'utf8')).toBe('kept\n');
  });

  it('points to pg_dump and pg_restore when DATABASE_URL is set', async () => {
    const env = { DATABASE_URL: 'postgres://evmap@db.example/evmap' };
    for (const name of ['backup', 'restore'] as const) {
      const refused = script(name, path.join(workDir, 'unused'), env);
      expect(await refused.exited).toBe(1);
      expect(refused.output()).toContain('DATABASE_URL is set: this command handles only the embedded database');
      expect(refused.output()).toContain('pg_dump -Fc -d "$DATABASE_URL" -f evmap.dump');
    }
    expect(existsSync(path.join(workDir, 'unused'))).toBe(false);
  });
});
