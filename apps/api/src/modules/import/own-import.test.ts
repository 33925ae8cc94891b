/** /connected/sources: an organisation keeps its events in step with its own calendars. */
import { ownImportRoutes } from '@evmap/contract/routes/import';
import { type RouteEntry, urlOf } from '@evmap/contract/routes/route';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createUser } from '../../../test/accounts';
import { createTestApp, type TestContext } from '../../../test/app';
import { type FeedServer, startFeedServer } from '../../../test/feed-server';
import type { UserRow } from '../../plugins/auth';

let ctx: TestContext;
let server: FeedServer;
let organisation: UserRow;
let other: UserRow;

beforeAll(async () => {
  ctx = await createTestApp({ env: { IMPORT_ALLOW_PRIVATE: '1' } });
  server = await startFeedServer();
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10).replace(/-/g, '');
  server.serve(
    '/mine.ics',
    [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Org//FR',
      'BEGIN:VEVENT',
      'UID:mine-1',
      `DTSTART:${tomorrow}T230000Z`,
      'SUMMARY:Lecture publique',
      'GEO:45.5;-73.6',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n'),
    'text/calendar',
  );
  organisation = await createUser(ctx, 'event-manager', { planType: 'complete' });
  other = await createUser(ctx, 'event-manager', { planType: 'trial' });
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
  name: 'Mon calendrier',
  url: `${server.origin}/mine.ics`,
  ...overrides,
});

describe("an organisation's calendars", () => {
  it('are its own iCalendar sources, run now into its published events', async () => {
    const created = await call(ownImportRoutes.createSource, organisation, {}, body({ kind: 'montreal-csv' }));
    expect(created.statusCode).toBe(201);
    const source = created.json().source;
    expect(source).toMatchObject({ kind: 'icalendar', ownerId: organisation.id, publishAtOnce: true });
    const run = await call(ownImportRoutes.runSource, organisation, { id: source.id });
    expect(run.json().run).toMatchObject({ status: 'succeeded', counts: { created: 1 } });
    const listed = (await call(ownImportRoutes.sources, organisation)).json().sources;
    expect(listed).toMatchObject([{ id: source.id, eventCount: 1 }]);
    expect((await call(ownImportRoutes.sources, other)).json().sources).toEqual([]);

    // Someone else's source: 403 on every route that names it.
    for (const entry of [ownImportRoutes.runSource, ownImportRoutes.runs, ownImportRoutes.deleteSource]) {
      const refused = await call(entry, other, { id: source.id });
      expect([entry.path, refused.statusCode]).toEqual([entry.path, 403]);
    }
    expect((await call(ownImportRoutes.updateSource, other, { id: source.id }, body())).statusCode).toBe(403);
    expect((await call(ownImportRoutes.runs, organisation, { id: 999_999 })).statusCode).toBe(404);
    expect((await call(ownImportRoutes.deleteSource, organisation, { id: source.id })).statusCode).toBe(204);
  });

  it('need a signed-in organisation on the trial or complete plan', async () => {
    const anonymous = await call(ownImportRoutes.sources);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ errors: { global: 'You must be signed in' } });
    const viewer = await createUser(ctx, 'viewer');
    expect((await call(ownImportRoutes.sources, viewer)).json()).toEqual({
      errors: { global: 'You are not allowed to do this' },
    });
    const unit = await createUser(ctx, 'event-manager', { planType: 'unit' });
    const refused = await call(ownImportRoutes.createSource, unit, {}, body(), 'fr');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      errors: { global: "Connecter vos calendriers demande l'essai ou le forfait complet." },
    });
  });

  it('refuses a URL that is not http or https', async () => {
    const refused = await call(ownImportRoutes.createSource, organisation, {}, body({ url: 'file:///etc/passwd' }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ errors: { url: 'The field url is not valid' } });
  });
});
