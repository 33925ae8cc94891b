/**
 * No secret reaches the log or error reporting: verification codes (mail subjects), reset tokens, passwords and
 * their hashes, tokens, and the values bound to a failed query (emails, raw input, control characters).
 * The app's log stream is read line by line; error reports are received by a local stand-in for Sentry.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastCode, readMails } from '../test/accounts';
import { createTestApp, type TestContext } from '../test/app';
import { users } from './db/schema/users';
import { flushErrorReporting, initErrorReporting } from './lib/error-reporting';
import { hashPassword } from './lib/passwords';

const lines: string[] = [];
const reports: string[] = [];
let sentry: Server;
let ctx: TestContext;

/** Someone's secrets, bound to the failing queries of the test routes. */
const SECRET_EMAIL = 'hidden.person@example.com';
const RAW_INPUT = 'raw\u0007input\u0001with controls';
let secretHash = '';

/** Test routes: an unexpected failed query (answered 500), and a failed insert caught and logged by its caller. */
function testRoutes(app: FastifyInstance) {
  app.get('/test/failing-query', async () => {
    await app.db.execute(
      sql`SELECT no_such_column FROM users WHERE email = ${SECRET_EMAIL} AND password_hash = ${secretHash} AND name = ${RAW_INPUT}`,
    );
    return { ok: true };
  });
  app.post('/test/caught-failure', async (request, reply) => {
    try {
      await app.db.insert(users).values({
        email: SECRET_EMAIL,
        passwordHash: secretHash,
        name: RAW_INPUT,
        type: null as unknown as string,
      });
    } catch (err) {
      request.log.error({ err }, 'could not record the user');
    }
    return reply.status(204).send();
  });
}

beforeAll(async () => {
  secretHash = await hashPassword('someone-else-secret');
  sentry = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      reports.push((request.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body).toString('utf8'));
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => sentry.listen(0, '127.0.0.1', resolve));
  const { port } = sentry.address() as AddressInfo;
  initErrorReporting(`http://public0123456789@127.0.0.1:${port}/1`, 'test');
  ctx = await createTestApp({
    env: { LOG_LEVEL: 'info' },
    appOptions: { logStream: { write: (line: string) => void lines.push(line) } },
    configure: testRoutes,
  });
});
afterAll(async () => {
  await ctx?.close();
  await new Promise((resolve) => sentry?.close(resolve));
});

/** The log lines written since `from`, parsed. */
const logged = (from: number) => lines.slice(from).map((line) => JSON.parse(line) as Record<string, unknown>);

describe('the log', () => {
  it('never holds a verification code, a reset token, a password, its hash or a session token', async () => {
    const from = lines.length;
    const email = 'secret-keeper@example.com';
    const password = 'my-first-password';
    const signup = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/public/auth/signup',
      payload: { type: 'event-manager', name: 'Gardiens', email, password, acceptTerms: true },
    });
    expect(signup.statusCode).toBe(200);
    const jwt: string = signup.json().jwt;
    const code = lastCode(ctx.config.mailDir, email);
    const verified = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/connected/auth/verify-email',
      headers: { authorization: `Bearer ${jwt}` },
      payload: { email, code },
    });
    expect(verified.statusCode).toBe(200);

    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/v1/public/auth/forgot-pwd', payload: { email } })).statusCode,
    ).toBe(204);
    const reset = readMails(ctx.config.mailDir)
      .filter((mail) => mail.to.includes(email))
      .at(-1);
    const token = decodeURIComponent(reset?.text.match(/token=([^\s&]+)/)?.[1] ?? '');
    expect(token.length).toBeGreaterThan(20);
    const changed = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/public/auth/change-pwd',
      payload: { token, password: 'my-second-password' },
    });
    expect(changed.statusCode).toBe(200);
    const [row] = await ctx.db.select().from(users).where(eq(users.email, email));
    // The notice of the change carries a "this was not me" link: its token is a secret too.
    const notice = readMails(ctx.config.mailDir)
      .filter((mail) => mail.to.includes(email))
      .at(-1);
    const notMe = decodeURIComponent(notice?.text.match(/token=([^\s&]+)/)?.[1] ?? '');
    expect(notMe.length).toBeGreaterThan(20);

    const text = lines.slice(from).join('');
    for (const secret of [String(code), token, notMe, password, 'my-second-password', row!.passwordHash, jwt]) {
      expect(text).not.toContain(secret);
    }
    // The mails are still logged, their subject without its digits.
    const mails = logged(from).filter((line) => line.msg === 'mail written');
    expect(mails.map((line) => line.subject)).toEqual([
      'Your EventMap verification code: ••••••',
      'Reset your EventMap password',
      'Your EventMap password was changed',
    ]);
  });

  it("logs a failed query's shape and error code, never its values, and reports it the same way", async () => {
    const from = lines.length;
    const res = await ctx.app.inject({ url: '/test/failing-query', headers: { 'accept-language': 'fr' } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ errors: { global: "Une erreur inattendue s'est produite. Veuillez réessayer." } });

    const [line] = logged(from).filter((entry) => entry.msg === 'unexpected error');
    expect(line?.err).toMatchObject({
      type: 'DrizzleQueryError',
      message: 'Failed query: SELECT no_such_column FROM users WHERE email = $1 AND password_hash = $2 AND name = $3',
      cause: { type: 'DatabaseError', code: '42703', message: 'column "no_such_column" does not exist' },
    });
    const text = lines.slice(from).join('');
    for (const value of [SECRET_EMAIL, secretHash, 'raw', '\\u0007', '\\u0001', 'params']) {
      expect(text).not.toContain(value);
    }

    expect(await flushErrorReporting(5000)).toBe(true);
    const report = reports.join('\n');
    expect(report).toContain('Failed query: SELECT no_such_column FROM users WHERE email = $1');
    expect(report).toContain('column \\"no_such_column\\" does not exist');
    for (const value of [SECRET_EMAIL, secretHash, 'raw\\u0007', 'params:']) {
      expect(report).not.toContain(value);
    }
  });

  it("drops PostgreSQL's detail, which repeats the row, from a failure its caller logs", async () => {
    const from = lines.length;
    expect((await ctx.app.inject({ method: 'POST', url: '/test/caught-failure' })).statusCode).toBe(204);
    const [line] = logged(from).filter((entry) => entry.msg === 'could not record the user');
    expect(line?.err).toMatchObject({
      type: 'DrizzleQueryError',
      cause: { code: '23502', table: 'users', column: 'type' },
    });
    expect((line?.err as { message?: string } | undefined)?.message).toMatch(/^Failed query: insert into "users" \(/);
    const text = lines.slice(from).join('');
    for (const value of [SECRET_EMAIL, secretHash, 'Failing row', 'raw', '\\u0007']) {
      expect(text).not.toContain(value);
    }
  });
});
