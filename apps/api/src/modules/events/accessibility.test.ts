/**
 * Accessibility attributes (issue 24) against PostgreSQL: written by owners and administrators through the event
 * routes and read back, refused with their messages in both languages, filtered on by the search and the markers
 * (each cache keyed on the filter), and shown in the calendar file and the share page's JSON-LD.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { accessOfMask } from '@evmap/contract/accessibility';
import { decodeMarkers } from '@evmap/contract/markers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createUser } from '../../../test/accounts';
import { createTestApp, type TestContext } from '../../../test/app';
import { DOWNTOWN_MONTREAL, eventBody, tileHolding, wallClock } from '../../../test/events';
import type { UserRow } from '../../plugins/auth';

let ctx: TestContext;
let owner: UserRow;
let admin: UserRow;
const day = wallClock(24).slice(0, 10);
const PLACE = DOWNTOWN_MONTREAL;
const tile = tileHolding(PLACE);

type Created = { id: number; uuid: string; handle: string; accessibility: unknown };

const write = (user: UserRow, body: Record<string, unknown>, options: { id?: number; lang?: string } = {}) => {
  const base = user.isAdmin ? '/api/v1/connected/admin/events' : '/api/v1/connected/events';
  return ctx.app.inject({
    method: options.id ? 'PUT' : 'POST',
    url: options.id ? `${base}/${options.id}` : base,
    headers: { ...authHeaders(ctx.app, user), 'accept-language': options.lang ?? 'en' },
    payload: user.isAdmin ? { ...body, creatorId: owner.id } : body,
  });
};
const create = async (body: Record<string, unknown>, user = owner): Promise<Created> => {
  const res = await write(user, eventBody(body));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().event;
};
const search = (access?: string[]) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/public/events/search',
    payload: {
      mapBounds: { northLat: 46, southLat: 45, eastLng: -73, westLng: -74 },
      selectedDay: day,
      ...(access ? { access } : {}),
    },
  });
const markers = (extra: Record<string, string> = {}, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    url: `/api/v1/public/events/markers?${new URLSearchParams({ day, z: String(tile.z), x: String(tile.x), y: String(tile.y), ...extra })}`,
    headers,
  });
const idsOf = (res: { json: () => { eventIds: number[] } }) => res.json().eventIds;

let plain: Created;
let ramp: Created;
let signed: Created;
let partly: Created;
beforeAll(async () => {
  ctx = await createTestApp({
    env: { APP_URL: 'https://evmap.example' },
    prepare: (config) => {
      mkdirSync(config.webDist, { recursive: true });
      writeFileSync(path.join(config.webDist, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
    },
  });
  owner = await createUser(ctx, 'event-manager');
  admin = await createUser(ctx, 'admin');
  plain = await create({ titleFr: 'Sans attribut' });
  ramp = await create({ titleFr: 'Rampe', accessibility: { stepFree: 'yes', features: ['washroom'] } });
  signed = await create({
    titleFr: 'Signé',
    accessibility: {
      stepFree: 'yes',
      features: ['asl', 'washroom', 'captioning'],
      noteFr: 'Entrée par la rue Sherbrooke',
      noteEn: 'Entrance on Sherbrooke Street',
    },
  });
  partly = await create({ titleFr: 'En partie', accessibility: { stepFree: 'partly', features: ['asl'] } });
});
afterAll(() => ctx.close());

describe('writing and reading the attributes', () => {
  it('answers nothing ticked for an event saved without them (older clients)', () => {
    expect(plain.accessibility).toEqual({ stepFree: null, features: [], noteFr: null, noteEn: null });
  });

  it('keeps what the owner ticked, features in the list order, the English note falling back to French', async () => {
    expect(signed.accessibility).toEqual({
      stepFree: 'yes',
      features: ['washroom', 'asl', 'captioning'],
      noteFr: 'Entrée par la rue Sherbrooke',
      noteEn: 'Entrance on Sherbrooke Street',
    });
    const res = await write(
      owner,
      eventBody({
        titleFr: 'Signé',
        accessibility: { stepFree: 'no', features: ['lsq', 'lsq'], noteFr: '  Au sous-sol  ', noteEn: '' },
      }),
      { id: signed.id },
    );
    expect(res.statusCode, res.body).toBe(200);
    const read = await ctx.app.inject({ url: `/api/v1/public/events/handle-or-uuid/${signed.uuid}` });
    expect(read.json().event.accessibility).toEqual({
      stepFree: 'no',
      features: ['lsq'],
      noteFr: 'Au sous-sol',
      noteEn: 'Au sous-sol',
    });
    // A save without the attributes clears them (the body replaces the event).
    const cleared = await write(owner, eventBody({ titleFr: 'Signé' }), { id: signed.id });
    expect(cleared.json().event.accessibility).toEqual({ stepFree: null, features: [], noteFr: null, noteEn: null });
    // Back as the searches below expect it.
    const again = await write(
      owner,
      eventBody({ titleFr: 'Signé', accessibility: { stepFree: 'yes', features: ['asl', 'washroom', 'captioning'] } }),
      { id: signed.id },
    );
    expect(again.statusCode).toBe(200);
  });

  it('lets an administrator write them on create and update, with the same rules', async () => {
    const made = await create(
      { titleFr: 'Par admin', accessibility: { features: ['serviceAnimals', 'companionFree'] } },
      admin,
    );
    expect(made.accessibility).toEqual({
      stepFree: null,
      features: ['serviceAnimals', 'companionFree'],
      noteFr: null,
      noteEn: null,
    });
    const updated = await write(
      admin,
      eventBody({ titleFr: 'Par admin', accessibility: { stepFree: 'partly', features: ['sensoryFriendly'] } }),
      { id: made.id },
    );
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().event.accessibility).toMatchObject({ stepFree: 'partly', features: ['sensoryFriendly'] });
    const refused = await write(admin, eventBody({ accessibility: { stepFree: 'maybe' } }), { id: made.id });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().errors)).toEqual(['accessibility.stepFree']);
  });

  it('refuses unknown values and long notes with their messages, in both languages', async () => {
    const body = eventBody({
      accessibility: { stepFree: 'maybe', features: ['asl', 'elevator'], noteFr: 'x'.repeat(501) },
    });
    const en = await write(owner, body);
    expect(en.statusCode).toBe(400);
    expect(en.json()).toEqual({
      errors: {
        'accessibility.stepFree': 'The enum field is not valid; valid values are: yes, partly, no',
        'accessibility.features.1':
          'The enum field is not valid; valid values are: washroom, asl, lsq, captioning, assistiveListening, sensoryFriendly, serviceAnimals, companionFree',
        'accessibility.noteFr': 'Field must be lower or equal to 500',
      },
    });
    const fr = await write(owner, body, { lang: 'fr' });
    expect(fr.json()).toEqual({
      errors: {
        'accessibility.stepFree': "La valeur n'est pas valide; les valeurs possibles sont : yes, partly, no",
        'accessibility.features.1':
          "La valeur n'est pas valide; les valeurs possibles sont : washroom, asl, lsq, captioning, assistiveListening, sensoryFriendly, serviceAnimals, companionFree",
        'accessibility.noteFr': 'Le champ doit être inférieur ou égal à 500',
      },
    });
  });
});

describe('filtering the search and the markers', () => {
  it('keeps in the search only events holding every asked attribute; "stepFree" means yes', async () => {
    expect(idsOf(await search())).toEqual(expect.arrayContaining([plain.id, ramp.id, signed.id, partly.id]));
    expect(idsOf(await search(['stepFree']))).toEqual([ramp.id, signed.id]);
    expect(idsOf(await search(['asl']))).toEqual([signed.id, partly.id]);
    expect(idsOf(await search(['stepFree', 'asl']))).toEqual([signed.id]);
    expect(idsOf(await search(['lsq']))).toEqual([]);
    // Cached answers are keyed on the filter: asking again, in any order, answers the same.
    expect(idsOf(await search())).toEqual(expect.arrayContaining([plain.id, ramp.id, signed.id, partly.id]));
    expect(idsOf(await search(['asl', 'stepFree']))).toEqual([signed.id]);
    const events = (await search(['stepFree', 'asl'])).json().events;
    expect(events.map((e: { accessibility: unknown }) => e.accessibility)).toEqual([
      { stepFree: 'yes', features: ['washroom', 'asl', 'captioning'], noteFr: null, noteEn: null },
    ]);
  });

  it('refuses an unknown filter in the search body, in both languages', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/public/events/search',
      headers: { 'accept-language': 'fr' },
      payload: {
        mapBounds: { northLat: 46, southLat: 45, eastLng: -73, westLng: -74 },
        selectedDay: day,
        access: ['ramp'],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors['access.0']).toBe(
      "La valeur n'est pas valide; les valeurs possibles sont : stepFree, washroom, asl, lsq, captioning, assistiveListening, sensoryFriendly, serviceAnimals, companionFree",
    );
  });

  it('filters the markers on access=…, with each marker’s mask, and a cache and ETag per filter', async () => {
    const all = await markers();
    const ours = new Set([plain.id, ramp.id, signed.id, partly.id]);
    const everyMarker = decodeMarkers(all.json()).filter((m) => ours.has(m.id));
    expect(everyMarker.map((m) => m.id)).toEqual([plain.id, ramp.id, signed.id, partly.id]);
    expect(everyMarker.map((m) => accessOfMask(m.access))).toEqual([
      { stepFree: null, features: [] },
      { stepFree: 'yes', features: ['washroom'] },
      { stepFree: 'yes', features: ['washroom', 'asl', 'captioning'] },
      { stepFree: 'partly', features: ['asl'] },
    ]);
    const stepFree = await markers({ access: 'stepFree' });
    expect(decodeMarkers(stepFree.json()).map((m) => m.id)).toEqual([ramp.id, signed.id]);
    expect(stepFree.headers.etag).not.toBe(all.headers.etag);
    expect(decodeMarkers((await markers({ access: 'stepFree,asl' })).json()).map((m) => m.id)).toEqual([signed.id]);
    expect(decodeMarkers((await markers({ access: 'asl' })).json()).map((m) => m.id)).toEqual([signed.id, partly.id]);
    // The unfiltered answer again, from the cache: not the filtered one.
    const again = await markers();
    expect(again.headers.etag).toBe(all.headers.etag);
    expect((await markers({}, { 'if-none-match': stepFree.headers.etag as string })).statusCode).toBe(200);
  });

  it('refuses an unknown or malformed marker filter, in both languages', async () => {
    for (const access of ['ramp', 'asl,', 'stepFree,,asl', '']) {
      const en = await markers({ access }, { 'accept-language': 'en' });
      expect(en.statusCode, access).toBe(400);
      expect(en.json()).toEqual({ errors: { access: 'The field access is not valid' } });
    }
    const fr = await markers({ access: 'ramp' }, { 'accept-language': 'fr' });
    expect(fr.json()).toEqual({ errors: { access: "Le champ access n'est pas valide" } });
  });
});

describe('calendar file and JSON-LD', () => {
  it('lists the attributes and the note in the DESCRIPTION, in the asked language', async () => {
    const event = await create({
      titleFr: 'Calendrier',
      descriptionFr: null,
      accessibility: { stepFree: 'partly', features: ['asl'], noteFr: 'Rampe à gauche', noteEn: 'Ramp on the left' },
    });
    const unfold = (body: string) => body.replace(/\r\n /g, '');
    const en = unfold(
      (await ctx.app.inject({ url: `/api/v1/public/events/${event.uuid}/ics`, headers: { 'accept-language': 'en' } }))
        .body,
    );
    expect(en).toContain(
      'DESCRIPTION:Accessibility:\\n- Partly step-free entrance\\n- ASL interpretation\\nRamp on the left\\n\\nhttps://evmap.example/events/calendrier\r\n',
    );
    const fr = unfold(
      (await ctx.app.inject({ url: `/api/v1/public/events/${event.uuid}/ics`, headers: { 'accept-language': 'fr' } }))
        .body,
    );
    expect(fr).toContain(
      'DESCRIPTION:Accessibilité\u202f:\\n- Entrée partiellement sans marche\\n- Interprétation en ASL\\nRampe à gauche\\n\\n',
    );
    const none = (await ctx.app.inject({ url: `/api/v1/public/events/${plain.uuid}/ics` })).body;
    expect(none).not.toContain('Accessib');
  });

  it('describes them as the place’s amenityFeature (LocationFeatureSpecification)', async () => {
    const event = await create({
      titleFr: 'Page partagée',
      accessibility: { stepFree: 'no', features: ['serviceAnimals'], noteFr: 'Escalier de 3 marches' },
    });
    const read = async (lang: string) => {
      const html = (await ctx.app.inject({ url: `/events/${event.handle}`, headers: { 'accept-language': lang } }))
        .body;
      const script = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
      return JSON.parse(script ?? 'null').location.amenityFeature;
    };
    expect(await read('en')).toEqual([
      { '@type': 'LocationFeatureSpecification', name: 'Entrance with steps', value: false },
      { '@type': 'LocationFeatureSpecification', name: 'Service animals welcome', value: true },
      { '@type': 'LocationFeatureSpecification', name: 'Accessibility', value: 'Escalier de 3 marches' },
    ]);
    expect(await read('fr')).toEqual([
      { '@type': 'LocationFeatureSpecification', name: 'Entrée avec marches', value: false },
      { '@type': 'LocationFeatureSpecification', name: "Animaux d'assistance bienvenus", value: true },
      { '@type': 'LocationFeatureSpecification', name: 'Accessibilité', value: 'Escalier de 3 marches' },
    ]);
  });
});
