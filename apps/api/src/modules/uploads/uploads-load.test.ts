/**
 * Large images uploaded at once (issue 15, item 7): resizing is queued (IMAGE_CONCURRENCY at a time, IMAGE_QUEUE
 * waiting), one more answers 503 with Retry-After, and the database keeps answering meanwhile. Real HTTP on
 * loopback; eight uploads of a 49-megapixel image (small on the wire, heavy to decode).
 */
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createUser } from '../../../test/accounts';
import { createTestApp, type TestContext } from '../../../test/app';
import { uploads } from '../../db/schema/uploads';
import type { UserRow } from '../../plugins/auth';

const PARALLEL = 8;
let ctx: TestContext;
let base: string;
let manager: UserRow;
let large: Buffer;

beforeAll(async () => {
  ctx = await createTestApp({ env: { IMAGE_CONCURRENCY: '1', IMAGE_QUEUE: '1' } });
  manager = await createUser(ctx, 'event-manager');
  base = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  large = await sharp({ create: { width: 7000, height: 7000, channels: 3, background: '#3a7bd5' } })
    .png()
    .toBuffer();
});
afterAll(() => ctx.close());

async function upload(lang: string) {
  const body = new FormData();
  body.append('folder', 'events');
  body.append('file', new Blob([large], { type: 'image/png' }), 'poster.png');
  const res = await fetch(`${base}/api/v1/connected/globals/upload`, {
    method: 'POST',
    headers: authHeaders(ctx.app, manager, lang),
    body,
    signal: AbortSignal.timeout(60_000),
  });
  return { lang, status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json() };
}

/** A profile read through the pool, and a brand-new connection to the database: both must answer. */
async function databaseAnswers(): Promise<boolean> {
  const me = await fetch(`${base}/api/v1/connected/me`, {
    headers: authHeaders(ctx.app, manager),
    signal: AbortSignal.timeout(10_000),
  });
  // The pool keeps its password non-enumerable (the embedded server has one): name it, or the spread drops it.
  const { options } = ctx.app.pool;
  const client = new pg.Client({ ...options, password: options.password, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    const { rows } = await client.query('SELECT 1 AS one');
    return me.status === 200 && rows[0]?.one === 1;
  } finally {
    await client.end();
  }
}

describe('parallel uploads of large images', () => {
  it('queues the resizing, answers 503 with Retry-After past the queue, and the database answers meanwhile', async () => {
    const before = (await ctx.db.select().from(uploads)).length;
    let settled = false;
    const answers = Promise.all(Array.from({ length: PARALLEL }, (_, i) => upload(i % 2 ? 'fr' : 'en'))).finally(() => {
      settled = true;
    });
    const checks: boolean[] = [];
    // A failing check is recorded, not thrown, so that the uploads in flight are awaited before the app closes.
    do checks.push(await databaseAnswers().catch(() => false));
    while (!settled && checks.length < 50);
    const results = await answers;

    expect(results.every((r) => r.status === 200 || r.status === 503)).toBe(true);
    const busy = results.filter((r) => r.status === 503);
    const stored = results.filter((r) => r.status === 200);
    expect(busy.length).toBeGreaterThan(0);
    expect(stored.length).toBeGreaterThanOrEqual(2);
    for (const r of busy) {
      expect(r.retryAfter).toBe('5');
      expect(r.body).toEqual({
        errors: {
          global:
            r.lang === 'fr'
              ? "Trop d'images sont en cours de traitement. Veuillez réessayer dans quelques secondes."
              : 'Too many images are being processed. Please try again in a few seconds.',
        },
      });
    }
    expect((await ctx.db.select().from(uploads)).length - before).toBe(stored.length);
    expect(checks.length).toBeGreaterThan(0);
    expect(checks.every(Boolean)).toBe(true);
    // Once the queue has drained, an upload goes through again.
    expect((await upload('en')).status).toBe(200);
  }, 120_000);
});
