/**
 * /connected/admin/source-links (issue 25): the records linked to an existing event, as the moderation queue shows
 * them, and their split into events of their own.
 */
import { importRoutes } from '@evmap/contract/routes/import';
import { type RouteEntry, urlOf } from '@evmap/contract/routes/route';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createUser } from '../../../test/accounts';
import { createTestApp, type TestContext } from '../../../test/app';
import { type FeedServer, startFeedServer } from '../../../test/feed-server';
import { events } from '../../db/schema/events';
import { importLinks } from '../../db/schema/import-sources';
import type { UserRow } from '../../plugins/auth';
import { saveEvent } from '../events/event-write.service';

let ctx: TestContext;
let server: FeedServer;
let admin: UserRow;
let organisation: UserRow;
let city: UserRow;
let viewer: UserRow;
let typed: { id: number; uuid: string };

/** Tomorrow as YYYY-MM-DD. */
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  ctx = await createTestApp({ env: { IMPORT_ALLOW_PRIVATE: '1' } });
  server = await startFeedServer();
  const day = tomorrow().replaceAll('-', '');
  server.serve(
    '/parc.ics',
    [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Test//FR',
      'BEGIN:VEVENT',
      'UID:conte@ville.test',
      `DTSTART;TZID=America/Toronto:${day}T101500`,
      `DTEND;TZID=America/Toronto:${day}T110000`,
      'SUMMARY:Heure du conte',
      'GEO:45.5236;-73.6005',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n'),
    'text/calendar',
  );
  admin = await createUser(ctx, 'admin');
  organisation = await createUser(ctx, 'event-manager');
  city = await createUser(ctx, 'event-manager', { planType: null });
  viewer = await createUser(ctx, 'viewer');
  typed = await ctx.db.transaction((tx) =>
    saveEvent(tx, organisation, {
      titleFr: "L'heure du conte",
      address: '5434 avenue du Parc',
      latitude: 45.5236,
      longitude: -73.6005,
      dates: [{ startDate: `${tomorrow()} 10:15:00`, endDate: `${tomorrow()} 11:00:00` }],
      images: [],
      state: 'QC',
      country: 'CA',
    }),
  );
});
afterAll(async () => {
  await server.close();
  await ctx.close();
});

function call(entry: RouteEntry, user?: UserRow, params: Record<string, number> = {}, payload?: object, lang = 'en') {
  return ctx.app.inject({
    method: entry.method,
    url: urlOf(entry, params),
    headers: user ? authHeaders(ctx.app, user, lang) : { 'accept-language': lang },
    ...(payload ? { payload } : {}),
  });
}

const sourceBody = {
  name: 'Ville — parcs',
  kind: 'icalendar',
  url: '',
  schedule: 'daily',
  publishAtOnce: true,
};

describe('the links of an import', () => {
  it('are refused to strangers (401) and to everyone but administrators (403), in both languages', async () => {
    for (const entry of [importRoutes.links, importRoutes.splitLink]) {
      const anonymous = await call(entry, undefined, { id: 1 });
      expect([entry.path, anonymous.statusCode, anonymous.json()]).toEqual([
        entry.path,
        401,
        { errors: { global: 'You must be signed in' } },
      ]);
      const refused = await call(entry, organisation, { id: 1 }, undefined, 'fr');
      expect([entry.path, refused.statusCode, refused.json()]).toEqual([
        entry.path,
        403,
        { errors: { global: "Vous n'êtes pas autorisé à faire ceci" } },
      ]);
      expect((await call(entry, viewer, { id: 1 })).statusCode).toBe(403);
    }
  });

  it('lists a record linked to the event typed by hand, splits it into its own event, and never links it again', async () => {
    const created = await call(
      importRoutes.createSource,
      admin,
      {},
      {
        ...sourceBody,
        url: `${server.origin}/parc.ics`,
        ownerId: city.id,
      },
    );
    expect(created.statusCode).toBe(201);
    const sourceId = created.json().source.id as number;
    const run = await call(importRoutes.runSource, admin, { id: sourceId });
    expect(run.json().run.counts).toMatchObject({ created: 0, linked: 1 });

    const listed = await call(importRoutes.links, admin);
    expect(listed.statusCode).toBe(200);
    const [link] = listed.json().links;
    const typedRow = (await ctx.db.select({ handle: events.handle }).from(events).where(eq(events.id, typed.id)))[0]!;
    expect(listed.json()).toEqual({
      links: [
        {
          id: link.id,
          sourceId,
          sourceName: 'Ville — parcs',
          externalId: 'conte@ville.test',
          title: 'Heure du conte',
          createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          splittable: true,
          event: {
            id: typed.id,
            uuid: typed.uuid,
            handle: typedRow.handle,
            titleFr: "L'heure du conte",
            titleEn: "L'heure du conte",
          },
        },
      ],
    });

    const split = await call(importRoutes.splitLink, admin, { id: link.id });
    expect(split.statusCode).toBe(201);
    const made = split.json().event;
    expect(split.json()).toEqual({
      event: { id: made.id, uuid: made.uuid, handle: expect.any(String), active: true },
    });
    const [row] = await ctx.db.select().from(events).where(eq(events.id, made.id));
    expect(row).toMatchObject({
      titleFr: 'Heure du conte',
      creatorId: city.id,
      importSourceId: sourceId,
      externalId: 'conte@ville.test',
      active: true,
    });
    expect((await call(importRoutes.links, admin)).json()).toEqual({ links: [] });

    // The next run finds the record's own event: nothing created, nothing linked.
    const again = await call(importRoutes.runSource, admin, { id: sourceId });
    expect(again.json().run.counts).toEqual({
      created: 0,
      updated: 0,
      unchanged: 1,
      removed: 0,
      rejected: 0,
      linked: 0,
    });
    expect(await ctx.db.select().from(importLinks).where(eq(importLinks.sourceId, sourceId))).toEqual([]);

    // Split again: that link is gone.
    const gone = await call(importRoutes.splitLink, admin, { id: link.id }, undefined, 'fr');
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ errors: { global: 'Introuvable' } });
  });

  it('answers 404 for an unknown link, and 409 for a link whose record was not kept', async () => {
    const missing = await call(importRoutes.splitLink, admin, { id: 999_999 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ errors: { global: 'Not found' } });

    const created = await call(
      importRoutes.createSource,
      admin,
      {},
      {
        ...sourceBody,
        name: 'Ancienne source',
        url: `${server.origin}/old.ics`,
        ownerId: city.id,
      },
    );
    const [old] = await ctx.db
      .insert(importLinks)
      .values({ sourceId: created.json().source.id, externalId: 'old-1', eventId: typed.id, title: 'Conte' })
      .returning();
    const listed = (await call(importRoutes.links, admin)).json().links;
    expect(listed).toMatchObject([{ id: old!.id, splittable: false }]);
    const refused = await call(importRoutes.splitLink, admin, { id: old!.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      errors: { global: 'This link was made before its record was kept: run its source again, then split it.' },
    });
    const french = await call(importRoutes.splitLink, admin, { id: old!.id }, undefined, 'fr');
    expect(french.json()).toEqual({
      errors: {
        global: "Ce lien date d'avant l'enregistrement de sa fiche : exécutez de nouveau sa source, puis séparez-le.",
      },
    });
  });
});
