import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createUser } from '../../../test/accounts';
import { createTestApp, type TestContext } from '../../../test/app';
import { eventBody } from '../../../test/events';
import type { UserRow } from '../../plugins/auth';
import { SIGNAL_LIMIT } from './signals.service';

let ctx: TestContext;
let owner: UserRow;
let other: UserRow;
let viewer: UserRow;
let admin: UserRow;
beforeAll(async () => {
  // Visitors are told apart by X-Forwarded-For, as behind a proxy on this machine.
  ctx = await createTestApp({ env: { TRUST_PROXY: 'loopback' } });
  owner = await createUser(ctx, 'event-manager');
  other = await createUser(ctx, 'event-manager');
  viewer = await createUser(ctx, 'viewer');
  admin = await createUser(ctx, 'admin');
});
afterAll(() => ctx.close());

type Created = { id: number; uuid: string };
const createEvent = async (): Promise<Created> => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/connected/events',
    headers: authHeaders(ctx.app, owner),
    payload: eventBody(),
  });
  return res.json().event;
};
const signal = (uuid: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: `/api/v1/public/events/${uuid}/signal`, headers });
const clear = (id: number | string, user?: UserRow, lang = 'en') =>
  ctx.app.inject({
    method: 'DELETE',
    url: `/api/v1/connected/admin/events/${id}/signals`,
    headers: user ? authHeaders(ctx.app, user, lang) : { 'accept-language': lang },
  });
const signaledCount = async (uuid: string): Promise<number> =>
  (await ctx.app.inject(`/api/v1/public/events/handle-or-uuid/${uuid}`)).json().event.signaledCount;
const eventsVersion = async (): Promise<string | undefined> =>
  (await ctx.db.execute<{ value: string }>(sql`SELECT value FROM app_meta WHERE key = 'events_version'`)).rows[0]
    ?.value;

describe('POST /public/events/{uuid}/signal', () => {
  it('counts one report per address, whatever X-Session-Id says', async () => {
    const event = await createEvent();
    const ip = { 'x-forwarded-for': '198.51.100.20' };
    for (let n = 0; n < 5; n++) {
      const res = await signal(event.uuid, { ...ip, 'x-session-id': randomUUID() });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
    }
    expect(await signaledCount(event.uuid)).toBe(1);
    await signal(event.uuid, ip);
    expect(await signaledCount(event.uuid)).toBe(1);
    await signal(event.uuid, { 'x-forwarded-for': '198.51.100.21', 'x-session-id': randomUUID() });
    expect(await signaledCount(event.uuid)).toBe(2);
    // One IPv6 subscriber (a /64) is one address.
    await signal(event.uuid, { 'x-forwarded-for': '2001:db8:5:6::1' });
    await signal(event.uuid, { 'x-forwarded-for': '2001:db8:5:6:ffff::2' });
    expect(await signaledCount(event.uuid)).toBe(3);
  });

  it('counts a signed-in user once, from any address, and still one per address', async () => {
    const event = await createEvent();
    const as = (user: UserRow, address: string) => ({
      ...authHeaders(ctx.app, user),
      'x-forwarded-for': address,
      'x-session-id': randomUUID(),
    });
    await signal(event.uuid, as(viewer, '192.0.2.70'));
    expect(await signaledCount(event.uuid)).toBe(1);
    await signal(event.uuid, as(viewer, '192.0.2.71'));
    await signal(event.uuid, as(viewer, '192.0.2.72'));
    expect(await signaledCount(event.uuid)).toBe(1);
    // Another account from an address that already reported adds nothing either.
    await signal(event.uuid, as(other, '192.0.2.70'));
    expect(await signaledCount(event.uuid)).toBe(1);
    await signal(event.uuid, as(admin, '192.0.2.73'));
    expect(await signaledCount(event.uuid)).toBe(2);
    // A token that does not check out counts as none: the address decides.
    const stale = await signal(event.uuid, { authorization: 'Bearer nope', 'x-forwarded-for': '192.0.2.74' });
    expect(stale.statusCode).toBe(204);
    expect(await signaledCount(event.uuid)).toBe(3);
  });

  it('counts concurrent reports from one address once', async () => {
    const event = await createEvent();
    const sent = await Promise.all(
      Array.from({ length: 8 }, () =>
        signal(event.uuid, { 'x-forwarded-for': '192.0.2.90', 'x-session-id': randomUUID() }),
      ),
    );
    expect(sent.map((res) => res.statusCode)).toEqual(Array(8).fill(204));
    expect(await signaledCount(event.uuid)).toBe(1);
  });

  it('never stores an address, and tells maps only when the count changed', async () => {
    const event = await createEvent();
    const before = await eventsVersion();
    await signal(event.uuid, { 'x-forwarded-for': '192.0.2.55' });
    const after = await eventsVersion();
    expect(Number(after)).toBe(Number(before) + 1);
    await signal(event.uuid, { 'x-forwarded-for': '192.0.2.55' });
    expect(await eventsVersion()).toBe(after);
    const keys = await ctx.db.execute<{ visitor_key: string }>(
      sql`SELECT visitor_key FROM event_signals WHERE event_id = ${event.id}`,
    );
    expect(keys.rows).toHaveLength(1);
    expect(keys.rows[0]!.visitor_key).toMatch(/^ip:[0-9a-f]{64}$/);
    expect(keys.rows[0]!.visitor_key).not.toContain('192.0.2.55');
  });

  it('is open to every visitor, signed in or not', async () => {
    const event = await createEvent();
    const users = [undefined, viewer, owner, other, admin];
    for (const [n, user] of users.entries()) {
      const headers = { ...(user ? authHeaders(ctx.app, user) : {}), 'x-forwarded-for': `203.0.113.${40 + n}` };
      expect((await signal(event.uuid, headers)).statusCode).toBe(204);
    }
    expect(await signaledCount(event.uuid)).toBe(5);
  });

  it('answers 404 for unknown, malformed, inactive and deleted events', async () => {
    const missing = await signal('5b6f0f8e-0000-4000-8000-000000000000', { 'accept-language': 'fr' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ errors: { global: 'Introuvable' } });
    expect((await signal('nope')).json()).toEqual({ errors: { global: 'Not found' } });
    const inactive = await createEvent();
    await ctx.db.execute(sql`UPDATE events SET active = false WHERE id = ${inactive.id}`);
    expect((await signal(inactive.uuid)).statusCode).toBe(404);
    const deleted = await createEvent();
    await ctx.db.execute(sql`UPDATE events SET deleted_at = now() WHERE id = ${deleted.id}`);
    expect((await signal(deleted.uuid)).statusCode).toBe(404);
    const rows = await ctx.db.execute(
      sql`SELECT signaled_count FROM events WHERE id IN (${inactive.id}, ${deleted.id}) AND signaled_count > 0`,
    );
    expect(rows.rows).toEqual([]);
  });

  it(`limits each address to ${SIGNAL_LIMIT.limit} reports an hour`, async () => {
    const event = await createEvent();
    await ctx.db.execute(sql`INSERT INTO rate_limits (key, count, reset_at)
      VALUES ('signal-ip:203.0.113.9', ${SIGNAL_LIMIT.limit}, ${Date.now() + SIGNAL_LIMIT.windowMs})`);
    const limited = await signal(event.uuid, {
      'x-forwarded-for': '203.0.113.9',
      'x-session-id': randomUUID(),
      'accept-language': 'fr',
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ errors: { global: 'Trop de tentatives. Veuillez réessayer dans 60 minutes.' } });
    expect(await signaledCount(event.uuid)).toBe(0);
  });
});

describe('DELETE /connected/admin/events/{id}/signals', () => {
  it('needs a signed-in administrator', async () => {
    const event = await createEvent();
    const res = await clear(event.id);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ errors: { global: 'You must be signed in' } });
    for (const user of [viewer, owner, other]) {
      const refused = await clear(event.id, user);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ errors: { global: 'You are not allowed to do this' } });
    }
    expect((await clear(event.id, owner, 'fr')).json()).toEqual({
      errors: { global: "Vous n'êtes pas autorisé à faire ceci" },
    });
  });

  it('clears the reports after review: count 0, and visitors may report again', async () => {
    const event = await createEvent();
    const address = { 'x-forwarded-for': '198.51.100.80' };
    await signal(event.uuid, address);
    await signal(event.uuid, { 'x-forwarded-for': '198.51.100.81' });
    expect(await signaledCount(event.uuid)).toBe(2);
    const before = await eventsVersion();
    const res = await clear(event.id, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().event).toMatchObject({
      id: event.id,
      signaledCount: 0,
      creator: { id: owner.id, email: owner.email },
    });
    expect(Number(await eventsVersion())).toBe(Number(before) + 1);
    const rows = await ctx.db.execute(sql`SELECT 1 FROM event_signals WHERE event_id = ${event.id}`);
    expect(rows.rows).toEqual([]);
    await signal(event.uuid, address);
    expect(await signaledCount(event.uuid)).toBe(1);
  });

  it('answers 404 for unknown events and 400 for invalid ids', async () => {
    expect((await clear(999_999, admin, 'fr')).json()).toEqual({ errors: { global: 'Introuvable' } });
    expect((await clear('x1', admin)).json()).toEqual({ errors: { id: 'The id is invalid' } });
  });
});

describe('reasons of reports', () => {
  const report = (uuid: string, ip: string, payload: unknown, user?: UserRow, lang = 'en') =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/v1/public/events/${uuid}/signal`,
      headers: { 'x-forwarded-for': ip, ...(user ? authHeaders(ctx.app, user, lang) : { 'accept-language': lang }) },
      payload: payload as Record<string, unknown>,
    });
  const queue = async () =>
    (
      await ctx.app.inject({
        url: '/api/v1/connected/admin/moderation?limit=100',
        headers: authHeaders(ctx.app, admin),
      })
    ).json().events as Array<{ uuid: string; signalReasons: Array<{ reason: string; count: number }> }>;

  it("keeps each report's reason for the moderation queue, a signed-in report counted once", async () => {
    const event = await createEvent();
    expect((await report(event.uuid, '198.51.100.61', { reason: 'cancelled' })).statusCode).toBe(204);
    expect((await report(event.uuid, '198.51.100.62', { reason: 'cancelled' }, viewer)).statusCode).toBe(204);
    expect((await report(event.uuid, '198.51.100.63', { reason: 'spam' })).statusCode).toBe(204);
    // The spec's call, without a body: no reason.
    expect((await signal(event.uuid, { 'x-forwarded-for': '198.51.100.64' })).statusCode).toBe(204);
    const listed = (await queue()).find((e) => e.uuid === event.uuid);
    expect(listed?.signalReasons).toEqual([
      { reason: 'cancelled', count: 2 },
      { reason: 'spam', count: 1 },
      { reason: 'unspecified', count: 1 },
    ]);
    expect(await signaledCount(event.uuid)).toBe(4);
  });

  it("refuses a reason outside the list, in the request's language, and counts nothing", async () => {
    const event = await createEvent();
    const en = await report(event.uuid, '198.51.100.71', { reason: 'boring' });
    expect(en.statusCode).toBe(400);
    expect(Object.keys(en.json().errors)).toEqual(['reason']);
    const fr = await report(event.uuid, '198.51.100.71', { reason: 'boring' }, undefined, 'fr');
    expect(fr.statusCode).toBe(400);
    expect(fr.json().errors.reason).not.toBe(en.json().errors.reason);
    expect((await report(event.uuid, '198.51.100.71', { reason: 'spam', extra: 1 })).statusCode).toBe(400);
    expect(await signaledCount(event.uuid)).toBe(0);
  });
});
