import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CATEGORY_HANDLES } from '@evmap/contract/enums';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestContext } from '../test/app';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({
    configure: (app) => {
      // Routes that exist only in this test, to drive the error mechanism.
      app.post(
        '/api/v1/__test/echo',
        {
          schema: {
            body: z.object({ name: z.string().min(1), age: z.number().int().min(18), lang: z.enum(['fr', 'en']) }),
          },
        },
        async (request) => request.body,
      );
      app.get('/api/v1/__test/crash', async () => {
        throw new Error('database password is hunter2');
      });
    },
    prepare: ({ webDist }) => {
      mkdirSync(path.join(webDist, 'assets'), { recursive: true });
      writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>EventMap</title><div id="root"></div>');
      writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
    },
  });
});
afterAll(() => ctx.close());

describe('GET /api/v1/health', () => {
  it('answers ok after a database round trip', async () => {
    const res = await ctx.app.inject('/api/v1/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('GET /api/v1/public/globals', () => {
  it('lists the six categories with French and English titles', async () => {
    const res = await ctx.app.inject('/api/v1/public/globals');
    expect(res.statusCode).toBe(200);
    const { categories } = res.json();
    expect(categories.map((c: { handle: string }) => c.handle)).toEqual([...CATEGORY_HANDLES]);
    expect(categories[2]).toEqual({
      id: expect.any(Number),
      handle: 'cultural',
      titleFr: 'Culture',
      titleEn: 'Cultural',
    });
  });

  it("gives the map's tile settings of the configuration", async () => {
    const { map } = (await ctx.app.inject('/api/v1/public/globals')).json();
    expect(map).toEqual({
      tileUrl: ctx.app.config.tileUrl,
      tileAttribution: ctx.app.config.tileAttribution,
      tileAttributionFr: ctx.app.config.tileAttributionFr,
    });
    expect(map.tileUrl).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(map.tileAttribution).toContain('OpenStreetMap</a> contributors');
    // The default credit also in French; a configured one is shown as it is.
    expect(map.tileAttributionFr).toContain('les contributeurs d’<a href="https://www.openstreetmap.org/copyright">');
  });

  it('names GeoNames as the source of the built-in place suggestions, for their credit', async () => {
    const { places } = (await ctx.app.inject('/api/v1/public/globals')).json();
    expect(ctx.app.config.geocoder.provider).toBe('builtin');
    // The form also names the geocoder, and says the built-in one finds towns, not street addresses.
    expect(places).toEqual({ source: 'geonames', geocoder: 'builtin', streetAddresses: false });
  });
});

describe('errors', () => {
  it('answers unknown API routes with 404 in the error shape and the request language', async () => {
    const en = await ctx.app.inject('/api/v1/nothing-here');
    expect(en.statusCode).toBe(404);
    expect(en.json()).toEqual({ errors: { global: 'This API route does not exist' } });
    const fr = await ctx.app.inject({ url: '/api/v1/nothing-here', headers: { 'accept-language': 'fr-CA,fr;q=0.9' } });
    expect(fr.json()).toEqual({ errors: { global: "Cette route de l'API n'existe pas" } });
  });

  it('reports every failing field of a schema, in the request language', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/__test/echo', payload: { age: 12, lang: 'de' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      errors: {
        name: 'The field name is required',
        age: 'Field must be greater or equal to 18',
        lang: 'The enum field is not valid; valid values are: fr, en',
      },
    });
    const fr = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/__test/echo',
      headers: { 'accept-language': 'fr' },
      payload: { name: 3, age: 20, lang: 'fr' },
    });
    expect(fr.json()).toEqual({ errors: { name: 'Le champ name doit être de type string' } });
  });

  it('answers a malformed JSON body with 400', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/__test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: { global: 'The field body is not valid JSON' } });
  });

  it('hides unexpected exceptions behind a generic message, without a stack', async () => {
    const res = await ctx.app.inject({ url: '/api/v1/__test/crash', headers: { 'accept-language': 'fr' } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ errors: { global: "Une erreur inattendue s'est produite. Veuillez réessayer." } });
    expect(res.body).not.toContain('hunter2');
  });
});

describe('web app', () => {
  it('serves the app for unknown paths outside /api, so the app shows its 404 page', async () => {
    for (const url of ['/', '/does-not-exist', '/events/some-handle', '/profile/me']) {
      const res = await ctx.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('caches hashed assets for good and answers a missing file with 404', async () => {
    const asset = await ctx.app.inject('/assets/app-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await ctx.app.inject('/assets/missing.js')).statusCode).toBe(404);
  });
});
