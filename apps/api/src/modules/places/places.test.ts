import { placesResponseSchema } from '@evmap/contract/places';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createUser } from '../../../test/accounts';
import { createTestApp, type TestContext } from '../../../test/app';
import { loadConfig } from '../../config';
import { PLACES_RATE_LIMIT } from './places.service';

let ctx: TestContext;
beforeAll(async () => {
  // Visitors are told apart by X-Forwarded-For, as behind a proxy on this machine.
  ctx = await createTestApp({ env: { TRUST_PROXY: 'loopback' } });
});
afterAll(() => ctx.close());

let ipCounter = 0;
/** Each test calls from its own address so the rate limit of one does not leak into another. */
const freshIp = () => `203.0.113.${++ipCounter}`;

const autocomplete = (query: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    url: `/api/v1/public/places/autocomplete?${query}`,
    headers: { 'x-forwarded-for': freshIp(), ...headers },
  });

describe('GET /public/places/autocomplete (built-in gazetteer)', () => {
  it('is public: no sign-in needed, and signed-in users of every kind may use it', async () => {
    const res = await autocomplete('q=montreal');
    expect(res.statusCode).toBe(200);
    for (const role of ['viewer', 'event-manager', 'admin'] as const) {
      const user = await createUser(ctx, role);
      const signedIn = await autocomplete('q=montreal', authHeaders(ctx.app, user));
      expect(signedIn.statusCode).toBe(200);
    }
  });

  it('answers places in Canada with the fields of the event form', async () => {
    const res = await autocomplete(`q=${encodeURIComponent('Trois-Riv')}&lang=fr`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      places: [
        {
          label: 'Trois-Rivières, QC',
          address: null,
          city: 'Trois-Rivières',
          zipcode: null,
          state: 'QC',
          country: 'CA',
          latitude: 46.34515,
          longitude: -72.5477,
          precision: 'city',
        },
      ],
    });
    expect(placesResponseSchema.parse(res.json())).toBeTruthy();
  });

  it('finds streets with their city, a city with its postal code, and at most 10 places', async () => {
    const street = await autocomplete(`q=${encodeURIComponent('1260 rue Sherbrooke O, Montréal')}`);
    expect(street.json().places[0]).toMatchObject({ address: '1260 rue Sherbrooke O', city: 'Montréal', state: 'QC' });
    const postal = await autocomplete(`q=${encodeURIComponent('Montréal h3g 1h2')}`);
    expect(postal.json().places[0]).toMatchObject({
      label: 'Montréal, QC H3G 1H2',
      zipcode: 'H3G 1H2',
      city: 'Montréal',
    });
    // No postal areas in the gazetteer: a postal code alone finds nothing.
    const alone = await autocomplete(`q=${encodeURIComponent('h3g 1h2')}`);
    expect(alone.json()).toEqual({ places: [] });
    const many = await autocomplete('q=sa');
    expect(many.json().places).toHaveLength(10);
    const none = await autocomplete('q=zzzz');
    expect(none.json()).toEqual({ places: [] });
  });

  it.each([
    ['', 'en', { q: 'The field q is required' }],
    ['q=', 'en', { q: 'Field must be greater or equal to 2' }],
    ['q=%20%20a%20', 'en', { q: 'Field must be greater or equal to 2' }],
    [`q=${'a'.repeat(201)}`, 'en', { q: 'Field must be lower or equal to 200' }],
    ['', 'fr', { q: 'Le champ q est obligatoire' }],
    ['q=a', 'fr', { q: 'Le champ doit être supérieur ou égal à 2' }],
    ['q=montreal&lang=de', 'en', { lang: 'The enum field is not valid; valid values are: fr, en' }],
  ])('rejects "%s" (%s) with a field error', async (query, lang, errors) => {
    const res = await autocomplete(query, { 'accept-language': lang });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors });
  });

  it(`limits each address to ${PLACES_RATE_LIMIT.limit} calls a minute`, async () => {
    const ip = freshIp();
    const call = (lang = 'en') =>
      ctx.app.inject({
        url: '/api/v1/public/places/autocomplete?q=mo',
        headers: { 'x-forwarded-for': ip, 'accept-language': lang },
      });
    for (let i = 0; i < PLACES_RATE_LIMIT.limit; i++) expect((await call()).statusCode).toBe(200);
    const limited = await call('fr');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ errors: { global: 'Trop de tentatives. Veuillez réessayer dans 1 minute.' } });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await autocomplete('q=mo')).statusCode).toBe(200);
  });
});

describe('OpenAPI', () => {
  it('documents the autocomplete and calendar calls', async () => {
    const res = await ctx.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths;
    expect(paths['/api/v1/public/places/autocomplete'].get.parameters.map((p: { name: string }) => p.name)).toEqual([
      'q',
      'lang',
    ]);
    expect(paths['/api/v1/public/events/{uuid}/ics'].get).toBeDefined();
    expect(paths['/events/{handleOrUuid}']).toBeUndefined();
  });
});

describe('GEOCODER configuration', () => {
  const base = { NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(32), DATABASE_URL: 'postgres://u@localhost/db' };

  it('defaults to the built-in gazetteer', () => {
    expect(loadConfig(base).geocoder).toEqual({ provider: 'builtin', url: undefined, googleMapsApiKey: undefined });
  });

  it('reads the provider, its URL and the Google key', () => {
    expect(loadConfig({ ...base, GEOCODER: 'Photon', GEOCODER_URL: 'https://photon.example/' }).geocoder).toEqual({
      provider: 'photon',
      url: 'https://photon.example',
      googleMapsApiKey: undefined,
    });
    expect(loadConfig({ ...base, GEOCODER: 'google', GOOGLE_MAPS_API_KEY: 'k' }).geocoder.googleMapsApiKey).toBe('k');
  });

  it('names the variable of a bad value', () => {
    expect(() => loadConfig({ ...base, GEOCODER: 'mapbox' })).toThrow(
      'Invalid configuration: GEOCODER must be one of builtin, photon, nominatim, google (got "mapbox")',
    );
    expect(() => loadConfig({ ...base, GEOCODER: 'google' })).toThrow(
      'Invalid configuration: GOOGLE_MAPS_API_KEY is required when GEOCODER=google',
    );
    expect(() => loadConfig({ ...base, GEOCODER: 'nominatim', GEOCODER_URL: 'ftp://x' })).toThrow(
      'Invalid configuration: GEOCODER_URL must be a URL starting with http: or https:',
    );
  });
});
