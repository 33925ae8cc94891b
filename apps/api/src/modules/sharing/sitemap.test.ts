import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createUser } from '../../../test/accounts';
import { createTestApp, type TestContext } from '../../../test/app';
import { eventBody } from '../../../test/events';
import { listSitemapEvents, SITEMAP_MAX_URLS } from './sharing.repository';
import { buildSitemap } from './sitemap';

const APP_URL = 'https://evmap.example';
let ctx: TestContext;
let owner: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  ctx = await createTestApp({ env: { APP_URL } });
  owner = await createUser(ctx, 'event-manager');
});
afterAll(() => ctx.close());

async function createEvent(titleFr: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/connected/events',
    headers: authHeaders(ctx.app, owner),
    payload: eventBody({ titleFr }),
  });
  expect(res.statusCode).toBe(200);
  return res.json().event as { id: number; handle: string };
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);

describe('GET /sitemap.xml', () => {
  it('lists the home page and the active upcoming events only', async () => {
    const upcoming = await createEvent('À venir');
    const past = await createEvent('Passé');
    const inactive = await createEvent('Inactif');
    const deleted = await createEvent('Supprimé');
    await ctx.db.execute(sql`UPDATE events SET last_ends_at = '2020-01-01 00:00' WHERE id = ${past.id}`);
    await ctx.db.execute(sql`UPDATE events SET active = false WHERE id = ${inactive.id}`);
    await ctx.db.execute(sql`UPDATE events SET deleted_at = now() WHERE id = ${deleted.id}`);

    const res = await ctx.app.inject('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    expect(locs(res.body)).toEqual([`${APP_URL}/`, `${APP_URL}/events/${upcoming.handle}`]);
    expect(res.body).toMatch(
      new RegExp(
        `<loc>${APP_URL}/events/${upcoming.handle}</loc><lastmod>\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z</lastmod>`,
      ),
    );
    expect(res.body.trimEnd().endsWith('</urlset>')).toBe(true);
  });

  it('is bounded by the protocol limit', async () => {
    expect(SITEMAP_MAX_URLS).toBe(50_000);
    await createEvent('Encore un');
    expect(await listSitemapEvents(ctx.db, 1)).toHaveLength(1);
  });

  it('escapes the locations', () => {
    const xml = buildSitemap('https://a.example/x?y=1&z=2', [{ handle: 'a&b', lastmod: '2031-01-01T00:00:00Z' }]);
    expect(locs(xml)).toEqual(['https://a.example/x?y=1&amp;z=2/', 'https://a.example/x?y=1&amp;z=2/events/a%26b']);
  });
});
