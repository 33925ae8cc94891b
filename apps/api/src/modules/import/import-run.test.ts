/** Runs of import sources against PostgreSQL, their feeds served by a local HTTP server. */
import type { ImportKind } from '@evmap/contract/import';
import { parse as parseCsv } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/accounts';
import { createTestApp, type TestContext } from '../../../test/app';
import { type FeedServer, fixture, startFeedServer } from '../../../test/feed-server';
import { events } from '../../db/schema/events';
import { importLinks } from '../../db/schema/import-sources';
import type { UserRow } from '../../plugins/auth';
import { saveEvent } from '../events/event-write.service';
import { findEventById } from '../events/events.repository';
import { insertSource, type SourceRow } from './import.repository';
import { type ImportDeps, runDueSources, runSource } from './import.service';

const NOW = new Date('2027-03-01T12:00:00Z');
let ctx: TestContext;
let server: FeedServer;
let owner: UserRow;
let deps: ImportDeps;
const ics = fixture('venue.ics').toString();

beforeAll(async () => {
  ctx = await createTestApp({ env: { IMPORT_ALLOW_PRIVATE: '1' } });
  server = await startFeedServer();
  owner = await createUser(ctx, 'event-manager', { planType: null });
  deps = { db: ctx.db, fetchOptions: { allowPrivate: true } };
});
afterAll(async () => {
  await server.close();
  await ctx.close();
});

async function source(path: string, kind: ImportKind, publishAtOnce = true): Promise<SourceRow> {
  return insertSource(ctx.db, { name: path, kind, url: `${server.origin}${path}`, ownerId: owner.id, publishAtOnce });
}

const sourceEvents = (src: SourceRow) =>
  ctx.db
    .select({
      id: events.id,
      externalId: events.externalId,
      titleFr: events.titleFr,
      active: events.active,
      missed: events.importMissedRuns,
      creatorId: events.creatorId,
    })
    .from(events)
    .where(eq(events.importSourceId, src.id))
    .orderBy(events.externalId);

const counts = (run: {
  created: number;
  updated: number;
  unchanged: number;
  removed: number;
  rejected: number;
  linked: number;
}) => ({
  created: run.created,
  updated: run.updated,
  unchanged: run.unchanged,
  removed: run.removed,
  rejected: run.rejected,
  linked: run.linked,
});

describe('an iCalendar source', () => {
  let src: SourceRow;
  beforeAll(async () => {
    server.serve('/venue.ics', ics, 'text/calendar');
    src = await source('/venue.ics', 'icalendar');
  });

  it('creates its events under the organisation, lists the rejected records, and a second run changes nothing', async () => {
    const first = await runSource(deps, src, NOW);
    expect(first.status).toBe('succeeded');
    expect(counts(first)).toEqual({ created: 4, updated: 0, unchanged: 0, removed: 0, rejected: 3, linked: 0 });
    expect(first.rejections).toEqual([
      { externalId: null, reason: 'noStableId' },
      { externalId: 'annule@salle.example', reason: 'cancelled' },
      { externalId: 'sans-titre@salle.example', reason: 'titleFr: titleRequired' },
    ]);
    const imported = await sourceEvents(src);
    expect(imported.map((e) => [e.externalId, e.active, e.creatorId])).toEqual([
      ['conference-utc@salle.example', true, owner.id],
      ['festival@salle.example', true, owner.id],
      ['jazz-weekly@salle.example', true, owner.id],
      ['paris@salle.example', true, owner.id],
    ]);
    const jazz = await findEventById(ctx.db, imported[2]!.id);
    expect(jazz?.dates.map((d) => d.startDate)).toEqual([
      '2027-03-04 19:00:00',
      '2027-03-18 20:00:00',
      '2027-04-01 19:00:00',
      '2027-04-08 19:00:00',
    ]);
    const second = await runSource(deps, src, NOW);
    expect(counts(second)).toEqual({ created: 0, updated: 0, unchanged: 4, removed: 0, rejected: 3, linked: 0 });
  });

  it('updates a changed record and keeps the fields an administrator edited', async () => {
    const [conference] = await sourceEvents(src);
    const jazz = (await sourceEvents(src)).find((e) => e.externalId === 'jazz-weekly@salle.example')!;
    await ctx.db
      .update(events)
      .set({ titleFr: 'Soirée jazz (titre corrigé)', adminEditedFields: ['titleFr'] })
      .where(eq(events.id, jazz.id));
    server.serve(
      '/venue.ics',
      ics
        .replace('SUMMARY:Conférence en ligne et sur place', 'SUMMARY:Conférence sur place')
        .replace(
          'SUMMARY:Soirée jazz\r\nDESCRIPTION:Un quartet chaque jeudi.',
          'SUMMARY:Jazz!\r\nDESCRIPTION:Un trio.',
        ),
    );
    const run = await runSource(deps, src, NOW);
    expect(counts(run)).toMatchObject({ created: 0, updated: 2, unchanged: 2 });
    expect((await findEventById(ctx.db, conference!.id))?.titleFr).toBe('Conférence sur place');
    const edited = await findEventById(ctx.db, jazz.id);
    expect(edited).toMatchObject({ titleFr: 'Soirée jazz (titre corrigé)', descriptionFr: 'Un trio.' });
  });

  it('leaves everything as it was when the feed is truncated, and says why', async () => {
    const before = await sourceEvents(src);
    server.serve('/venue.ics', ics.slice(0, 1800), 'text/calendar');
    const run = await runSource(deps, src, NOW);
    expect(run).toMatchObject({ status: 'failed', created: 0, updated: 0, removed: 0 });
    expect(run.error).toMatch(/not a complete iCalendar file/);
    expect(await sourceEvents(src)).toEqual(before);
  });

  it('deactivates an event whose record is missing from two runs in a row, never deleting it', async () => {
    const withoutParis = ics.replace(/BEGIN:VEVENT\r\nUID:paris@[\s\S]*?END:VEVENT\r\n/, '');
    server.serve('/venue.ics', withoutParis, 'text/calendar');
    const once = await runSource(deps, src, NOW);
    expect(once.removed).toBe(0);
    expect((await sourceEvents(src)).find((e) => e.externalId === 'paris@salle.example')).toMatchObject({
      active: true,
      missed: 1,
    });
    const twice = await runSource(deps, src, NOW);
    expect(twice.removed).toBe(1);
    const paris = (await sourceEvents(src)).find((e) => e.externalId === 'paris@salle.example');
    expect(paris).toMatchObject({ active: false, missed: 2 });
    expect((await runSource(deps, src, NOW)).removed).toBe(0);
    // Back in the feed: on the map again.
    server.serve('/venue.ics', ics, 'text/calendar');
    expect((await runSource(deps, src, NOW)).updated).toBeGreaterThanOrEqual(1);
    expect((await sourceEvents(src)).find((e) => e.externalId === 'paris@salle.example')).toMatchObject({
      active: true,
      missed: 0,
    });
  });

  it('takes an event off the map at once when its source cancels it', async () => {
    const cancelledFestival = ics.replace(
      'SUMMARY:Festival de la neige',
      'SUMMARY:Festival de la neige\r\nSTATUS:CANCELLED',
    );
    server.serve('/venue.ics', cancelledFestival, 'text/calendar');
    const run = await runSource(deps, src, NOW);
    expect(run.removed).toBe(1);
    expect((await sourceEvents(src)).find((e) => e.externalId === 'festival@salle.example')).toMatchObject({
      active: false,
    });
    server.serve('/venue.ics', ics, 'text/calendar');
    await runSource(deps, src, NOW);
    expect((await sourceEvents(src)).find((e) => e.externalId === 'festival@salle.example')).toMatchObject({
      active: true,
      missed: 0,
    });
  });

  it('records a refused address as the run’s error when private addresses are not allowed', async () => {
    const run = await runSource({ ...deps, fetchOptions: { allowPrivate: false } }, src, NOW);
    expect(run).toMatchObject({ status: 'failed', created: 0 });
    expect(run.error).toMatch(/private address/);
  });
});

describe('a Montréal CSV source', () => {
  it('links a record to the same event typed by hand instead of creating another, and waits for moderation', async () => {
    const typed = await ctx.db.transaction((tx) =>
      saveEvent(tx, owner, {
        titleFr: "L'heure du conte",
        address: '5434 avenue du Parc',
        latitude: 45.5236,
        longitude: -73.6005,
        dates: [{ startDate: '2027-03-06 10:15:00', endDate: '2027-03-06 11:00:00' }],
        images: [],
        state: 'QC',
        country: 'CA',
      }),
    );
    server.serve('/montreal.csv', fixture('montreal.csv'), 'text/csv');
    const src = await source('/montreal.csv', 'montreal-csv', false);
    const run = await runSource(deps, src, NOW);
    expect(counts(run)).toEqual({ created: 1, updated: 0, unchanged: 0, removed: 0, rejected: 4, linked: 1 });
    expect(run.rejections.map((r) => r.reason)).toEqual([
      'online',
      'date_debut: dateTimeFormat',
      'noStableId',
      'titleFr: titleRequired',
    ]);
    const links = await ctx.db.select().from(importLinks).where(eq(importLinks.sourceId, src.id));
    expect(links).toMatchObject([{ externalId: '51234', eventId: typed.id, title: 'Heure du conte' }]);
    expect(await sourceEvents(src)).toMatchObject([{ externalId: '51235', active: false }]);
    expect(counts(await runSource(deps, src, NOW))).toEqual({
      created: 0,
      updated: 0,
      unchanged: 1,
      removed: 0,
      rejected: 4,
      linked: 1,
    });
  });
});

describe('duplicates', () => {
  it('links a record at the same normalised address and time, and creates one at another place', async () => {
    await ctx.db.execute(sql`UPDATE import_sources SET paused = true`);
    const typed = await ctx.db.transaction((tx) =>
      saveEvent(tx, owner, {
        titleFr: 'Grande vente de livres',
        address: 'Bibliothèque du Mile-End — 5434 avenue du Parc',
        latitude: null,
        longitude: null,
        dates: [{ startDate: '2027-03-07 14:00:00', endDate: null }],
        images: [],
        state: 'QC',
        country: 'CA',
      }),
    );
    const header = fixture('montreal.csv').toString().split('\n')[0];
    const csv = [
      header,
      '"Grande vente de livres",https://montreal.ca/evenements/vente-61001,"",2027-03-07T14:15:00,,Vente,Tous,Sur place,Non,Gratuit,Le Plateau-Mont-Royal,Bibliothèque du Mile End,"5434, avenue du Parc",,,,',
      '"Grande vente de livres",https://montreal.ca/evenements/vente-61002,"",2027-03-07T14:00:00,,Vente,Tous,Sur place,Non,Gratuit,Anjou,Centre Anjou,"7500, avenue Goncourt",,,45.6,-73.56',
    ].join('\n');
    server.serve('/duplicates.csv', csv, 'text/csv');
    const src = await source('/duplicates.csv', 'montreal-csv');
    expect(counts(await runSource(deps, src, NOW))).toEqual({
      created: 1,
      updated: 0,
      unchanged: 0,
      removed: 0,
      rejected: 0,
      linked: 1,
    });
    const links = await ctx.db.select().from(importLinks).where(eq(importLinks.sourceId, src.id));
    expect(links).toMatchObject([{ externalId: '61001', eventId: typed.id }]);
    expect(await sourceEvents(src)).toMatchObject([{ externalId: '61002' }]);
  });
});

describe('a Montréal CKAN datastore_search source', () => {
  const rows = parseCsv(fixture('montreal.csv'), { columns: true }) as Array<Record<string, string>>;
  const path = '/api/3/action/datastore_search';
  let asked: string[] = [];
  /** Answers like CKAN: `limit` records from `offset`, `_links.next` the following page; `fail` breaks one. */
  const ckan = (fail?: (offset: number) => string | undefined) =>
    server.route(path, (request, response) => {
      const query = new URL(request.url ?? '/', 'http://x').searchParams;
      const limit = Number(query.get('limit') ?? 100);
      const offset = Number(query.get('offset') ?? 0);
      asked.push(`${offset}+${limit}`);
      const broken = fail?.(offset);
      if (broken === '404') return response.writeHead(404).end();
      if (broken) return response.writeHead(200, { 'content-type': 'application/json' }).end(broken);
      const records = rows.slice(offset, offset + limit).map((row, i) => ({ _id: offset + i + 1, ...row }));
      const next = `${path}?resource_id=abc&limit=${limit}&offset=${offset + limit}`;
      const result = { resource_id: 'abc', records, total: rows.length, _links: { start: path, next } };
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ success: true, result }));
    });
  let src: SourceRow;
  beforeAll(async () => {
    await ctx.db.execute(sql`UPDATE import_sources SET paused = true`);
    src = await source(`${path}?resource_id=abc&limit=2`, 'montreal-ckan');
  });

  it('reads every page until the total, mapping the records as the CSV rows, and a second run changes nothing', async () => {
    asked = [];
    ckan();
    const run = await runSource(deps, src, NOW);
    expect(asked).toEqual(['0+2', '2+2', '4+2']);
    // As the CSV source: 51234 is the event typed by hand above (linked), 51235 created, four rejected.
    expect(counts(run)).toEqual({ created: 1, updated: 0, unchanged: 0, removed: 0, rejected: 4, linked: 1 });
    expect(await sourceEvents(src)).toMatchObject([{ externalId: '51235', titleFr: 'Exposition « Fleuves »' }]);
    expect(counts(await runSource(deps, src, NOW))).toMatchObject({ created: 0, updated: 0, unchanged: 1 });
  });

  it('asks 1,000 records a page when the URL does not say', async () => {
    asked = [];
    ckan();
    const whole = await source(`${path}?resource_id=abc`, 'montreal-ckan');
    expect((await runSource(deps, whole, NOW)).status).toBe('succeeded');
    expect(asked).toEqual(['0+1000']);
  });

  it('changes nothing when a page is missing or the API answers success:false', async () => {
    const before = await sourceEvents(src);
    ckan((offset) => (offset === 4 ? '404' : undefined));
    const missing = await runSource(deps, src, NOW);
    expect(missing).toMatchObject({ status: 'failed', created: 0, updated: 0, unchanged: 0, removed: 0 });
    expect(missing.error).toBe('the server answered 404');
    ckan((offset) =>
      offset === 2
        ? JSON.stringify({ success: false, error: { message: 'Not found', __type: 'Not Found Error' } })
        : undefined,
    );
    const refused = await runSource(deps, src, NOW);
    expect(refused).toMatchObject({ status: 'failed', unchanged: 0 });
    expect(refused.error).toBe('the CKAN API answered success:false: Not found');
    // Three refused runs: nothing counted as missing.
    expect(await sourceEvents(src)).toEqual(before);
  });

  it('checks every next link like any URL', async () => {
    const next = 'http://10.0.0.1/api/3/action/datastore_search?resource_id=abc&limit=2&offset=2';
    const result = { records: rows.slice(0, 2), total: rows.length, _links: { next } };
    ckan((offset) => (offset === 0 ? JSON.stringify({ success: true, result }) : undefined));
    // The local server allowed by its address, nothing else private.
    const strict = { ...deps, fetchOptions: { allowPrivate: false, allowAddresses: ['127.0.0.1'] } };
    const run = await runSource(strict, src, NOW);
    expect(run).toMatchObject({ status: 'failed', error: '10.0.0.1 is a private address', unchanged: 0 });
  });
});

describe('pictures', () => {
  const png = () =>
    sharp({ create: { width: 300, height: 200, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
  const vevent = (uid: string, attach: string) =>
    [
      'BEGIN:VEVENT',
      `UID:${uid}`,
      'DTSTAMP:20270101T000000Z',
      'DTSTART:20270310T230000Z',
      'DTEND:20270311T010000Z',
      `SUMMARY:Concert ${uid}`,
      'LOCATION:Salle Test, Montréal',
      'GEO:45.5;-73.6',
      attach,
      'END:VEVENT',
    ].join('\r\n');
  const calendar = (picture: string) =>
    [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//test//EN',
      vevent('png@test', `ATTACH;FMTTYPE=image/png:${server.origin}${picture}`),
      vevent('html@test', `ATTACH:${server.origin}/img/fake.png`),
      vevent('missing@test', `ATTACH;FMTTYPE=image/jpeg:${server.origin}/img/missing.jpg`),
      vevent('pdf@test', `ATTACH;FMTTYPE=application/pdf:${server.origin}/programme.pdf`),
      'END:VCALENDAR',
      '',
    ].join('\r\n');
  const asked: string[] = [];
  const image = async (externalId: string) => {
    const [row] = await ctx.db.select({ id: events.id }).from(events).where(eq(events.externalId, externalId));
    return (await findEventById(ctx.db, row!.id))?.images.map((i) => i.imagePath);
  };

  it('stores the first ATTACH that is a picture, imports the record without a bad one, and fetches nothing unchanged', async () => {
    await ctx.db.execute(sql`UPDATE import_sources SET paused = true`);
    const picture = await png();
    for (const name of ['/img/a.png', '/img/b.png', '/img/fake.png', '/img/missing.jpg', '/programme.pdf']) {
      server.route(name, (_request, response) => {
        asked.push(name);
        if (name === '/img/missing.jpg') return response.writeHead(404).end();
        if (name === '/img/fake.png') {
          return response.writeHead(200, { 'content-type': 'image/png' }).end('<html>Not a picture</html>');
        }
        response.writeHead(200, { 'content-type': 'image/png' }).end(picture);
      });
    }
    server.serve('/pictures.ics', calendar('/img/a.png'), 'text/calendar');
    const src = await source('/pictures.ics', 'icalendar');
    const withStorage = { ...deps, storage: ctx.app.storage };
    const first = await runSource(withStorage, src, NOW);
    expect(counts(first)).toEqual({ created: 4, updated: 0, unchanged: 0, removed: 0, rejected: 0, linked: 0 });
    expect(asked.sort()).toEqual(['/img/a.png', '/img/fake.png', '/img/missing.jpg']);
    const [stored] = (await image('png@test')) ?? [];
    expect(stored).toMatch(/^events\/\d{4}\/\d{2}\/[0-9a-f-]{36}$/);
    expect(await ctx.app.storage.get(`${stored}/124.jpg`)).toBeDefined();
    expect(await image('html@test')).toEqual([]);
    expect(await image('missing@test')).toEqual([]);
    expect(await image('pdf@test')).toEqual([]);

    asked.length = 0;
    expect(counts(await runSource(withStorage, src, NOW))).toMatchObject({ unchanged: 4, updated: 0 });
    expect(asked).toEqual([]);

    // Another picture URL: fetched, in place of the first.
    server.serve('/pictures.ics', calendar('/img/b.png'), 'text/calendar');
    expect(counts(await runSource(withStorage, src, NOW))).toMatchObject({ unchanged: 3, updated: 1 });
    expect(asked).toEqual(['/img/b.png']);
    const [replaced] = (await image('png@test')) ?? [];
    expect(replaced).toMatch(/^events\//);
    expect(replaced).not.toBe(stored);
  });
});

describe('geocoding', () => {
  it('places the new records that have an address and no coordinates, once per address', async () => {
    // The other sources paused: their events (the same records) are not duplicates to link to.
    await ctx.db.execute(sql`UPDATE import_sources SET paused = true`);
    server.serve('/geo.ics', ics, 'text/calendar');
    const src = await source('/geo.ics', 'icalendar');
    const asked: string[] = [];
    const geocode = async (query: string) => {
      asked.push(query);
      return { latitude: 46.81, longitude: -71.21 };
    };
    await runSource({ ...deps, geocode }, src, NOW);
    expect(asked).toEqual(['Bibliothèque centrale, Québec']);
    const conference = (await sourceEvents(src)).find((e) => e.externalId === 'conference-utc@salle.example');
    expect(await findEventById(ctx.db, conference!.id)).toMatchObject({ latitude: 46.81, longitude: -71.21 });
    // Unchanged on the next run: not asked again, left as it is.
    expect(counts(await runSource({ ...deps, geocode }, src, NOW))).toMatchObject({ unchanged: 4 });
    expect(asked).toHaveLength(1);
  });
});

describe('the scheduler', () => {
  it('runs each due source once, claimed by one instance, and moves its next run on', async () => {
    await ctx.db.execute(sql`UPDATE import_sources SET paused = true`);
    server.serve('/due.ics', ics, 'text/calendar');
    const due = await source('/due.ics', 'icalendar');
    const [a, b] = await Promise.all([runDueSources(deps, NOW), runDueSources(deps, NOW)]);
    expect(a.runs + b.runs).toBe(1);
    const next = await ctx.db.execute<{ at: string }>(
      sql`SELECT next_run_at > now() + interval '23 hours' AS at FROM import_sources WHERE id = ${due.id}`,
    );
    expect(next.rows[0]?.at).toBe(true);
  });
});

describe('the language of a source', () => {
  it('fills English from an English source, French keeping the original marked "not translated"', async () => {
    server.serve('/toronto-en.json', fixture('toronto.json').toString(), 'application/json');
    const src = await insertSource(ctx.db, {
      name: 'Toronto (English)',
      kind: 'toronto-json',
      url: `${server.origin}/toronto-en.json`,
      ownerId: owner.id,
      publishAtOnce: true,
      language: 'en',
    });
    expect((await runSource(deps, src, NOW)).status).toBe('succeeded');
    const [row] = await ctx.db
      .select({ uuid: events.uuid })
      .from(events)
      .where(sql`${events.importSourceId} = ${src.id} AND ${events.externalId} = '90002'`);
    const answer = await ctx.app.inject({ method: 'GET', url: `/api/v1/public/events/handle-or-uuid/${row!.uuid}` });
    expect(answer.statusCode).toBe(200);
    const event = answer.json().event;
    expect([event.titleFr, event.titleEn]).toEqual(['Lantern Walk', 'Lantern Walk']);
    expect(event.descriptionEn).toBe(event.descriptionFr);
    expect(event.untranslated).toEqual({ en: [], fr: ['title', 'description'] });
    expect(event.source).toEqual({
      name: 'Toronto (English)',
      licence: null,
      attribution: null,
      url: `${server.origin}/toronto-en.json`,
    });

    // Told it is French after all: the next run rewrites the events (the hash covers the language).
    await ctx.db.execute(sql`UPDATE import_sources SET language = 'fr' WHERE id = ${src.id}`);
    const again = await runSource(deps, { ...src, language: 'fr' }, NOW);
    expect(again.updated).toBeGreaterThan(0);
    const after = (
      await ctx.app.inject({ method: 'GET', url: `/api/v1/public/events/handle-or-uuid/${row!.uuid}` })
    ).json().event;
    expect(after.titleEn).toBe('Lantern Walk');
    expect(after.untranslated).toEqual({ en: ['title', 'description'], fr: [] });
  });
});
