/** /connected/admin/sources: administrators manage sources, run them now and read their runs. */
import { adminRoutes } from '@evmap/contract/routes/admin';
import { eventRoutes } from '@evmap/contract/routes/events';
import { importRoutes } from '@evmap/contract/routes/import';
import { type RouteEntry, urlOf } from '@evmap/contract/routes/route';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createUser } from '../../../test/accounts';
import { createTestApp, type TestContext } from '../../../test/app';
import { type FeedServer, fixture, startFeedServer } from '../../../test/feed-server';
import { events } from '../../db/schema/events';
import { importRuns } from '../../db/schema/import-sources';
import type { UserRow } from '../../plugins/auth';

let ctx: TestContext;
let server: FeedServer;
let admin: UserRow;
let organisation: UserRow;
let viewer: UserRow;
let changeCalendar: (summary: string) => void;

beforeAll(async () => {
  ctx = await createTestApp({ env: { IMPORT_ALLOW_PRIVATE: '1' } });
  server = await startFeedServer();
  // The upcoming occurrences of a calendar whose dates are always tomorrow and the day after.
  const day = (offset: number) =>
    new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10).replace(/-/g, '');
  const calendar = (summary: string) =>
    [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Test//FR',
      'BEGIN:VEVENT',
      'UID:one@test',
      `DTSTART:${day(1)}T230000Z`,
      `DTEND:${day(2)}T010000Z`,
      `SUMMARY:${summary}`,
      'GEO:45.5;-73.6',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:two@test',
      `DTSTART:${day(2)}T150000Z`,
      'SUMMARY:Marché',
      'GEO:45.51;-73.61',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n');
  server.serve('/cal.ics', calendar('Concert au parc'), 'text/calendar');
  changeCalendar = (summary: string) => server.serve('/cal2.ics', calendar(summary), 'text/calendar');
  changeCalendar('Concert au parc');
  server.serve('/montreal.csv', fixture('montreal.csv'), 'text/csv');
  admin = await createUser(ctx, 'admin');
  organisation = await createUser(ctx, 'event-manager');
  viewer = await createUser(ctx, 'viewer');
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

const body = (overrides: Record<string, unknown> = {}) => ({
  name: 'Salle test',
  kind: 'icalendar',
  url: `${server.origin}/cal.ics`,
  schedule: 'hourly',
  ownerId: organisation.id,
  licence: 'CC BY 4.0',
  attribution: 'Données : Salle test',
  publishAtOnce: true,
  ...overrides,
});

describe('access', () => {
  it('answers 401 to strangers and 403 to everyone but administrators, on every route', async () => {
    const all = Object.values(importRoutes) as RouteEntry[];
    for (const entry of all) {
      const params: Record<string, number> = entry.path.includes(':id') ? { id: 1 } : {};
      const anonymous = await call(entry, undefined, params, entry.method === 'GET' ? undefined : body());
      expect([entry.path, anonymous.statusCode]).toEqual([entry.path, 401]);
      expect(anonymous.json()).toEqual({ errors: { global: 'You must be signed in' } });
      for (const user of [viewer, organisation]) {
        const refused = await call(entry, user, params, entry.method === 'GET' ? undefined : {});
        expect([entry.path, refused.statusCode]).toEqual([entry.path, 403]);
        expect(refused.json()).toEqual({ errors: { global: 'You are not allowed to do this' } });
      }
    }
    expect((await call(importRoutes.sources, viewer, {}, undefined, 'fr')).json()).toEqual({
      errors: { global: "Vous n'êtes pas autorisé à faire ceci" },
    });
  });
});

describe('bad input', () => {
  it('refuses a URL that is not http or https, an unknown kind and an owner that is not an organisation', async () => {
    const ftp = await call(importRoutes.createSource, admin, {}, body({ url: 'ftp://example.com/cal.ics' }));
    expect(ftp.statusCode).toBe(400);
    expect(ftp.json()).toEqual({ errors: { url: 'The field url is not valid' } });
    const kind = await call(importRoutes.createSource, admin, {}, body({ kind: 'rss' }), 'fr');
    expect(kind.statusCode).toBe(400);
    expect(kind.json()).toEqual({ errors: { kind: "Le champ kind n'est pas valide" } });
    const owner = await call(importRoutes.createSource, admin, {}, body({ ownerId: viewer.id }));
    expect(owner.statusCode).toBe(400);
    expect(owner.json()).toEqual({ errors: { ownerId: 'The field ownerId is not valid' } });
  });

  it('answers 404 for an unknown source and 400 for an id that is not one', async () => {
    for (const entry of [importRoutes.source, importRoutes.runs, importRoutes.runSource, importRoutes.deleteSource]) {
      const missing = await call(entry, admin, { id: 999_999 });
      expect([entry.path, missing.statusCode]).toEqual([entry.path, 404]);
      expect(missing.json()).toEqual({ errors: { global: 'Not found' } });
    }
    const bad = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/connected/admin/sources/abc',
      headers: authHeaders(ctx.app, admin),
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('a source', () => {
  it('is created, run now with its counts, run again without changes, listed with its runs, paused and deleted', async () => {
    const created = await call(importRoutes.createSource, admin, {}, body());
    expect(created.statusCode).toBe(201);
    const source = created.json().source;
    expect(source).toMatchObject({
      name: 'Salle test',
      kind: 'icalendar',
      schedule: 'hourly',
      ownerId: organisation.id,
      ownerEmail: organisation.email,
      licence: 'CC BY 4.0',
      publishAtOnce: true,
      paused: false,
      eventCount: 0,
      lastRun: null,
    });

    const first = await call(importRoutes.runSource, admin, { id: source.id });
    expect(first.statusCode).toBe(200);
    expect(first.json().run).toMatchObject({
      status: 'succeeded',
      error: null,
      counts: { created: 2, updated: 0, unchanged: 0, removed: 0, rejected: 0, linked: 0 },
    });
    const second = (await call(importRoutes.runSource, admin, { id: source.id })).json().run;
    expect(second.counts).toEqual({ created: 0, updated: 0, unchanged: 2, removed: 0, rejected: 0, linked: 0 });

    const runs = (await call(importRoutes.runs, admin, { id: source.id })).json().runs;
    expect(runs.map((r: { id: number }) => r.id)).toEqual([second.id, first.json().run.id]);
    const listed = (await call(importRoutes.sources, admin)).json().sources;
    expect(listed).toMatchObject([{ id: source.id, eventCount: 2, lastRun: { id: second.id } }]);

    const onMap = () =>
      ctx.db.select({ active: events.active }).from(events).where(eq(events.importSourceId, source.id));
    expect(await onMap()).toEqual([{ active: true }, { active: true }]);
    const paused = await call(importRoutes.updateSource, admin, { id: source.id }, body({ paused: true }));
    expect(paused.json().source).toMatchObject({ paused: true });
    expect(await onMap()).toEqual([{ active: false }, { active: false }]);
    const resumed = await call(importRoutes.updateSource, admin, { id: source.id }, body({ paused: false }));
    expect(resumed.json().source).toMatchObject({ paused: false });
    expect(await onMap()).toEqual([{ active: true }, { active: true }]);

    const deleted = await call(importRoutes.deleteSource, admin, { id: source.id });
    expect(deleted.statusCode).toBe(204);
    expect(await onMap()).toEqual([{ active: false }, { active: false }]);
    expect((await call(importRoutes.source, admin, { id: source.id })).statusCode).toBe(404);
    expect(await onMap()).toHaveLength(2);
  });

  it('records a feed error on its run rather than failing the request', async () => {
    const source = (
      await call(importRoutes.createSource, admin, {}, body({ kind: 'montreal-csv', url: `${server.origin}/cal.ics` }))
    ).json().source;
    const run = await call(importRoutes.runSource, admin, { id: source.id });
    expect(run.statusCode).toBe(200);
    expect(run.json().run).toMatchObject({ status: 'failed', counts: { created: 0 } });
    expect(run.json().run.error).toMatch(/CSV|columns/);
  });
});

describe('an imported event', () => {
  it('shows its source’s credit, and keeps what an administrator edited on the next runs', async () => {
    const source = (
      await call(
        importRoutes.createSource,
        admin,
        {},
        body({ name: 'Salle crédits', url: `${server.origin}/cal2.ics` }),
      )
    ).json().source;
    await call(importRoutes.runSource, admin, { id: source.id });
    const [row] = await ctx.db
      .select({ id: events.id, uuid: events.uuid })
      .from(events)
      .where(eq(events.importSourceId, source.id))
      .orderBy(events.externalId);
    const read = () =>
      ctx.app
        .inject({ method: 'GET', url: urlOf(eventRoutes.byHandleOrUuid, { handleOrUuid: row!.uuid }) })
        .then((r) => r.json());
    const shown = await read();
    expect(shown.event.source).toEqual({
      name: 'Salle crédits',
      licence: 'CC BY 4.0',
      attribution: 'Données : Salle test',
      url: `${server.origin}/cal2.ics`,
    });
    const { event } = await read();
    const edit = await ctx.app.inject({
      method: 'PUT',
      url: urlOf(adminRoutes.updateEvent, { id: row!.id }),
      headers: authHeaders(ctx.app, admin),
      payload: {
        titleFr: 'Concert au parc (corrigé)',
        categoryId: 3,
        address: '1 rue du Parc',
        dates: event.dates,
        latitude: event.latitude,
        longitude: event.longitude,
        creatorId: organisation.id,
        active: true,
      },
    });
    expect(edit.statusCode).toBe(200);
    changeCalendar('Concert au grand parc');
    const rerun = (await call(importRoutes.runSource, admin, { id: source.id })).json().run;
    expect(rerun.counts).toMatchObject({ updated: 1, unchanged: 1 });
    // The changed record updated its event, the fields the administrator edited kept.
    expect((await read()).event).toMatchObject({ titleFr: 'Concert au parc (corrigé)', address: '1 rue du Parc' });
  });
});

describe('run now', () => {
  it('answers 409 while the source is running, and runs once an interrupted run is old', async () => {
    const source = (await call(importRoutes.createSource, admin, {}, body({ name: 'Salle occupée' }))).json().source;
    const [running] = await ctx.db.insert(importRuns).values({ sourceId: source.id }).returning();
    const busy = await call(importRoutes.runSource, admin, { id: source.id }, undefined, 'fr');
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toEqual({
      errors: {
        global: "Cette source est déjà en cours d'import. Son exécution apparaîtra dans sa liste une fois terminée.",
      },
    });
    await ctx.db
      .update(importRuns)
      .set({ startedAt: new Date(Date.now() - 2 * 3_600_000) })
      .where(eq(importRuns.id, running!.id));
    const run = await call(importRoutes.runSource, admin, { id: source.id });
    expect(run.statusCode).toBe(200);
    const runs = (await call(importRoutes.runs, admin, { id: source.id })).json().runs;
    expect(runs.map((r: { status: string; error: string | null }) => [r.status, r.error])).toEqual([
      ['succeeded', null],
      ['failed', 'interrupted'],
    ]);
  });
});
