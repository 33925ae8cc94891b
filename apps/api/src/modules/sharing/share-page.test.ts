import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createUser } from '../../../test/accounts';
import { createTestApp, type TestContext } from '../../../test/app';
import { eventBody } from '../../../test/events';
import { insertUpload } from '../uploads/uploads.repository';

const APP_URL = 'https://evmap.example';
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>EventMap</title>
    <meta
      name="description"
      content="Static description"
    />
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  ctx = await createTestApp({
    env: { APP_URL },
    prepare: (config) => {
      mkdirSync(config.webDist, { recursive: true });
      writeFileSync(path.join(config.webDist, 'index.html'), INDEX_HTML);
    },
  });
  owner = await createUser(ctx, 'event-manager', { name: 'Jazz & Co "Montréal"' });
});
afterAll(() => ctx.close());

async function createEvent(overrides: Record<string, unknown> = {}) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/connected/events',
    headers: authHeaders(ctx.app, owner),
    payload: eventBody(overrides),
  });
  expect(res.statusCode).toBe(200);
  return res.json().event as { id: number; uuid: string; handle: string };
}

type Tag = Record<string, string>;

const decode = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** A small reader of the head: its tags with decoded attributes, its title and its JSON-LD blocks. */
function readHead(html: string) {
  const head = html.slice(0, html.indexOf('</head>'));
  const tags = (name: string): Tag[] =>
    [...head.matchAll(new RegExp(`<${name}\\s([^>]*)>`, 'gi'))].map((m) =>
      Object.fromEntries([...(m[1] ?? '').matchAll(/([\w:-]+)="([^"]*)"/g)].map((a) => [a[1]!, decode(a[2]!)])),
    );
  const metas = tags('meta');
  const content = (key: string) => metas.filter((m) => m.property === key || m.name === key).map((m) => m.content);
  const titles = [...head.matchAll(/<title>([\s\S]*?)<\/title>/gi)].map((m) => decode(m[1]!));
  const scripts = [...head.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/gi)].map((m) => m[1]!);
  return { head, metas, links: tags('link'), content, titles, scripts, htmlTag: /<html[^>]*>/.exec(html)?.[0] };
}

const page = (handle: string, lang?: string) =>
  ctx.app.inject({ url: `/events/${handle}`, headers: lang ? { 'accept-language': lang } : {} });

describe('GET /events/{handleOrUuid}', () => {
  let event: { id: number; uuid: string; handle: string };
  beforeAll(async () => {
    await insertUpload(ctx.db, {
      userId: owner.id,
      folder: 'events',
      path: 'events/2030/01/cover',
      formats: [100, 124, 512, 1440],
    });
    event = await createEvent({
      titleFr: 'Soirée « jazz » </script><script>alert(1)</script> "quotes" & \'apostrophes\'',
      titleEn: 'Jazz night </script><script>alert(2)</script>',
      descriptionFr: 'Concert en plein air.\nApportez une chaise.',
      descriptionEn: '',
      price: '25 $',
      dates: [{ startDate: '2031-01-15 18:00:00', endDate: '2031-01-15 21:00:00' }],
      images: [{ imagePath: 'events/2030/01/cover', orderIdx: 0 }],
    });
  });

  it('serves the app with the event tags in French', async () => {
    const res = await page(event.handle, 'fr-CA,fr;q=0.9');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    const head = readHead(res.body);
    const title = 'Soirée « jazz » </script><script>alert(1)</script> "quotes" & \'apostrophes\'';
    expect(head.htmlTag).toBe('<html lang="fr">');
    expect(head.titles).toEqual([`${title} | EventMap`]);
    expect(head.content('og:title')).toEqual([title]);
    expect(head.content('twitter:title')).toEqual([title]);
    expect(head.content('og:locale')).toEqual(['fr_CA']);
    expect(head.content('og:type')).toEqual(['website']);
    expect(head.content('og:url')).toEqual([`${APP_URL}/events/${event.handle}`]);
    expect(head.content('og:image')).toEqual([`${APP_URL}/uploads/events/2030/01/cover/1440.jpg`]);
    expect(head.content('twitter:card')).toEqual(['summary_large_image']);
    expect(head.content('twitter:image')).toEqual([`${APP_URL}/uploads/events/2030/01/cover/1440.jpg`]);
    expect(head.links.filter((l) => l.rel === 'canonical')).toEqual([
      { rel: 'canonical', href: `${APP_URL}/events/${event.handle}` },
    ]);
    // The static description is replaced, not duplicated.
    const description = head.content('description');
    expect(description).toHaveLength(1);
    expect(description[0]).toContain('mercredi 15 janvier 2031');
    expect(description[0]).toContain('Montréal');
    expect(description[0]).toContain('Concert en plein air. Apportez une chaise.');
    expect(head.content('og:description')).toEqual(description);
    // The app's own script is still there, after the tags.
    expect(res.body).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
  });

  it('escapes the title everywhere: no markup breaks out of attributes, title or JSON-LD', async () => {
    const res = await page(event.handle, 'fr');
    const head = readHead(res.body);
    expect(head.head.match(/<script/g)).toHaveLength(2); // the JSON-LD block and the app's module
    expect(res.body).not.toContain('alert(1)</script>');
    expect(head.scripts).toHaveLength(1);
    expect(head.scripts[0]).not.toMatch(/[<>]/);
    expect(head.scripts[0]).toContain('\\u003c/script\\u003e\\u003cscript\\u003ealert(1)');
  });

  it('describes the event as a schema.org Event with offsets of its zone', async () => {
    const res = await page(event.handle, 'fr');
    const data = JSON.parse(readHead(res.body).scripts[0]!);
    expect(data).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: 'Soirée « jazz » </script><script>alert(1)</script> "quotes" & \'apostrophes\'',
      description: 'Concert en plein air.\nApportez une chaise.',
      url: `${APP_URL}/events/${event.handle}`,
      inLanguage: 'fr-CA',
      startDate: '2031-01-15T18:00:00-05:00',
      endDate: '2031-01-15T21:00:00-05:00',
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      location: {
        '@type': 'Place',
        name: '1260 Rue Sherbrooke O',
        address: {
          '@type': 'PostalAddress',
          streetAddress: '1260 Rue Sherbrooke O',
          addressLocality: 'Montréal',
          postalCode: 'H3G 1H2',
          addressRegion: 'QC',
          addressCountry: 'CA',
        },
        geo: { '@type': 'GeoCoordinates', latitude: 45.4986, longitude: -73.5794 },
      },
      image: [`${APP_URL}/uploads/events/2030/01/cover/1440.jpg`],
      offers: {
        '@type': 'Offer',
        url: `${APP_URL}/events/${event.handle}`,
        description: '25 $',
        price: 25,
        priceCurrency: 'CAD',
      },
      organizer: { '@type': 'Organization', name: 'Jazz & Co "Montréal"' },
    });
  });

  it('answers in English with French fallbacks for other languages', async () => {
    for (const lang of ['en-CA', 'de', undefined]) {
      const res = await page(event.handle, lang);
      const head = readHead(res.body);
      expect(head.htmlTag).toBe('<html lang="en">');
      expect(head.content('og:title')).toEqual(['Jazz night </script><script>alert(2)</script>']);
      expect(head.content('og:locale')).toEqual(['en_CA']);
      expect(head.content('description')[0]).toContain('Wednesday, January 15, 2031');
      // No English description: the French one.
      expect(head.content('description')[0]).toContain('Concert en plein air.');
      const data = JSON.parse(head.scripts[0]!);
      expect(data.inLanguage).toBe('en-CA');
      expect(data.description).toBe('Concert en plein air.\nApportez une chaise.');
    }
  });

  it('finds the event by uuid too, with the canonical handle URL', async () => {
    const res = await page(event.uuid, 'en');
    expect(readHead(res.body).content('og:url')).toEqual([`${APP_URL}/events/${event.handle}`]);
  });

  it('keeps the security headers of the app page (the JSON-LD block is data, not script)', async () => {
    const [shared, home] = await Promise.all([page(event.handle, 'en'), ctx.app.inject('/')]);
    expect(shared.headers['content-security-policy']).toBeTruthy();
    expect(shared.headers['content-security-policy']).toBe(home.headers['content-security-policy']);
    expect(shared.headers['content-security-policy']).toContain("script-src 'self'");
    expect(shared.headers['content-security-policy']).not.toContain("unsafe-inline'; script");
    expect(shared.headers['x-content-type-options']).toBe(home.headers['x-content-type-options']);
  });

  it('uses the largest image when 1440 is missing, and a summary card without image', async () => {
    await insertUpload(ctx.db, {
      userId: owner.id,
      folder: 'events',
      path: 'events/2030/01/small',
      formats: [100, 124],
    });
    const small = await createEvent({ titleFr: 'Petit', images: [{ imagePath: 'events/2030/01/small', orderIdx: 0 }] });
    const bare = await createEvent({
      titleFr: 'Sans image',
      price: null,
      address: null,
      latitude: null,
      longitude: null,
    });
    expect(readHead((await page(small.handle)).body).content('og:image')).toEqual([
      `${APP_URL}/uploads/events/2030/01/small/124.jpg`,
    ]);
    const head = readHead((await page(bare.handle)).body);
    expect(head.content('og:image')).toEqual([]);
    expect(head.content('twitter:card')).toEqual(['summary']);
    const data = JSON.parse(head.scripts[0]!);
    expect(data.image).toBeUndefined();
    expect(data.offers).toBeUndefined();
    expect(data.location.geo).toBeUndefined();
    expect(data.location.address.addressLocality).toBe('Montréal');
  });

  it('serves the plain app for unknown, inactive and deleted events', async () => {
    const inactive = await createEvent({ titleFr: 'Inactif' });
    const deleted = await createEvent({ titleFr: 'Supprimé' });
    await ctx.db.execute(sql`UPDATE events SET active = false WHERE id = ${inactive.id}`);
    await ctx.db.execute(sql`UPDATE events SET deleted_at = now() WHERE id = ${deleted.id}`);
    for (const handle of ['no-such-event', inactive.handle, deleted.handle, '00000000-0000-4000-8000-000000000000']) {
      const res = await page(handle, 'fr');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(INDEX_HTML);
    }
  });
});
