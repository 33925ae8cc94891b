import { existsSync } from 'node:fs';
import path from 'node:path';
import { CATEGORY_HANDLES, PROVINCES } from '@evmap/contract/enums';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app';
import { type BillingContext, createBillingApp } from '../../test/billing';
import { eventBody } from '../../test/events';
import { createFirstAdmin } from '../first-start';
import { imageKey } from '../lib/images';
import { type DemoSummary, loadDemoData } from './load-demo-data';
import { addDays, dayInZone } from './wall-clock';

let ctx: TestContext;
let summary: DemoSummary;
const now = new Date();

const rows = async <T>(query: ReturnType<typeof sql>) => (await ctx.db.execute(query)).rows as T[];

beforeAll(async () => {
  ctx = await createTestApp();
  summary = await loadDemoData(ctx.db, { storage: ctx.app.storage, now, payments: ctx.app.payments });
  // Visible in the test output: the first-start budget is about 5 s on 2 cores.
  console.warn(`loadDemoData: ${JSON.stringify(summary)}`);
});
afterAll(() => ctx.close());

async function signIn(email: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/public/auth/login',
    payload: { email, password: 'demo1234' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { jwt: string; user: Record<string, unknown> };
}

describe('demo accounts', () => {
  it('signs in every demo account with demo1234 and shows its plan and flags', async () => {
    expect(summary.users).toBe(7);
    const admin = await signIn('admin@demo.evmap.ca');
    expect(admin.user).toMatchObject({ isAdmin: true, type: 'event-manager' });
    const viewer = await signIn('viewer@demo.evmap.ca');
    expect(viewer.user).toMatchObject({ isAdmin: false, type: 'viewer', planType: null });

    const plans = { trial: 'trial', unit: 'unit', complete: 'complete', free: 'free-complete', canceled: 'canceled' };
    for (const [local, planType] of Object.entries(plans)) {
      const { jwt } = await signIn(`${local}@demo.evmap.ca`);
      const me = await ctx.app.inject({ url: '/api/v1/connected/me', headers: { authorization: `Bearer ${jwt}` } });
      const user = me.json().user;
      expect(user).toMatchObject({ type: 'event-manager', isAdmin: false, planType, unverifiedEmail: null });
      expect(user).toMatchObject({ country: 'CA', billingCountry: 'CA', acceptTerms: true });
      expect(user.phoneNumber).toMatch(/^\d{10}$/);
      for (const field of ['name', 'address', 'city', 'zipcode', 'state']) expect(user[field]).toBeTruthy();
      expect(user.billingAddress).toBe(user.address);
      expect(user.billingCity).toBe(user.city);
      expect(user.billingZipcode).toBe(user.zipcode);
      expect(user.billingState).toBe(user.state);
      if (planType === 'trial') {
        const months = (new Date(user.trialEndedAt).getTime() - now.getTime()) / (30.44 * 86_400_000);
        expect(months).toBeGreaterThan(3.9);
        expect(months).toBeLessThan(4.1);
      }
    }
  });

  it('stores lower-case emails with their search text', async () => {
    const users = await rows<{ email: string; search_text: string }>(sql`SELECT email, search_text FROM users`);
    for (const user of users) {
      expect(user.email).toBe(user.email.toLowerCase());
      expect(user.search_text).toContain(user.email);
    }
  });
});

/** Publishes a tomorrow's event as the demo account `email`; answers the response. */
async function publishAs(app: TestContext['app'], email: string) {
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/public/auth/login',
    payload: { email, password: 'demo1234' },
  });
  const headers = { authorization: `Bearer ${login.json().jwt}`, 'accept-language': 'en' };
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/connected/events',
    headers,
    payload: eventBody({ titleFr: `Démo ${email}` }),
  });
  return { res, headers };
}

describe('demo plans (issue 20: the unit account showed a card but could not publish)', () => {
  it('every plan it shows works: paid plans publish with their card, the complete one renews', async () => {
    const unit = await publishAs(ctx.app, 'unit@demo.evmap.ca');
    expect(unit.res.statusCode, unit.res.body).toBe(200);
    const invoices = await ctx.app.inject({ url: '/api/v1/connected/me/invoices', headers: unit.headers });
    expect(invoices.json().invoices).toHaveLength(1);
    for (const email of ['trial@demo.evmap.ca', 'complete@demo.evmap.ca', 'free@demo.evmap.ca']) {
      expect((await publishAs(ctx.app, email)).res.statusCode, email).toBe(200);
    }
    const canceled = await publishAs(ctx.app, 'canceled@demo.evmap.ca');
    expect(canceled.res.json()).toEqual({
      errors: { global: 'You do not have a subscription. Please select a plan to continue.' },
    });

    const complete = await publishAs(ctx.app, 'complete@demo.evmap.ca');
    const plan = await ctx.app.inject({ url: '/api/v1/connected/me/subscription', headers: complete.headers });
    expect(plan.json().subscription).toMatchObject({ planType: 'complete', status: 'active' });
    expect(new Date(plan.json().subscription.currentPeriodEnd).getTime()).toBeGreaterThan(now.getTime());
    const report = await ctx.app.billing.runJob(new Date(now.getTime() + 32 * 86_400_000));
    expect(report.renewed).toBe(1);
  });
});

describe('demo cards with Stripe', () => {
  let stripeCtx: BillingContext;
  beforeAll(async () => {
    stripeCtx = await createBillingApp('stripe');
    await loadDemoData(stripeCtx.db, { storage: stripeCtx.app.storage, now, payments: stripeCtx.app.payments });
  });
  afterAll(() => stripeCtx.close());

  it('saves the shown card at Stripe, so that the unit account publishes and is charged there', async () => {
    const unit = await publishAs(stripeCtx.app, 'unit@demo.evmap.ca');
    expect(unit.res.statusCode, unit.res.body).toBe(200);
    const cards = await stripeCtx.app.inject({ url: '/api/v1/connected/me/payment-methods', headers: unit.headers });
    expect(cards.json().paymentMethods).toEqual([expect.objectContaining({ brand: 'visa', last4: '4242' })]);
    expect([...stripeCtx.stripe!.invoices.values()].filter((i) => i.status === 'paid')).toHaveLength(1);
  });
});

describe('demo events', () => {
  it('creates 40+ events in every category, spread over the event-managers and provinces', async () => {
    expect(summary.events).toBeGreaterThanOrEqual(40);
    const byCategory = await rows<{ handle: string; n: number }>(sql`
      SELECT c.handle, count(*) AS n FROM events e JOIN categories c ON c.id = e.category_id GROUP BY c.handle`);
    expect(byCategory.map((r) => r.handle).sort()).toEqual([...CATEGORY_HANDLES].sort());
    for (const row of byCategory) expect(row.n).toBeGreaterThanOrEqual(4);
    const creators = await rows<{ plan_type: string }>(sql`
      SELECT DISTINCT u.plan_type FROM events e JOIN users u ON u.id = e.creator_id`);
    expect(creators).toHaveLength(5);
    const provinces = await rows<{ state: string }>(sql`SELECT DISTINCT state FROM events`);
    expect(provinces.length).toBeGreaterThanOrEqual(8);
  });

  it('stores consistent places, zones, handles and texts', async () => {
    const events = await rows<Record<string, string | number | boolean | null>>(sql`
      SELECT e.*, u.email AS creator_email FROM events e JOIN users u ON u.id = e.creator_id`);
    expect(new Set(events.map((e) => e.handle)).size).toBe(events.length);
    for (const e of events) {
      expect(e.country).toBe('CA');
      expect(e.time_zone).toBe(PROVINCES[e.state as keyof typeof PROVINCES]);
      expect(e.latitude).toBeGreaterThan(41.6);
      expect(e.latitude).toBeLessThan(60);
      expect(e.longitude).toBeGreaterThan(-141);
      expect(e.longitude).toBeLessThan(-52);
      expect(e.handle).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(e.search_text).toContain(String(e.creator_email));
      expect(e.price).toBeTruthy();
    }
    expect(events.filter((e) => e.title_en === null).length).toBeGreaterThanOrEqual(3);
    expect(events.filter((e) => e.recurring === 'weekly').length).toBeGreaterThanOrEqual(2);
  });

  it('has dates on the quarter hour, each ending 15+ minutes after its start and at most the next day', async () => {
    const dates = await rows<{ start_date: string; end_date: string; late: boolean; far: boolean }>(sql`
      SELECT start_date, end_date,
        end_date < start_date + interval '15 minutes' AS late,
        end_date::date > start_date::date + 1 AS far
      FROM event_dates`);
    for (const d of dates) {
      expect(d.start_date).toMatch(/^\d{4}-\d\d-\d\d \d\d:(00|15|30|45):00$/);
      expect(d.end_date).toMatch(/^\d{4}-\d\d-\d\d \d\d:(00|15|30|45):00$/);
      expect(d.late || d.far).toBe(false);
    }
  });

  it('makes every day of the day picker searchable, in Montréal and in several other cities', async () => {
    const montrealToday = dayInZone(now, 'America/Toronto');
    for (let offset = 0; offset < 7; offset++) {
      const day = addDays(montrealToday, offset);
      const [montreal] = await rows<{ n: number }>(sql`
        SELECT count(*) AS n FROM event_days
        WHERE day = ${day} AND latitude BETWEEN 45 AND 46 AND longitude BETWEEN -74 AND -73`);
      expect(montreal!.n, `Montréal on ${day}`).toBeGreaterThanOrEqual(1);
      // Other cities, each on its own local "today + offset".
      const cities = await rows<{ city: string }>(sql`
        SELECT DISTINCT e.city FROM event_days d JOIN events e ON e.id = d.event_id
        WHERE d.day = (${now.toISOString()}::timestamptz AT TIME ZONE e.time_zone)::date + ${offset}::int
          AND e.city <> 'Montréal'`);
      expect(cities.length, `other cities on day +${offset}`).toBeGreaterThanOrEqual(4);
    }
  });

  it('keeps the past and the inactive events out of the search index', async () => {
    const [past] = await rows<{ id: number; last_ends_at: string; time_zone: string }>(sql`
      SELECT id, last_ends_at, time_zone FROM events
      WHERE last_ends_at < (${now.toISOString()}::timestamptz AT TIME ZONE time_zone) - interval '7 days'`);
    expect(past).toBeDefined();
    const [inactive] = await rows<{ id: number }>(sql`SELECT id FROM events WHERE NOT active`);
    expect(inactive).toBeDefined();
    // The index keeps an event's past days; what matters is that none is in the day picker's 7 days.
    const upcoming = await rows<{ event_id: number }>(sql`
      SELECT DISTINCT d.event_id FROM event_days d JOIN events e ON e.id = d.event_id
      WHERE d.event_id = ${past!.id} AND d.day >= (${now.toISOString()}::timestamptz AT TIME ZONE e.time_zone)::date`);
    expect(upcoming).toEqual([]);
    const inactiveDays = await rows<{ event_id: number }>(
      sql`SELECT event_id FROM event_days WHERE event_id = ${inactive!.id}`,
    );
    expect(inactiveDays).toEqual([]);
    const [missing] = await rows<{ n: number }>(sql`
      SELECT count(*) AS n FROM events e
      WHERE e.active AND e.last_ends_at >= (${now.toISOString()}::timestamptz AT TIME ZONE e.time_zone)
        AND NOT EXISTS (SELECT 1 FROM event_days d WHERE d.event_id = e.id)`);
    expect(missing!.n).toBe(0);
  });

  it('stores a cover per event whose files exist for every listed width', async () => {
    const images = await rows<{ event_id: number; image_path: string; formats: number[]; order_idx: number }>(sql`
      SELECT event_id, image_path, formats, order_idx FROM event_images`);
    expect(images).toHaveLength(summary.events);
    expect(new Set(images.map((i) => i.image_path)).size).toBe(images.length);
    for (const image of images) {
      expect(image.order_idx).toBe(0);
      expect(image.formats).toEqual([100, 124, 512, 1440]);
      for (const width of image.formats) {
        expect(existsSync(path.join(ctx.config.uploadsDir, imageKey(image.image_path, width)))).toBe(true);
      }
    }
  });

  it('gives the demo viewer a few favourites', async () => {
    const [fav] = await rows<{ n: number }>(sql`
      SELECT count(*) AS n FROM favorites f JOIN users u ON u.id = f.user_id WHERE u.email = 'viewer@demo.evmap.ca'`);
    expect(fav!.n).toBe(3);
  });

  it('gives several upcoming events accessibility attributes, found by the filters (issue 24)', async () => {
    const marked = await rows<{ handle: string }>(sql`SELECT handle FROM events WHERE access <> 0`);
    expect(marked.length).toBeGreaterThanOrEqual(5);
    const symphony = await ctx.app.inject('/api/v1/public/events/handle-or-uuid/les-grandes-symphonies-de-beethoven');
    expect(symphony.json().event.accessibility).toEqual({
      stepFree: 'yes',
      features: ['washroom', 'assistiveListening', 'companionFree'],
      noteFr: 'Places pour fauteuils roulants au parterre, entrée par la rue Saint-Urbain.',
      noteEn: 'Wheelchair spaces in the orchestra; entrance on Saint-Urbain Street.',
    });
    // Every searchable day of a marked event carries its mask, so the filters find it.
    const [stale] = await rows<{ n: number }>(sql`
      SELECT count(*) AS n FROM event_days d JOIN events e ON e.id = d.event_id WHERE d.access <> e.access`);
    expect(stale!.n).toBe(0);
    const [filtered] = await rows<{ n: number }>(
      sql`SELECT count(DISTINCT event_id) AS n FROM event_days WHERE access & 1 = 1`,
    );
    expect(filtered!.n).toBeGreaterThanOrEqual(4);
  });

  it('still lists the six categories', async () => {
    const res = await ctx.app.inject('/api/v1/public/globals');
    expect(res.json().categories).toHaveLength(6);
  });
});

describe('with an administrator from ADMIN_EMAIL', () => {
  let other: TestContext;
  beforeAll(async () => {
    other = await createTestApp();
    await createFirstAdmin(other.db, 'owner@example.com', 'owner-password');
    await loadDemoData(other.db, { storage: other.app.storage, now });
  });
  afterAll(() => other.close());

  it('keeps user 1 and creates the demo administrator as another user', async () => {
    const admins = (await other.db.execute(sql`SELECT id, email FROM users WHERE is_admin ORDER BY id`)).rows as Array<{
      id: number;
      email: string;
    }>;
    expect(admins).toEqual([
      { id: 1, email: 'owner@example.com' },
      { id: expect.any(Number), email: 'admin@demo.evmap.ca' },
    ]);
    expect(admins[1]!.id).toBeGreaterThan(1);
  });
});
