/**
 * Charges survive a crash at any point (issue 20): a real server process is killed (SIGKILL) before the payment
 * provider is asked, while it takes the payment, and after it answered but before the invoice is written; the
 * restarted server, asked again, charges exactly once, writes one invoice and applies what was bought. With the
 * fake Stripe and with the built-in provider, for the complete plan and for a unit publication.
 * Where the process stops is decided by the test, not by timing: requests held by the fake Stripe, a payment
 * waiting on a gate, or a table lock the server's statement waits on (seen in pg_stat_activity).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDb, createPool, type DbConnection } from '../src/db/client';
import { chargeIntents, localPayments } from '../src/db/schema/charge-intents';
import { events } from '../src/db/schema/events';
import { invoices } from '../src/db/schema/invoices';
import { subscriptions } from '../src/db/schema/subscriptions';
import { users } from '../src/db/schema/users';
import type { UserRow } from '../src/plugins/auth';
import { PASSWORD } from './accounts';
import type { TestContext } from './app';
import { billedManager, cardBody, PROVIDERS, STRIPE_ENV } from './billing';
import { cloneDatabase } from './database';
import { eventBody } from './events';
import { type FakeStripe, startFakeStripe } from './fake-stripe/server';
import { type ServerProcess, startServerProcess, waitReady } from './process';

/** DATABASE_URL for a connection (a URL already, or the embedded server's socket). */
function databaseUrl(connection: DbConnection): string {
  if (typeof connection === 'string') return connection;
  const url = new URL(`postgres://localhost:${connection.port}/${connection.database}`);
  url.username = String(connection.user);
  url.password = String(connection.password);
  const host = String(connection.host);
  if (host.startsWith('/')) url.searchParams.set('host', host);
  else url.hostname = host;
  return url.toString();
}

/** Waits until `check` answers something truthy (20 s at most). */
async function until<T>(check: () => Promise<T> | T, what: string): Promise<NonNullable<T>> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** What these tests read in the answers. */
type Answer = { jwt: string; user: { planType: string }; event: { id: number } };

const POINTS = ['before', 'during', 'after'] as const;
type Point = (typeof POINTS)[number];

describe.each(PROVIDERS)('charges across a crash (%s provider)', { timeout: 240_000 }, (provider) => {
  let connection: DbConnection;
  let drop: () => Promise<void>;
  let pool: pg.Pool;
  let ctx: TestContext;
  let stripe: FakeStripe | undefined;
  let server: ServerProcess | undefined;
  let env: Record<string, string>;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'evmap-crash-'));

  const start = async () => {
    server = await startServerProcess(dataDir, env);
    await waitReady(server);
  };
  const crash = async () => {
    server!.child.kill('SIGKILL');
    await server!.exited;
    server = undefined;
  };

  beforeAll(async () => {
    const database = await cloneDatabase(inject('dbServer'), inject('dbTemplate'));
    connection = database.connection;
    drop = database.drop;
    pool = createPool(connection, 3);
    ctx = { db: createDb(pool) } as TestContext;
    stripe = provider === 'stripe' ? await startFakeStripe() : undefined;
    env = {
      DATABASE_URL: databaseUrl(connection),
      JWT_SECRET: 'crash-test-secret-crash-test-secret-0123',
      RENEWAL_INTERVAL_MS: '0',
      ...(stripe ? { ...STRIPE_ENV, STRIPE_API_URL: stripe.url } : {}),
    };
    await start();
  });
  afterAll(async () => {
    if (server) await crash();
    await pool.end();
    await drop();
    await stripe?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function api(token: string | null, method: string, url: string, body?: unknown) {
    const res = await fetch(`${server!.url}/api/v1${url}`, {
      method,
      headers: {
        'content-type': 'application/json',
        'accept-language': 'en',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Answer };
  }

  /** An event-manager with a saved card, signed in on the running server. */
  async function customer(overrides: Partial<UserRow> = {}) {
    const user = await billedManager(ctx, overrides);
    const login = await api(null, 'POST', '/public/auth/login', { email: user.email, password: PASSWORD });
    expect(login.status).toBe(200);
    const token = login.body.jwt as string;
    expect((await api(token, 'POST', '/connected/me/payment-methods', cardBody(provider))).status).toBe(201);
    return { user, token };
  }

  /** A transaction of the test holding `table` so that the server's next write to it waits. */
  async function holdTable(table: string) {
    const client = new pg.Client(connection);
    client.on('error', () => undefined);
    await client.connect();
    await client.query('BEGIN');
    await client.query(`LOCK TABLE ${table} IN EXCLUSIVE MODE`);
    // Read outside the holding transaction: pg_stat_activity is a snapshot per transaction.
    const blocked = () =>
      until(async () => {
        const { rows } = await pool.query<{ pid: number }>(
          `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'
             AND pid <> $1`,
          [(client as unknown as { processID: number }).processID],
        );
        return rows[0]?.pid;
      }, `a statement waiting on ${table}`);
    return { client, blocked };
  }

  /**
   * Stops the server at `point` of the charge `send` starts: answers once the process is dead, with what to do
   * to let the outside world go on (the provider finishing a payment it had started, locks released). `settledIn`:
   * a table only the settlement writes (plan_changes for a plan, event_dates for a publication).
   */
  async function killAt(point: Point, send: () => Promise<unknown>, settledIn: string): Promise<() => Promise<void>> {
    const seen = stripe?.requests.length ?? 0;
    const newRequests = () => stripe!.requests.slice(seen);
    if (stripe && point !== 'after') {
      let open = () => {};
      if (point === 'before') stripe.holdRequests = true;
      else stripe.payGate = new Promise<void>((resolve) => (open = resolve));
      void send().catch(() => undefined);
      await until(
        () => newRequests().some((r) => (point === 'before' ? r.path === '/v1/invoices' : r.path.endsWith('/pay'))),
        `the ${point === 'before' ? 'first' : 'payment'} request at Stripe`,
      );
      await crash();
      return async () => {
        stripe!.holdRequests = false;
        stripe!.payGate = undefined;
        open();
        if (point === 'during') {
          // The payment the dead process had asked for goes through at Stripe.
          const pay = newRequests().find((r) => r.path.endsWith('/pay'))!;
          const invoiceId = pay.path.split('/')[3]!;
          await until(() => stripe!.invoices.get(invoiceId)?.status === 'paid', 'the payment at Stripe');
        }
      };
    }
    // The built-in provider writes its ledger; the settlement (the transaction that writes the invoice) writes
    // `settledIn`, which nothing before it touches: the server waits on the lock there.
    const ledger = async () => (await ctx.db.select().from(localPayments)).length;
    const paymentsBefore = await ledger();
    const hold = await holdTable(point === 'after' ? settledIn : 'local_payments');
    void send().catch(() => undefined);
    const pid = await hold.blocked();
    await crash();
    return async () => {
      // Before: the payment never reaches the provider. During: it is made, and its answer is lost.
      if (point !== 'during') await hold.client.query('SELECT pg_terminate_backend($1)', [pid]);
      await hold.client.query('ROLLBACK');
      await hold.client.end();
      if (point === 'during') await until(async () => (await ledger()) > paymentsBefore, 'the payment');
    };
  }

  const intentsOf = (userId: number) =>
    ctx.db.select().from(chargeIntents).where(eq(chargeIntents.userId, userId)).orderBy(asc(chargeIntents.id));
  const ledgerOf = async (keys: string[]) =>
    (await ctx.db.select().from(localPayments)).filter((p) => keys.includes(p.idempotencyKey));
  const invoicesOf = (userId: number) => ctx.db.select().from(invoices).where(eq(invoices.userId, userId));
  const userRow = async (id: number) => (await ctx.db.select().from(users).where(eq(users.id, id)))[0]!;

  /** Payments made at the provider for this user. */
  async function charges(user: UserRow): Promise<number> {
    if (stripe) {
      const customer = (await userRow(user.id)).providerCustomerId;
      return [...stripe.invoices.values()].filter((i) => i.customer === customer && i.status === 'paid').length;
    }
    const keys = (await intentsOf(user.id)).map((i) => `charge-intent-${i.id}`);
    return (await ledgerOf(keys)).length;
  }

  it.each(POINTS)('complete plan, killed %s the payment: the retry charges once and upgrades', async (point) => {
    const { user, token } = await customer();
    const upgrade = () => api(token, 'PUT', '/connected/me/plans', { planType: 'complete' });
    const resume = await killAt(point, upgrade, 'plan_changes');
    await resume();

    expect(await intentsOf(user.id)).toEqual([expect.objectContaining({ kind: 'plan', status: 'pending' })]);
    expect(await invoicesOf(user.id)).toEqual([]);
    expect((await userRow(user.id)).planType).toBe('trial');
    expect(await charges(user)).toBe(point === 'before' ? 0 : 1);

    await start();
    const retry = await upgrade();
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    expect(retry.body.user.planType).toBe('complete');
    expect(await charges(user)).toBe(1);
    const [invoice, ...more] = await invoicesOf(user.id);
    expect(more).toEqual([]);
    expect(invoice).toMatchObject({ status: 'paid', total: 4598, provider });
    const [intent] = await intentsOf(user.id);
    expect(intent).toMatchObject({ status: 'paid', invoiceId: invoice!.id });
    const subs = await ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(subs).toEqual([expect.objectContaining({ status: 'active', id: invoice!.subscriptionId })]);
    // Asked once more: already complete, nothing charged.
    expect((await upgrade()).status).toBe(200);
    expect(await charges(user)).toBe(1);
  });

  it.each(POINTS)('unit publication, killed %s the payment: the same request again publishes once', async (point) => {
    const { user, token } = await customer({ planType: 'unit', trialEndedAt: new Date() });
    const body = eventBody({ titleFr: `Publication interrompue ${point}` });
    const publish = () => api(token, 'POST', '/connected/events', body);
    const resume = await killAt(point, publish, 'event_dates');
    await resume();

    expect(await intentsOf(user.id)).toEqual([expect.objectContaining({ kind: 'publication', status: 'pending' })]);
    expect(await ctx.db.select().from(events).where(eq(events.creatorId, user.id))).toEqual([]);
    expect(await charges(user)).toBe(point === 'before' ? 0 : 1);

    await start();
    const retry = await publish();
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    const published = await ctx.db
      .select()
      .from(events)
      .where(and(eq(events.creatorId, user.id)));
    expect(published.map((e) => e.id)).toEqual([retry.body.event.id]);
    expect(await charges(user)).toBe(1);
    expect(await invoicesOf(user.id)).toEqual([
      expect.objectContaining({ status: 'paid', idempotencyKey: `publication:${retry.body.event.id}` }),
    ]);
  });
});
