/**
 * The OpenAPI document tells the whole truth: the bearer scheme and who needs it, every answer of every operation
 * with its body, operation ids, formats; and the router answers what the document says (strict query strings, 405,
 * over-long or malformed addresses in the error shape). A walk sends each operation as each role and fails on any
 * answer the document does not describe.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actors, createActors, ROLES } from '../test/api-actors';
import { createTestApp, type TestContext } from '../test/app';
import { AnswerChecker, type ApiDocument, apiDocument, describeExchange, send } from '../test/openapi';
import { plainRequest } from '../test/request-arbitraries';

let ctx: TestContext;
let doc: ApiDocument;
let actors: Actors;

beforeAll(async () => {
  ctx = await createTestApp();
  doc = await apiDocument(ctx.app);
  actors = await createActors(ctx);
});
afterAll(async () => ctx?.close());

const operation = (method: string, path: string) => {
  const found = doc.operations.find((op) => op.method === method && op.path === `/api/v1${path}`);
  if (!found) throw new Error(`no ${method} ${path} in the document`);
  return found;
};
const statuses = (method: string, path: string) => Object.keys(operation(method, path).responses).sort();

describe('the document', () => {
  it('declares the bearer scheme and requires it where a token is needed', () => {
    expect(doc.components.securitySchemes?.bearerAuth).toMatchObject({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
    });
    for (const op of doc.operations) {
      const name = `${op.method} ${op.path}`;
      if (op.path.startsWith('/api/v1/connected/')) expect(op.security, name).toEqual([{ bearerAuth: [] }]);
      else if (op.path === '/api/v1/invoices/{id}/pdf') {
        expect(op.security, name).toEqual([{ bearerAuth: [] }, { signedLink: [] }]);
      } else expect(op.security ?? [], name).toEqual([]);
    }
    expect(doc.components.securitySchemes?.signedLink).toMatchObject({ type: 'apiKey', in: 'query', name: 'token' });
  });

  it('names every operation, once', () => {
    const ids = doc.operations.map((op) => op.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z0-9]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operation('GET', '/connected/admin/users/id/{id}').operationId).toBe('getConnectedAdminUsersIdById');
  });

  it('gives every answer a body schema, but the 204s which have no body', () => {
    for (const op of doc.operations) {
      expect(
        Object.keys(op.responses).some((status) => status.startsWith('2')),
        op.operationId,
      ).toBe(true);
      for (const [status, answer] of Object.entries(op.responses)) {
        const name = `${op.operationId} ${status}`;
        expect(answer.description, name).not.toBe('Default Response');
        if (status === '204') {
          expect(answer.content, name).toBeUndefined();
          continue;
        }
        const media = Object.values(answer.content ?? {});
        expect(media.length, name).toBeGreaterThan(0);
        for (const { schema } of media) expect(Object.keys(schema ?? {}).length, name).toBeGreaterThan(0);
        if (Number(status) >= 400) {
          expect(answer.content?.['application/json']?.schema, name).toMatchObject({
            type: 'object',
            required: ['errors'],
            properties: { errors: { type: 'object', additionalProperties: { type: 'string' } } },
          });
        }
      }
    }
  });

  it('lists the answers each kind of route gives', () => {
    expect(statuses('GET', '/public/globals')).toEqual(['200', '400', '500']);
    expect(statuses('POST', '/public/globals/subscribe')).toEqual(['204', '400', '409', '413', '415', '429', '500']);
    expect(statuses('GET', '/connected/me')).toEqual(['200', '400', '401', '500']);
    expect(statuses('GET', '/connected/admin/users')).toEqual(['200', '400', '401', '403', '500']);
    expect(statuses('PUT', '/connected/events/{id}')).toEqual(
      ['200', '400', '401', '403', '404', '409', '413', '414', '415', '500'].sort(),
    );
    expect(statuses('PUT', '/public/auth/signup')).toEqual(['200', '400', '409', '413', '415', '429', '500']);
    expect(statuses('DELETE', '/connected/me/payment-methods/{id}')).toEqual(
      ['204', '400', '401', '403', '404', '409', '413', '414', '415', '500', '503'].sort(),
    );
    expect(Object.keys(operation('GET', '/invoices/{id}/pdf').responses['200']?.content ?? {})).toEqual([
      'application/pdf',
    ]);
    expect(operation('POST', '/public/auth/login').responses['429']?.headers).toHaveProperty('retry-after');
  });

  it('types emails and uuids', () => {
    const user = operation('GET', '/connected/me').responses['200']?.content?.['application/json']?.schema as {
      properties: { user: { properties: Record<string, unknown> } };
    };
    expect(user.properties.user.properties.email).toMatchObject({ type: 'string', format: 'email' });
    expect(user.properties.user.properties.unverifiedEmail).toMatchObject({
      anyOf: [{ type: 'string', format: 'email' }, { type: 'null' }],
    });
    const event = operation('GET', '/public/events/handle-or-uuid/{handleOrUuid}').responses['200']?.content?.[
      'application/json'
    ]?.schema as { properties: { event: { properties: Record<string, unknown> } } };
    expect(event.properties.event.properties.uuid).toMatchObject({ type: 'string', format: 'uuid' });
    const login = operation('POST', '/public/auth/login').requestBody?.content['application/json']?.schema as {
      properties: Record<string, unknown>;
    };
    expect(login.properties.email).toMatchObject({ type: 'string', format: 'email' });
    const uuid = operation('GET', '/public/events/{uuid}/ics').parameters.find((p) => p.name === 'uuid');
    expect(uuid?.schema).toMatchObject({ type: 'string', format: 'uuid' });
  });
});

describe('what the document accepts is what the API accepts', () => {
  it('takes a selected day of a real date from 1900 to 2999, and no 0000-00-00', async () => {
    const schema = operation('POST', '/public/events/search').requestBody?.content['application/json']?.schema ?? {};
    const checker = new AnswerChecker();
    const mapBounds = { northLat: 46, eastLng: -73, southLat: 45, westLng: -74 };
    const days = ['0000-00-00', '0000-01-01', '1899-12-31', '3000-01-01', '2024-02-30', '2024-13-01', '2024-1-01'];
    for (const selectedDay of [...days, '1900-01-01', '2024-02-29', '2999-12-31']) {
      const body = { mapBounds, selectedDay };
      const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/public/events/search', payload: body });
      expect([selectedDay, checker.accepts(schema, body)]).toEqual([selectedDay, res.statusCode === 200]);
      expect([selectedDay, res.statusCode]).toEqual([selectedDay, days.includes(selectedDay) ? 400 : 200]);
    }
  });
});

describe('query strings', () => {
  const get = (url: string, lang = 'en', user = actors.users.admin) =>
    ctx.app.inject({ url, headers: { authorization: `Bearer ${ctx.app.signToken(user)}`, 'accept-language': lang } });

  it('refuses an unknown parameter with 400, naming it, in both languages', async () => {
    const res = await get('/api/v1/public/places/autocomplete?q=mont&cachebust=1');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: { cachebust: 'The field cachebust is not expected' } });
    const fr = await get('/api/v1/public/globals?x=1&constructor=2', 'fr');
    expect(fr.statusCode).toBe(400);
    expect(fr.json()).toEqual({
      errors: { x: "Le champ x n'est pas attendu", constructor: "Le champ constructor n'est pas attendu" },
    });
    const dashboard = await get('/api/v1/connected/admin/dashboard?page=1');
    expect(dashboard.json()).toEqual({ errors: { page: 'The field page is not expected' } });
    // A name that cannot be a key of the answer is reported on the request as a whole.
    const proto = await get('/api/v1/public/ping?__proto__=1');
    expect(proto.statusCode).toBe(400);
    expect(proto.json()).toEqual({ errors: { global: 'The field __proto__ is not expected' } });
  });

  it('takes every query string the web app and its links send', async () => {
    for (const url of [
      '/api/v1/public/places/autocomplete?q=Mont+r%C3%A9al&lang=en',
      '/api/v1/connected/admin/moderation?page=1&limit=20',
      '/api/v1/connected/admin/users?search=a&type=viewer&creatorsOnly=true&page=1&limit=20&sortField=name&sortDirection=asc',
      '/api/v1/connected/admin/events?search=Gala&page=1&limit=100&sortField=titleFr&sortDirection=asc',
    ]) {
      const res = await get(url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    }
    const invoices = (await get('/api/v1/connected/me/invoices', 'en', actors.users.organiser)).json().invoices;
    const link = new URL(invoices[0].invoice_pdf);
    const pdf = await ctx.app.inject(`${link.pathname}${link.search}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
  });
});

describe('requests no route takes', () => {
  it('answers 405 with Allow to a method a path does not have', async () => {
    const res = await ctx.app.inject({ method: 'PATCH', url: '/api/v1/public/globals' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
    expect(res.json()).toEqual({
      errors: { global: 'This API route does not accept this method (accepted: GET, HEAD)' },
    });
    const fr = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/public/globals/subscribe/',
      headers: { 'accept-language': 'fr' },
    });
    expect(fr.statusCode).toBe(405);
    expect(fr.headers.allow).toBe('POST');
    expect(fr.json()).toEqual({
      errors: { global: "Cette route de l'API n'accepte pas cette méthode (acceptées : POST)" },
    });
    // A parameter the path has under another method.
    const put = await ctx.app.inject({ method: 'GET', url: '/api/v1/connected/events/12' });
    expect([put.statusCode, put.headers.allow]).toEqual([405, 'PUT']);
    // The document's own routes too.
    const docs = await ctx.app.inject({ method: 'POST', url: '/api/docs/json' });
    expect([docs.statusCode, docs.headers.allow]).toEqual([405, 'GET, HEAD']);
    // A path that does not exist at all is still 404.
    const none = await ctx.app.inject({ method: 'GET', url: '/api/v1/public/nothing-here' });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ errors: { global: 'This API route does not exist' } });
  });

  it('answers an over-long or malformed address in the error shape, without echoing it', async () => {
    const long = 'x'.repeat(150);
    const res = await ctx.app.inject(`/api/v1/public/events/handle-or-uuid/${long}`);
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ errors: { global: 'A part of the address of the request is too long' } });
    const bad = await ctx.app.inject({ url: '/api/v1/public/events/%zz/ics', headers: { 'accept-language': 'fr' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ errors: { global: "L'adresse de la requête n'est pas valide" } });
    expect(bad.body).not.toContain('%zz');
  });
});

describe('every operation, as every role', () => {
  it('answers only what the document describes', async () => {
    const checker = new AnswerChecker();
    const problems: string[] = [];
    // Deleting one's own account last: the calls after it would all be 401.
    const ordered = [...doc.operations].sort(
      (a, b) => Number(a.operationId === 'deleteConnectedMe') - Number(b.operationId === 'deleteConnectedMe'),
    );
    for (const op of ordered) {
      for (const role of ROLES) {
        const request = plainRequest(op, actors.contexts[role], 1);
        const answer = await send(ctx.app, request);
        const problem = checker.problem(op, answer);
        if (problem) problems.push(describeExchange(request, answer, `${op.operationId} as ${role}: ${problem}`));
        if (answer.statusCode >= 500) problems.push(describeExchange(request, answer, `${op.operationId} as ${role}`));
        const secured = (op.security ?? []).length > 0;
        if (role === 'visitor' && secured && answer.statusCode !== 401) {
          problems.push(describeExchange(request, answer, `${op.operationId}: a visitor is not refused with 401`));
        }
        if (!secured && answer.statusCode === 401) {
          problems.push(describeExchange(request, answer, `${op.operationId}: 401 where no token is documented`));
        }
        if ((role === 'viewer' || role === 'organiser') && op.path.startsWith('/api/v1/connected/admin/')) {
          if (answer.statusCode !== 403) problems.push(describeExchange(request, answer, `${op.operationId}: not 403`));
        }
      }
    }
    expect(problems).toEqual([]);
  }, 60_000);
});
