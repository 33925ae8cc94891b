/**
 * Hostile input answers 4xx, never 5xx (issue 15, items 2, 3, 4 and 9): NUL characters in any text, numbers and
 * dates out of the database's range, the same unique value written by concurrent requests, and an oversized
 * JSON body. Each case is what a client sees: the status and the exact `{ errors }` body.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { authHeaders, createUser, lastCode } from '../test/accounts';
import { createTestApp, type TestContext } from '../test/app';
import { eventBody } from '../test/events';
import { categories } from './db/schema/categories';
import { contactMessages } from './db/schema/contact-messages';
import { users } from './db/schema/users';
import type { UserRow } from './plugins/auth';

let ctx: TestContext;
let viewer: UserRow;
let manager: UserRow;
let admin: UserRow;

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, user?: UserRow, payload?: object, lang = 'en') =>
  ctx.app.inject({
    method,
    url,
    headers: user ? authHeaders(ctx.app, user, lang) : { 'accept-language': lang },
    ...(payload === undefined ? {} : { payload }),
  });

const SEARCH_BOUNDS = { northLat: 50, southLat: 40, eastLng: -60, westLng: -80 };
const N = '\u0000';

beforeAll(async () => {
  ctx = await createTestApp({
    // What the database itself refuses, past any schema: a value out of a column's range, a duplicate key.
    configure: (app) => {
      app.get(
        '/__test/refusal/:kind',
        { schema: { hide: true, response: { 200: z.object({}) } } },
        async (request: { params: unknown }) => {
          const { kind } = request.params as { kind: string };
          if (kind === 'range') await app.db.execute(sql`SELECT ${'2147483648'}::int`);
          else await app.db.insert(categories).values({ handle: 'business', titleFr: 'Affaires', titleEn: 'Business' });
          return {};
        },
      );
    },
  });
  [viewer, manager, admin] = await Promise.all([
    createUser(ctx, 'viewer'),
    createUser(ctx, 'event-manager'),
    createUser(ctx, 'admin'),
  ]);
});
afterAll(() => ctx.close());

describe('a NUL character in any text', () => {
  const refused = (field: string, name = field) => ({
    errors: { [field]: `The field ${name} contains a character that is not allowed` },
  });

  it('answers 400 on the field for bodies, query strings and path parameters', async () => {
    const cases: Array<[string, Promise<{ statusCode: number; json: () => unknown }>, object]> = [
      ['profile', call('PUT', '/api/v1/connected/me', viewer, { name: `Ana${N}is` }), refused('name')],
      [
        'sign-up',
        call('PUT', '/api/v1/public/auth/signup', undefined, {
          type: 'viewer',
          name: `x${N}`,
          email: 'nul-signup@example.com',
          password: 'long-enough',
          acceptTerms: true,
        }),
        refused('name'),
      ],
      [
        'event title',
        call('POST', '/api/v1/connected/events', manager, eventBody({ titleFr: `F${N}` })),
        refused('titleFr'),
      ],
      [
        'nested event date',
        call('POST', '/api/v1/connected/events', manager, eventBody({ dates: [{ startDate: `2030-01-01${N}` }] })),
        refused('dates.0.startDate', 'startDate'),
      ],
      [
        'contact subject',
        call('POST', '/api/v1/connected/globals/contact-us', viewer, { subject: `Hi${N}`, message: 'Hello' }),
        refused('subject'),
      ],
      ['admin user search', call('GET', '/api/v1/connected/admin/users?search=a%00b', admin), refused('search')],
      ['admin event search', call('GET', '/api/v1/connected/admin/events?search=%00', admin), refused('search')],
      ['places query', call('GET', '/api/v1/public/places/autocomplete?q=Mon%00', undefined), refused('q')],
      [
        'handle lookup',
        call('GET', '/api/v1/public/events/handle-or-uuid/fete%00', undefined),
        refused('handleOrUuid'),
      ],
      ['share page', call('GET', '/events/fete%00de-la-musique', undefined), refused('handleOrUuid')],
      [
        'a key of the body',
        call('PUT', '/api/v1/connected/me', viewer, { [`name${N}`]: 'x' }),
        { errors: { global: 'The field body contains a character that is not allowed' } },
      ],
    ];
    for (const [name, answer, body] of cases) {
      const res = await answer;
      expect({ name, status: res.statusCode, body: res.json() }).toEqual({ name, status: 400, body });
    }
    const [stored] = await ctx.db.select().from(users).where(eq(users.id, viewer.id));
    expect(stored?.name).toBe(viewer.name);
    expect(await ctx.db.select().from(users).where(eq(users.email, 'nul-signup@example.com'))).toEqual([]);
    expect(await ctx.db.select().from(contactMessages)).toEqual([]);
  });

  it('answers in French', async () => {
    const res = await call('POST', '/api/v1/connected/globals/contact-us', viewer, { subject: 'a', message: N }, 'fr');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: { message: 'Le champ message contient un caractère non autorisé' } });
  });
});

describe('numbers and dates out of the database range', () => {
  const tooBig = 'Field must be lower or equal to 2147483647';
  const year = 'The year must be between 1900 and 2999';
  const search = (body: object) =>
    call('POST', '/api/v1/public/events/search', undefined, {
      mapBounds: SEARCH_BOUNDS,
      selectedDay: '2030-01-01',
      ...body,
    });

  it('answers 400 on the field for ids, orders, pages and years past their range', async () => {
    const cases: Array<[string, Promise<{ statusCode: number; json: () => unknown }>, object]> = [
      [
        'category',
        call('POST', '/api/v1/connected/events', manager, eventBody({ categoryId: 2_147_483_648 })),
        { categoryId: tooBig },
      ],
      [
        'image order',
        call(
          'POST',
          '/api/v1/connected/events',
          manager,
          eventBody({ images: [{ imagePath: 'events/2030/01/x', orderIdx: 2_147_483_648 }] }),
        ),
        { 'images.0.orderIdx': tooBig },
      ],
      [
        'creator',
        call('POST', '/api/v1/connected/admin/events', admin, eventBody({ creatorId: 9_999_999_999 })),
        { creatorId: tooBig },
      ],
      [
        'admin edit category',
        call('PUT', '/api/v1/connected/admin/events/1', admin, eventBody({ categoryId: 2_147_483_648 })),
        { categoryId: tooBig },
      ],
      ['search category', search({ categoryId: 2_147_483_648 }), { categoryId: tooBig }],
      ['search excluded id', search({ excludeIds: [1, 2_147_483_648] }), { 'excludeIds.1': tooBig }],
      ['selected day of year 0', search({ selectedDay: '0000-01-01' }), { selectedDay: year }],
      [
        'event date of year 0100',
        call(
          'POST',
          '/api/v1/connected/events',
          manager,
          eventBody({ dates: [{ startDate: '0100-06-01 10:00:00', endDate: null }] }),
        ),
        { 'dates.0.startDate': year },
      ],
      [
        'trial end of year 0',
        call('POST', '/api/v1/connected/admin/users', admin, {
          name: 'Zero',
          email: 'year-zero@example.com',
          trialEndedAt: '0000-01-01',
        }),
        { trialEndedAt: year },
      ],
      [
        'admin events page',
        call('GET', '/api/v1/connected/admin/events?page=99999999999', admin),
        { page: 'Field must be lower or equal to 100000' },
      ],
      ['path id', call('GET', '/api/v1/connected/events/id/2147483648/favorite', viewer), { id: 'The id is invalid' }],
    ];
    for (const [name, answer, errors] of cases) {
      const res = await answer;
      expect({ name, status: res.statusCode, body: res.json() }).toEqual({ name, status: 400, body: { errors } });
    }
    expect(await ctx.db.select().from(users).where(eq(users.email, 'year-zero@example.com'))).toEqual([]);
  });

  it('answers in French', async () => {
    const res = await call(
      'POST',
      '/api/v1/public/events/search',
      undefined,
      { mapBounds: SEARCH_BOUNDS, selectedDay: '0000-01-01', categoryId: 2_147_483_648 },
      'fr',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      errors: {
        categoryId: 'Le champ doit être inférieur ou égal à 2147483647',
        selectedDay: "L'année doit être comprise entre 1900 et 2999",
      },
    });
  });
});

describe('the same unique value written by concurrent requests', () => {
  const statuses = (answers: Array<{ statusCode: number }>) => answers.map((a) => a.statusCode).sort();

  it('signs up one account for an email sent five times at once; the others get the 409 of the check', async () => {
    const body = { type: 'viewer', email: 'twice@example.com', password: 'long-enough', acceptTerms: true };
    const langs = ['fr', 'en', 'fr', 'en', 'fr'];
    const answers = await Promise.all(
      langs.map((lang) => call('PUT', '/api/v1/public/auth/signup', undefined, body, lang)),
    );
    expect(statuses(answers)).toEqual([200, 409, 409, 409, 409]);
    answers.forEach((res, i) => {
      if (res.statusCode !== 409) return;
      const message = langs[i] === 'fr' ? 'Ce courriel existe déjà' : 'Email already exists';
      expect(res.json()).toEqual({ errors: { email: message } });
    });
    expect(await ctx.db.select().from(users).where(eq(users.email, 'twice@example.com'))).toHaveLength(1);
  });

  it('creates one account when an administrator submits the same new user five times at once', async () => {
    const body = { name: 'Double', email: 'admin-twice@example.com' };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => call('POST', '/api/v1/connected/admin/users', admin, body)),
    );
    expect(statuses(answers)).toEqual([201, 409, 409, 409, 409]);
    for (const res of answers.filter((a) => a.statusCode === 409)) {
      expect(res.json()).toEqual({ errors: { email: 'Email already exists' } });
    }
  });

  it('verifies one of two accounts confirming the same new email at once', async () => {
    const [first, second] = await Promise.all([createUser(ctx, 'viewer'), createUser(ctx, 'viewer')]);
    const codes: number[] = [];
    for (const user of [first, second] as UserRow[]) {
      const res = await call('PUT', '/api/v1/connected/me', user, { email: 'shared@example.com' });
      expect(res.statusCode).toBe(200);
      codes.push(lastCode(ctx.config.mailDir, 'shared@example.com'));
    }
    const answers = await Promise.all(
      [first, second].map((user, i) =>
        call('POST', '/api/v1/connected/auth/verify-email', user, { email: 'shared@example.com', code: codes[i] }),
      ),
    );
    expect(statuses(answers)).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)?.json()).toEqual({ errors: { email: 'Email already exists' } });
    expect(await ctx.db.select().from(users).where(eq(users.email, 'shared@example.com'))).toHaveLength(1);
  });
});

describe('a JSON body over the limit', () => {
  it('answers 413 naming the 1 MB body limit, not the upload maximum', async () => {
    const payload = JSON.stringify({ subject: 'x', message: 'y'.repeat(1024 * 1024) });
    const send = (lang: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/connected/globals/contact-us',
        headers: { ...authHeaders(ctx.app, viewer, lang), 'content-type': 'application/json' },
        payload,
      });
    const en = await send('en');
    expect(en.statusCode).toBe(413);
    expect(en.json()).toEqual({ errors: { global: 'The request is too large (maximum 1 MB)' } });
    const fr = await send('fr');
    expect(fr.statusCode).toBe(413);
    expect(fr.json()).toEqual({ errors: { global: 'La requête est trop volumineuse (maximum 1 Mo)' } });
  });
});

describe('what the database refuses past the schemas', () => {
  it('answers 400 for a value out of a column range and 409 "try again" for another duplicate key', async () => {
    const range = await call('GET', '/__test/refusal/range');
    expect(range.statusCode).toBe(400);
    expect(range.json()).toEqual({ errors: { global: 'A value sent is not valid' } });
    const duplicate = await call('GET', '/__test/refusal/duplicate');
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({
      errors: { global: 'This was changed by another request at the same time. Please try again.' },
    });
    const fr = await call('GET', '/__test/refusal/duplicate', undefined, undefined, 'fr');
    expect(fr.json()).toEqual({
      errors: { global: 'Ceci a été modifié par une autre requête au même moment. Veuillez réessayer.' },
    });
  });
});
