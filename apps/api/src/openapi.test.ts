/**
 * The OpenAPI document tells the whole truth: the bearer scheme and who needs it, every answer of every operation
 * with its body, operation ids, formats; and the router answers what the document says (strict query strings, 405,
 * over-long or malformed addresses in the error shape). A walk sends each operation as each role and fails on any
 * answer the document does not describe, and on a signed-in answer a shared cache could keep.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actors, createActors, ROLES } from '../test/api-actors';
import { createTestApp, type TestContext } from '../test/app';
import { AnswerChecker, type ApiDocument, apiDocument, describeExchange, send, sendRaw } from '../test/openapi';
import { plainRequest } from '../test/request-arbitraries';

let ctx: TestContext;
let doc: ApiDocument;
let actors: Actors;
/** The app also listens, for requests `inject` cannot send (bytes Node's HTTP parser refuses). */
let port: number;

beforeAll(async () => {
  ctx = await createTestApp();
  doc = await apiDocument(ctx.app);
  actors = await createActors(ctx);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as { port: number }).port;
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

  it('gives every answer a body schema, but the 204s and 304s which have no body', () => {
    for (const op of doc.operations) {
      expect(
        Object.keys(op.responses).some((status) => status.startsWith('2')),
        op.operationId,
      ).toBe(true);
      for (const [status, answer] of Object.entries(op.responses)) {
        const name = `${op.operationId} ${status}`;
        expect(answer.description, name).not.toBe('Default Response');
        if (status === '204' || status === '304') {
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
    // 402 and 503: a new unit publication is charged.
    expect(statuses('PUT', '/connected/events/{id}')).toEqual(
      ['200', '400', '401', '402', '403', '404', '409', '413', '414', '415', '429', '500', '503'].sort(),
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

describe('requests Node cannot read, and path parameters holding a / or a dot segment', () => {
  const MALFORMED = {
    en: 'The request is malformed: its first line or one of its headers cannot be read',
    fr: "La requête est mal formée : sa première ligne ou l'un de ses en-têtes est illisible",
  };

  it("answers a visitor's POST with a malformed Authorization header in the error shape, in both languages", async () => {
    const search = {
      method: 'POST',
      url: '/api/v1/public/events/search',
      payload: JSON.stringify({
        mapBounds: { northLat: 46, eastLng: -73, southLat: 45, westLng: -74 },
        selectedDay: '2030-06-01',
      }),
    };
    for (const lang of ['en', 'fr'] as const) {
      const answer = await sendRaw(port, {
        ...search,
        headers: { 'accept-language': lang, authorization: 'Bearer a\u0001b', 'content-type': 'application/json' },
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(JSON.parse(answer.body.toString('utf8'))).toEqual({ errors: { global: MALFORMED[lang] } });
    }
    // Headers over Node's limit: 431, in the same shape.
    const huge = await sendRaw(port, { ...search, headers: { 'accept-language': 'fr', 'x-big': 'a'.repeat(40_000) } });
    expect(huge.statusCode).toBe(431);
    expect(JSON.parse(huge.body.toString('utf8'))).toEqual({
      errors: { global: 'Les en-têtes de la requête sont trop volumineux' },
    });
    // A malformed header that Node reads is the route's business: the public search ignores it.
    const readable = await sendRaw(port, {
      ...search,
      headers: { 'accept-language': 'en', authorization: 'Bearer not a token', 'content-type': 'application/json' },
    });
    expect(readable.statusCode).toBe(200);
  });

  it('answers every operation sent with an unreadable Authorization header as the document says', async () => {
    const checker = new AnswerChecker();
    const problems: string[] = [];
    for (const op of doc.operations) {
      const request = plainRequest(op, actors.contexts.visitor, 1);
      request.headers.authorization = 'Bearer \u0000';
      const answer = await sendRaw(port, request);
      const problem = checker.problem(op, answer) ?? (answer.statusCode === 400 ? undefined : 'not 400');
      if (problem) problems.push(describeExchange(request, answer, `${op.operationId}: ${problem}`));
    }
    expect(problems).toEqual([]);
  }, 60_000);

  it('answers 400 or 404 to a path parameter holding an encoded / or a dot segment, never an undocumented 405', async () => {
    const organiser = `Bearer ${ctx.app.signToken(actors.users.organiser)}`;
    const get = (url: string) =>
      ctx.app.inject({ url, headers: { authorization: organiser, 'accept-language': 'en' } });
    const routeNotFound = { errors: { global: 'This API route does not exist' } };
    for (const url of [
      // What an HTTP library sends for `.` (or %2E) in {id}: /connected/events/stats, which is no event's address.
      '/api/v1/connected/events/./stats',
      '/api/v1/connected/events/%2E/stats',
      '/api/v1/connected/admin/users/id/.',
      '/api/v1/connected/events/uuid/.',
    ]) {
      const res = await get(url);
      expect([url, res.statusCode, res.headers.allow, res.json()]).toEqual([url, 404, undefined, routeNotFound]);
    }
    const slash = await get('/api/v1/connected/events/%2F/stats');
    expect([slash.statusCode, slash.json()]).toEqual([400, { errors: { id: 'The id is invalid' } }]);
    for (const value of ['%2F', 'a%2Fb', '%2F..%2F']) {
      const res = await get(`/api/v1/public/events/handle-or-uuid/${value}`);
      expect([value, res.statusCode, res.json()]).toEqual([value, 404, { errors: { global: 'Not found' } }]);
    }
    // Unnormalised, on the wire, the same.
    const raw = await sendRaw(port, {
      method: 'GET',
      url: '/api/v1/connected/events/%2F/stats',
      headers: { authorization: organiser, 'accept-language': 'en' },
    });
    expect([raw.statusCode, JSON.parse(raw.body.toString('utf8'))]).toEqual([
      400,
      { errors: { id: 'The id is invalid' } },
    ]);
    // A path that is an address under another method still answers 405 with Allow.
    const other = await get('/api/v1/connected/events/12');
    expect([other.statusCode, other.headers.allow]).toEqual([405, 'PUT']);
  });
});

describe('a request arriving while the server closes', () => {
  it("answers 503 in the error shape, not with Fastify's own body", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started = () => {};
    const inFlight = new Promise<void>((resolve) => {
      started = resolve;
    });
    const closing = await createTestApp({
      configure: (app) => {
        app.get('/api/v1/test/held', async () => {
          started();
          await held;
          return { ok: true };
        });
      },
    });
    await closing.app.listen({ port: 0, host: '127.0.0.1' });
    const { port: closingPort } = closing.app.server.address() as { port: number };
    const socket = connect(closingPort, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString('utf8');
    });
    const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.write('GET /api/v1/test/held HTTP/1.1\r\nHost: x\r\n\r\n');
    await inFlight;
    const closed = closing.close();
    // A second request on the same connection (pipelined): it arrives while the server closes.
    socket.write('GET /api/v1/public/globals HTTP/1.1\r\nHost: x\r\nAccept-Language: fr\r\n\r\n');
    release();
    await ended;
    await closed;
    const answers = received.split(/(?=HTTP\/1\.1 )/);
    expect(answers[0]).toMatch(/^HTTP\/1\.1 200 /);
    expect(answers[1]).toMatch(/^HTTP\/1\.1 503 /);
    expect(answers[1]?.slice(answers[1].indexOf('\r\n\r\n') + 4)).toBe(
      JSON.stringify({ errors: { global: 'Le service est temporairement indisponible. Veuillez réessayer.' } }),
    );
  });
});

describe('every operation, as every role', () => {
  it('answers only what the document describes', async () => {
    const checker = new AnswerChecker();
    const problems: string[] = [];
    // Ending one's own sessions, then deleting one's own account, last: the calls after them would all be 401.
    const last = ['postConnectedMeSignOutEverywhere', 'deleteConnectedMe'];
    const ordered = [...doc.operations].sort((a, b) => last.indexOf(a.operationId) - last.indexOf(b.operationId));
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
        // A signed-in answer is never for a shared cache (plugins/auth.ts): private, no-store, or no-cache with a
        // validator the route chose.
        if (role !== 'visitor' && secured && answer.statusCode !== 401) {
          const cache = answer.headers['cache-control'];
          const validated = cache === 'private, no-cache' && (answer.headers.etag || answer.headers['last-modified']);
          if (cache !== 'private, no-store' && !validated) {
            problems.push(describeExchange(request, answer, `${op.operationId} as ${role}: Cache-Control ${cache}`));
          }
        }
        if ((role === 'viewer' || role === 'organiser') && op.path.startsWith('/api/v1/connected/admin/')) {
          if (answer.statusCode !== 403) problems.push(describeExchange(request, answer, `${op.operationId}: not 403`));
        }
      }
    }
    expect(problems).toEqual([]);
  }, 60_000);
});
