/**
 * Several production instances of the built server (`node apps/api/dist/server.js`, NODE_ENV=production) on one
 * throwaway database of the local PostgreSQL, one Redis under a throwaway key prefix and one uploads folder, behind
 * nginx as a round-robin balancer: everything on loopback, everything removed by `close()` (also after a failure).
 */

import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { globalsRoutes } from '@evmap/contract/routes/globals';
import { API_PREFIX, urlOf } from '@evmap/contract/routes/route';
import { Redis } from 'ioredis';
import pg from 'pg';
import { REPO_ROOT, SERVER_BUNDLE, WEB_INDEX } from '../../e2e/support/paths';
import type { TestServer } from '../../e2e/support/server';

export const NGINX = process.env.NGINX_PATH || '/usr/sbin/nginx';
const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;

export type InstanceName = 'a' | 'b';

async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('could not find a free port');
  return address.port;
}

/** Polls `condition` every 100 ms until it holds; fails with `what` (and `detail()`) after `timeoutMs`. */
export async function until(
  condition: () => Promise<boolean> | boolean,
  what: string,
  timeoutMs = 30_000,
  detail: () => string = () => '',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}\n${detail()}`);
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

/** A child process whose output is kept (the end of it) for failure messages. */
class Child {
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private log = '';

  constructor(readonly process: ChildProcess) {
    const append = (chunk: Buffer) => {
      this.log = (this.log + chunk.toString()).slice(-30_000);
    };
    process.stdout?.on('data', append);
    process.stderr?.on('data', append);
    this.exited = new Promise((resolve) => process.once('exit', (code, signal) => resolve({ code, signal })));
  }

  get running(): boolean {
    return this.process.exitCode === null && this.process.signalCode === null;
  }

  output(): string {
    return this.log;
  }

  /** Sends `signal` and waits for the exit; SIGKILL when it takes longer than STOP_TIMEOUT_MS. */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    if (!this.running) return;
    this.process.kill(signal);
    const timer = setTimeout(() => this.process.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await this.exited;
    clearTimeout(timer);
  }
}

/** Every child still running when the test process exits is killed with it. */
const children = new Set<Child>();
process.once('exit', () => {
  for (const child of children) if (child.running) child.process.kill('SIGKILL');
});

function track(child: Child): Child {
  children.add(child);
  void child.exited.then(() => children.delete(child));
  return child;
}

export class Instance extends Child {
  constructor(
    readonly name: InstanceName,
    readonly port: number,
    process: ChildProcess,
  ) {
    super(process);
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }
}

/** One answer of the app: status, parsed body, and which instance answered (nginx's X-Upstream header). */
export type Answer = {
  status: number;
  body: unknown;
  text: string;
  headers: Headers;
  /** The instance that answered through the balancer (the last address nginx tried), undefined when direct. */
  upstream: InstanceName | undefined;
};

export type CallOptions = {
  body?: unknown;
  jwt?: string;
  /** The visitor's address, in X-Forwarded-For (believed by the instances since the balancer is trusted). */
  ip?: string;
  /** Another origin than the balancer: one instance directly. */
  origin?: string;
  signal?: AbortSignal;
};

export class Cluster {
  private readonly instances = new Map<InstanceName, Instance>();
  private balancer: Child | undefined;
  private closed = false;

  private constructor(
    /** Temporary folder: mail, uploads, each instance's DATA_DIR and nginx's files. */
    readonly root: string,
    readonly databaseUrl: string,
    private readonly pgServerUrl: string,
    readonly redis: Redis,
    readonly redisPrefix: string,
    readonly pool: pg.Pool,
    readonly ports: { balancer: number; a: number; b: number },
    private readonly jwtSecret: string,
  ) {}

  /** A throwaway database, a Redis key prefix and a temporary folder; no process started yet. */
  static async create(): Promise<Cluster> {
    const root = await mkdtemp(path.join(tmpdir(), 'evmap-scale-'));
    const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 2_000 });
    let databaseUrl: string | undefined;
    const pgServerUrl = postgresServerUrl();
    try {
      await redis.connect().catch((error: Error) => {
        throw new Error(`npm run test:scale needs Redis at ${REDIS_URL} (TEST_REDIS_URL): ${error.message}`);
      });
      databaseUrl = await throwawayDatabase('create', pgServerUrl);
      if (!databaseUrl) {
        throw new Error(
          `npm run test:scale needs a PostgreSQL server at ${pgServerUrl} (TEST_DATABASE_URL names another one)`,
        );
      }
      const ports = new Set<number>();
      while (ports.size < 3) ports.add(await freePort());
      const [balancer, a, b] = [...ports] as [number, number, number];
      const prefix = `evmap-scale-${process.pid}-${randomBytes(4).toString('hex')}:`;
      const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
      await Promise.all(['mail', 'uploads', 'nginx', 'data-a', 'data-b'].map((dir) => mkdir(path.join(root, dir))));
      return new Cluster(
        root,
        databaseUrl,
        pgServerUrl,
        redis,
        prefix,
        pool,
        { balancer, a, b },
        randomBytes(36).toString('base64url'),
      );
    } catch (error) {
      redis.disconnect();
      if (databaseUrl) await throwawayDatabase('drop', pgServerUrl, databaseUrl);
      await rm(root, { recursive: true, force: true });
      throw error;
    }
  }

  /** The address of the balancer (the app's public address). */
  get url(): string {
    return `http://127.0.0.1:${this.ports.balancer}`;
  }

  /** The shape e2e/support/api.ts takes: calls go to `origin`, mails are read from the shared mail folder. */
  server(origin = this.url): TestServer {
    return { url: origin, dataDir: this.root, output: () => this.output(), stop: async () => undefined };
  }

  instance(name: InstanceName): Instance {
    const instance = this.instances.get(name);
    if (!instance) throw new Error(`instance ${name} was not started`);
    return instance;
  }

  other(name: InstanceName): Instance {
    return this.instance(name === 'a' ? 'b' : 'a');
  }

  /** The instance behind an X-Upstream value ("127.0.0.1:port", or several when nginx tried more than one). */
  nameOf(upstream: string | null | undefined): InstanceName | undefined {
    const port = Number(upstream?.split(',').at(-1)?.trim().split(':').at(-1));
    if (port === this.ports.a) return 'a';
    if (port === this.ports.b) return 'b';
    return undefined;
  }

  /** Starts an instance of the production build; resolves once its health check answers 200. */
  async startInstance(name: InstanceName, env: Record<string, string> = {}): Promise<Instance> {
    if (this.instances.get(name)?.running) throw new Error(`instance ${name} is already running`);
    const port = this.ports[name];
    const child = spawn(process.execPath, [SERVER_BUNDLE], {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH,
        ...(process.env.TZ ? { TZ: process.env.TZ } : {}),
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        APP_URL: this.url,
        TRUST_PROXY: '127.0.0.1',
        DATABASE_URL: this.databaseUrl,
        JWT_SECRET: this.jwtSecret,
        REDIS_URL,
        REDIS_KEY_PREFIX: this.redisPrefix,
        DATA_DIR: path.join(this.root, `data-${name}`),
        UPLOADS_DIR: path.join(this.root, 'uploads'),
        MAIL_DIR: path.join(this.root, 'mail'),
        WEB_DIST: path.dirname(WEB_INDEX),
        RENEWAL_INTERVAL_MS: '0',
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const instance = new Instance(name, port, child);
    track(instance);
    this.instances.set(name, instance);
    const deadline = Date.now() + START_TIMEOUT_MS;
    while (!(await answers(`${instance.url}${urlOf(globalsRoutes.health)}`))) {
      if (!instance.running) throw new Error(`instance ${name} exited before it was ready:\n${instance.output()}`);
      if (Date.now() > deadline) throw new Error(`instance ${name} was not ready in time:\n${instance.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return instance;
  }

  /** Starts nginx in front of both instances' ports (running or not); resolves once it answers. */
  async startBalancer(): Promise<void> {
    const dir = path.join(this.root, 'nginx');
    const conf = path.join(dir, 'nginx.conf');
    await writeFile(conf, nginxConfig(dir, this.ports));
    const child = track(
      new Child(
        spawn(NGINX, ['-p', `${dir}/`, '-c', conf, '-e', path.join(dir, 'error.log')], {
          stdio: ['ignore', 'pipe', 'pipe'],
        }),
      ),
    );
    this.balancer = child;
    await until(
      async () => {
        if (!child.running) throw new Error(`nginx exited:\n${child.output()}\n${await this.nginxLog()}`);
        return answers(`${this.url}/balancer-ready`);
      },
      'nginx',
      15_000,
    );
  }

  /** The balancer and both instances, started together (the instances at the same moment). */
  static async start(env: Record<string, string> = {}): Promise<Cluster> {
    const cluster = await Cluster.create();
    try {
      await Promise.all([cluster.startInstance('a', env), cluster.startInstance('b', env)]);
      await cluster.startBalancer();
      return cluster;
    } catch (error) {
      await cluster.close();
      throw error;
    }
  }

  /** An API call (`path` under API_PREFIX) through the balancer, or straight to `options.origin`. */
  async call(method: string, apiPath: string, options: CallOptions = {}): Promise<Answer> {
    const { body, jwt, ip, origin = this.url, signal = AbortSignal.timeout(15_000) } = options;
    const response = await fetch(`${origin}${API_PREFIX}${apiPath}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(jwt ? { Authorization: `Bearer ${jwt}` } : {}),
        ...(ip ? { 'X-Forwarded-For': ip } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON
    }
    return {
      status: response.status,
      body: parsed,
      text,
      headers: response.headers,
      upstream: this.nameOf(response.headers.get('x-upstream')),
    };
  }

  /** What every process printed, for failure messages. */
  output(): string {
    const parts = [...this.instances.values()].map((i) => `--- instance ${i.name}:\n${i.output()}`);
    if (this.balancer) parts.push(`--- nginx:\n${this.balancer.output()}`);
    return parts.join('\n');
  }

  private async nginxLog(): Promise<string> {
    return readFile(path.join(this.root, 'nginx', 'error.log'), 'utf8').catch(() => '');
  }

  /** Stops every process, drops the database, deletes the Redis keys and the temporary folder. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const steps: Array<() => Promise<unknown>> = [
      () => Promise.all([...this.instances.values()].map((instance) => instance.stop('SIGTERM'))),
      async () => this.balancer?.stop('SIGTERM'),
      () => this.pool.end(),
      () => throwawayDatabase('drop', this.pgServerUrl, this.databaseUrl),
      () => deleteKeys(this.redis, this.redisPrefix),
      async () => this.redis.disconnect(),
      () => rm(this.root, { recursive: true, force: true }),
    ];
    const failures: unknown[] = [];
    for (const step of steps) await step().catch((error: unknown) => failures.push(error));
    if (failures.length > 0) throw new AggregateError(failures, 'the scale cluster was not fully torn down');
  }
}

/** The server the throwaway database is created on: TEST_DATABASE_URL's when given, else the local one. */
function postgresServerUrl(): string {
  const given = process.env.TEST_DATABASE_URL || process.env.CI_PG_URL;
  if (!given) return 'postgres://postgres@127.0.0.1:5432/postgres';
  const url = new URL(given);
  url.pathname = '/postgres';
  return url.toString();
}

/** `.ci/pg-throwaway.mjs create` (prints the new database's URL, or nothing) or `drop <url>`. */
async function throwawayDatabase(action: 'create' | 'drop', server: string, target?: string): Promise<string> {
  const script = path.join(REPO_ROOT, '.ci', 'pg-throwaway.mjs');
  const { stdout } = await promisify(execFile)(process.execPath, [script, action, ...(target ? [target] : [])], {
    cwd: REPO_ROOT,
    env: { ...process.env, CI_PG_URL: server },
  });
  return stdout.trim();
}

async function deleteKeys(redis: Redis, prefix: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
    if (keys.length > 0) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
}

/**
 * nginx as a city would run it in front of the instances (docs/deploying.md): round robin, HTTP/1.1 with
 * keep-alive to the instances, no buffering and a long read timeout for the live stream, and a draining (503) or
 * dead instance skipped. The visitor's address goes on in X-Forwarded-For; the instances trust 127.0.0.1 only, so
 * the tests (on loopback too) can play several visitors by sending their own X-Forwarded-For. X-Upstream tells the
 * tests which instance answered.
 */
function nginxConfig(dir: string, ports: { balancer: number; a: number; b: number }): string {
  const temp = (name: string) => path.join(dir, `${name}_temp`);
  const asRoot = process.getuid?.() === 0;
  return `# generated by scale/support/cluster.ts
daemon off;
worker_processes 1;
${asRoot ? 'user root;\n' : ''}pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'error.log')} warn;
events { worker_connections 1024; }
http {
  access_log ${path.join(dir, 'access.log')};
  client_body_temp_path ${temp('client_body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
  client_max_body_size 11m;
  upstream evmap {
    server 127.0.0.1:${ports.a} max_fails=1 fail_timeout=10s;
    server 127.0.0.1:${ports.b} max_fails=1 fail_timeout=10s;
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${ports.balancer};
    location = /balancer-ready { return 204; }
    location / {
      proxy_pass http://evmap;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_buffering off;
      proxy_read_timeout 1h;
      proxy_connect_timeout 2s;
      # A POST already sent to an instance that died is not sent again (it may have been written): the client sees
      # 502 and decides. One that could not be sent goes to the other instance.
      proxy_next_upstream error timeout http_502 http_503;
      proxy_next_upstream_tries 2;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`;
}

/** Whether nginx is installed where the suite looks for it. */
export function nginxInstalled(): boolean {
  return existsSync(NGINX);
}
