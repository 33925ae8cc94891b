import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app';
import { type FakeHandler, hang, json, startFakeGeocoder } from './fake-geocoder-server';
import { GeocoderUnavailableError } from './geocoder';
import { GOOGLE_AUTOCOMPLETE, GOOGLE_DETAILS, NOMINATIM_ANSWER, PHOTON_ANSWER } from './geocoder-fixtures';
import { GoogleGeocoder } from './google-geocoder';
import { GEOCODER_TIMEOUT_MS } from './http';
import { NominatimGeocoder } from './nominatim-geocoder';
import { PhotonGeocoder } from './photon-geocoder';

const UNAVAILABLE = {
  en: { errors: { global: 'The service is temporarily unavailable. Please try again.' } },
  fr: { errors: { global: 'Le service est temporairement indisponible. Veuillez réessayer.' } },
};

const MONTREAL_ADDRESS = {
  label: '1260 Rue Sherbrooke Ouest, Montréal, QC H3G 1H2',
  address: '1260 Rue Sherbrooke Ouest',
  city: 'Montréal',
  zipcode: 'H3G 1H2',
  state: 'QC',
  country: 'CA',
  precision: 'address',
};
const SHERBROOKE = {
  label: 'Sherbrooke, QC',
  address: null,
  city: 'Sherbrooke',
  zipcode: null,
  state: 'QC',
  country: 'CA',
  latitude: 45.4042,
  longitude: -71.8929,
  precision: 'city',
};

/** A test app whose geocoder is the fake server, answering with `handler`. */
async function setUp(provider: string, handler: FakeHandler, env: Record<string, string> = {}) {
  const server = await startFakeGeocoder(handler);
  // Each call comes from its own address (X-Forwarded-For, as behind a proxy on this machine).
  const ctx = await createTestApp({
    env: { GEOCODER: provider, GEOCODER_URL: server.url, TRUST_PROXY: 'loopback', ...env },
  });
  let ip = 0;
  const autocomplete = (q: string, lang = 'en') =>
    ctx.app.inject({
      url: `/api/v1/public/places/autocomplete?q=${encodeURIComponent(q)}`,
      headers: { 'accept-language': lang, 'x-forwarded-for': `198.51.100.${++ip}` },
    });
  return { server, ctx, autocomplete };
}

describe('Photon', () => {
  let t: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    t = await setUp('photon', (req, res) => json(res, 200, PHOTON_ANSWER(req.query.get('lang') ?? 'en')));
  });
  afterAll(async () => {
    await t.ctx.close();
    await t.server.close();
  });

  it('asks within the bounds of Canada and keeps Canadian answers only, with province codes', async () => {
    const res = await t.autocomplete('1260 sherbrooke', 'fr');
    expect(res.statusCode).toBe(200);
    const request = t.server.requests.at(-1)!;
    expect(request.path).toBe('/api');
    expect(request.query.get('q')).toBe('1260 sherbrooke');
    expect(request.query.get('lang')).toBe('fr');
    expect(request.query.get('bbox')).toBe('-141.01,41.67,-52.62,83.11');
    expect(request.query.getAll('osm_tag')).toContain('!boundary');
    expect(res.json().places).toEqual([
      { ...MONTREAL_ADDRESS, latitude: 45.49862, longitude: -73.57941 },
      SHERBROOKE,
      {
        label: 'Sherbrooke Street, Halifax, NS B3L 1K6',
        address: 'Sherbrooke Street',
        city: 'Halifax',
        zipcode: 'B3L 1K6',
        state: 'NS',
        country: 'CA',
        latitude: 44.6497,
        longitude: -63.6081,
        precision: 'street',
      },
    ]);
  });

  it('answers 503 unavailable when Photon fails or answers nonsense', async () => {
    t.server.answer((_req, res) => json(res, 500, { message: 'internal error' }));
    let res = await t.autocomplete('montreal', 'fr');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual(UNAVAILABLE.fr);
    t.server.answer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>maintenance</html>');
    });
    res = await t.autocomplete('montreal');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual(UNAVAILABLE.en);
    t.server.answer((_req, res) => json(res, 200, { type: 'FeatureCollection' }));
    expect((await t.autocomplete('montreal')).statusCode).toBe(503);
  });
});

describe('Nominatim', () => {
  let t: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    t = await setUp('nominatim', (_req, res) => json(res, 200, NOMINATIM_ANSWER), { APP_URL: 'https://evmap.example' });
  });
  afterAll(async () => {
    await t.ctx.close();
    await t.server.close();
  });

  it('restricts to Canada with address details and maps the answer', async () => {
    const res = await t.autocomplete('1260 sherbrooke', 'fr');
    expect(res.statusCode).toBe(200);
    const request = t.server.requests.at(-1)!;
    expect(request.path).toBe('/search');
    expect(Object.fromEntries(request.query)).toEqual({
      q: '1260 sherbrooke',
      format: 'jsonv2',
      addressdetails: '1',
      countrycodes: 'ca',
      limit: '10',
      'accept-language': 'fr',
    });
    expect(request.headers['user-agent']).toContain('https://evmap.example');
    expect(res.json().places).toEqual([{ ...MONTREAL_ADDRESS, latitude: 45.49862, longitude: -73.57941 }, SHERBROOKE]);
  });

  it('answers 503 unavailable on an error status', async () => {
    t.server.answer((_req, res) => json(res, 429, { error: 'rate limited' }));
    const res = await t.autocomplete('montreal');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual(UNAVAILABLE.en);
  });
});

describe('Google Places', () => {
  let t: Awaited<ReturnType<typeof setUp>>;
  const google: FakeHandler = (req, res) => {
    if (req.query.get('key') !== 'test-key') return json(res, 200, { status: 'REQUEST_DENIED', predictions: [] });
    if (req.path === '/maps/api/place/autocomplete/json') return json(res, 200, GOOGLE_AUTOCOMPLETE);
    if (req.path === '/maps/api/place/details/json') {
      return json(res, 200, GOOGLE_DETAILS[req.query.get('place_id') ?? ''] ?? { status: 'NOT_FOUND' });
    }
    return json(res, 404, {});
  };
  beforeAll(async () => {
    t = await setUp('google', google, { GOOGLE_MAPS_API_KEY: 'test-key' });
  });
  afterAll(async () => {
    await t.ctx.close();
    await t.server.close();
  });

  it('asks for geocode places in Canada, then their details, in one session', async () => {
    const res = await t.autocomplete('1260 sherbrooke', 'fr');
    expect(res.statusCode).toBe(200);
    const [search, ...details] = t.server.requests.slice(-3);
    expect(search!.path).toBe('/maps/api/place/autocomplete/json');
    expect(search!.query.get('input')).toBe('1260 sherbrooke');
    expect(search!.query.get('components')).toBe('country:ca');
    expect(search!.query.get('types')).toBe('geocode');
    expect(search!.query.get('language')).toBe('fr');
    expect(details.map((d) => d.query.get('place_id')).sort()).toEqual(['ChIJ-1260-sherbrooke', 'ChIJ-sherbrooke']);
    for (const d of details) {
      expect(d.path).toBe('/maps/api/place/details/json');
      expect(d.query.get('sessiontoken')).toBe(search!.query.get('sessiontoken'));
      expect(d.query.get('fields')).toBe('address_component,geometry');
    }
    expect(res.json().places).toEqual([{ ...MONTREAL_ADDRESS, latitude: 45.49862, longitude: -73.579412 }, SHERBROOKE]);
  });

  it('answers an empty list for ZERO_RESULTS', async () => {
    t.server.answer((_req, res) => json(res, 200, { status: 'ZERO_RESULTS', predictions: [] }));
    const res = await t.autocomplete('nowhere at all');
    expect(res.json()).toEqual({ places: [] });
    t.server.answer(google);
  });

  it('answers 503 unavailable when Google refuses', async () => {
    t.server.answer((_req, res) =>
      json(res, 200, { status: 'REQUEST_DENIED', error_message: 'The provided API key is invalid.', predictions: [] }),
    );
    const res = await t.autocomplete('montreal', 'fr');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual(UNAVAILABLE.fr);
    t.server.answer(google);
  });
});

describe('timeouts', () => {
  let server: Awaited<ReturnType<typeof startFakeGeocoder>>;
  beforeAll(async () => {
    server = await startFakeGeocoder((_req, res) => hang(res));
  });
  afterAll(() => server.close());

  it.each([
    ['Photon', () => new PhotonGeocoder(server.url, 200)],
    ['Nominatim', () => new NominatimGeocoder(server.url, 200, 'EventMap test')],
    ['Google', () => new GoogleGeocoder(server.url, 'key', 200)],
  ])('%s gives up after its timeout', async (_name, make) => {
    const error = await make()
      .autocomplete('montreal', { lang: 'en', limit: 10 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GeocoderUnavailableError);
    expect((error as Error).message).toBe('geocoder unavailable: timeout');
  });

  it('answers 503 through the route when the geocoder does not answer in time', async () => {
    const t = await setUp('photon', (_req, res) => hang(res));
    try {
      const started = Date.now();
      const res = await t.autocomplete('montreal');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual(UNAVAILABLE.en);
      expect(Date.now() - started).toBeGreaterThanOrEqual(GEOCODER_TIMEOUT_MS - 100);
    } finally {
      await t.ctx.close();
      await t.server.close();
    }
  }, 20_000);

  it('answers 503 when nothing listens', async () => {
    const closed = await startFakeGeocoder((_req, res) => json(res, 200, {}));
    await closed.close();
    const error = await new PhotonGeocoder(closed.url, 1000)
      .autocomplete('montreal', { lang: 'en', limit: 10 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GeocoderUnavailableError);
    expect((error as Error).message).toBe('geocoder unavailable: network error');
  });
});
