import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createUser, lastCode, PASSWORD, readMails } from '../../../test/accounts';
import { createTestApp, type TestContext } from '../../../test/app';
import { handMadeToken } from '../../../test/jwt';
import { users } from '../../db/schema/users';
import { verificationCodes } from '../../db/schema/verification-codes';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const signup = (payload: Record<string, unknown>, lang = 'en') =>
  ctx.app.inject({ method: 'PUT', url: '/api/v1/public/auth/signup', payload, headers: { 'accept-language': lang } });
const login = (email: string, password: string, lang = 'en') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/public/auth/login',
    payload: { email, password },
    headers: { 'accept-language': lang },
  });
const me = (jwt: string) =>
  ctx.app.inject({ url: '/api/v1/connected/me', headers: { authorization: `Bearer ${jwt}` } });
const mails = () => readMails(ctx.config.mailDir);

const manager = (email: string) => ({
  type: 'event-manager',
  name: 'Festival du Quartier',
  email,
  password: 'long-enough',
  acceptTerms: true,
  acceptCommunications: true,
});

describe('PUT /public/auth/signup', () => {
  it('signs up a viewer: no plan, no verification, a working token', async () => {
    const res = await signup({
      type: 'viewer',
      email: ' New.Viewer@Example.com ',
      password: 'secret-1',
      acceptTerms: true,
    });
    expect(res.statusCode).toBe(200);
    const { jwt, user } = res.json();
    expect(user).toMatchObject({
      email: 'new.viewer@example.com',
      type: 'viewer',
      planType: null,
      unverifiedEmail: null,
      acceptTerms: true,
      acceptCommunications: false,
      preferredLang: 'en',
      isAdmin: false,
    });
    expect(Object.keys(user)).not.toContain('passwordHash');
    expect(res.body).not.toMatch(/argon2|tokenVersion|searchText/);
    expect((await me(jwt)).json().user.id).toBe(user.id);
    expect(mails().filter((m) => m.to.includes('new.viewer@example.com'))).toHaveLength(0);
  });

  it('starts an event-manager on a 4-month trial with the email to verify, and mails a 6-digit code', async () => {
    const res = await signup(manager('org@example.com'), 'fr');
    expect(res.statusCode).toBe(200);
    const { user } = res.json();
    expect(user).toMatchObject({ type: 'event-manager', planType: 'trial', unverifiedEmail: 'org@example.com' });
    expect(user.preferredLang).toBe('fr');
    const days = (new Date(user.trialEndedAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(119);
    expect(days).toBeLessThan(124);
    const mail = mails().at(-1)!;
    expect(mail.to).toContain('org@example.com');
    expect(mail.subject).toMatch(/^Votre code de vérification EventMap : \d{6}$/);
    expect(String(lastCode(ctx.config.mailDir, 'org@example.com'))).toMatch(/^\d{6}$/);
    const [stored] = await ctx.db.select().from(verificationCodes).where(eq(verificationCodes.userId, user.id));
    expect(stored?.codeHash).not.toContain(String(lastCode(ctx.config.mailDir, 'org@example.com')));
  });

  it('validates every field with the catalogue messages', async () => {
    const res = await signup({ email: 'x', password: 'short', acceptTerms: false });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      errors: {
        type: 'The field type is required',
        email: 'The email is not valid',
        password: 'The password must be longer than 6 characters',
        acceptTerms: 'You must accept the terms of use',
      },
    });
    const noName = await signup({ ...manager('named@example.com'), name: '  ' });
    expect(noName.json()).toEqual({ errors: { name: 'The field name is required' } });
    const noNameBadPassword = await signup({ ...manager('named@example.com'), name: '', password: 'short' });
    expect(noNameBadPassword.json()).toEqual({
      errors: { name: 'The field name is required', password: 'The password must be longer than 6 characters' },
    });
    const fr = await signup({ type: 'viewer', email: '', password: 'x'.repeat(129), acceptTerms: true }, 'fr');
    expect(fr.json()).toEqual({
      errors: {
        email: 'Le champ email est obligatoire',
        password: 'Le mot de passe doit contenir au plus 128 caractères',
      },
    });
    const badType = await signup({ ...manager('t@example.com'), type: 'admin' });
    expect(badType.json()).toEqual({
      errors: { type: 'The enum field is not valid; valid values are: viewer, event-manager' },
    });
  });

  it('refuses an email already in use, whatever its case and spaces', async () => {
    await signup({ type: 'viewer', email: 'taken@example.com', password: 'secret-1', acceptTerms: true });
    const res = await signup({ type: 'viewer', email: '  TAKEN@example.com', password: 'secret-1', acceptTerms: true });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ errors: { email: 'Email already exists' } });
    const fr = await signup(
      { type: 'viewer', email: 'taken@example.com', password: 'secret-1', acceptTerms: true },
      'fr',
    );
    expect(fr.json()).toEqual({ errors: { email: 'Ce courriel existe déjà' } });
  });
});

describe('POST /public/auth/login', () => {
  it('signs in and answers jwt and user', async () => {
    const user = await createUser(ctx, 'viewer', { email: 'login@example.com' });
    const res = await login('LOGIN@example.com ', PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: user.id, email: 'login@example.com' });
    expect((await me(res.json().jwt)).statusCode).toBe(200);
  });

  it('says which of email or password is wrong, and refuses deleted accounts', async () => {
    await createUser(ctx, 'viewer', { email: 'wrongpw@example.com' });
    expect((await login('nobody@example.com', PASSWORD)).json()).toEqual({
      errors: { email: 'Email does not exist' },
    });
    const bad = await login('wrongpw@example.com', 'not-the-password');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ errors: { password: 'Password is invalid' } });
    expect((await login('wrongpw@example.com', 'nope', 'fr')).json()).toEqual({
      errors: { password: "Le mot de passe n'est pas valide" },
    });
    await createUser(ctx, 'viewer', { email: 'gone@example.com', deletedAt: new Date() });
    const gone = await login('gone@example.com', PASSWORD);
    expect(gone.statusCode).toBe(403);
    expect(gone.json()).toEqual({
      errors: { global: 'Your account was deleted. Please contact us to create a new account.' },
    });
    expect((await login('', '')).json()).toEqual({
      errors: { email: 'The field email is required', password: 'The field password is required' },
    });
  });

  it('locks an account for 15 minutes after 5 failed sign-ins', async () => {
    await createUser(ctx, 'viewer', { email: 'brute@example.com' });
    for (let i = 0; i < 5; i++) expect((await login('brute@example.com', `guess-${i}`)).statusCode).toBe(400);
    const locked = await login('brute@example.com', PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ errors: { global: 'Too many attempts. Please try again in 15 minutes.' } });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800);
  });
});

describe('bearer tokens', () => {
  it('refuses missing, malformed, forged, unpinned-algorithm, expired and revoked tokens with 401', async () => {
    const user = await createUser(ctx, 'viewer');
    const secret = ctx.config.jwtSecret;
    const now = Math.floor(Date.now() / 1000);
    const payload = { sub: String(user.id), ver: user.tokenVersion, iat: now };
    const tokens = [
      undefined,
      'Bearer',
      'Bearer not.a.token',
      `Bearer ${handMadeToken('another-secret-another-secret-another', payload)}`,
      `Bearer ${handMadeToken(secret, payload, 'none')}`,
      `Bearer ${handMadeToken(secret, payload, 'HS512')}`,
      `Bearer ${handMadeToken(secret, { ...payload, exp: now - 5 })}`,
      `Bearer ${handMadeToken(secret, { ...payload, ver: user.tokenVersion + 1, exp: now + 60 })}`,
      `Bearer ${handMadeToken(secret, { sub: '999999', ver: 0, exp: now + 60 })}`,
    ];
    for (const authorization of tokens) {
      const res = await ctx.app.inject({
        url: '/api/v1/connected/me',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.json()).toEqual({ errors: { global: 'You must be signed in' } });
    }
    const good = handMadeToken(secret, { ...payload, exp: now + 60 });
    expect((await me(good)).statusCode).toBe(200);
    await ctx.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, user.id));
    expect((await me(good)).statusCode).toBe(401);
  });
});

describe('email verification', () => {
  async function pendingManager(email: string) {
    const res = await signup(manager(email));
    return { jwt: res.json().jwt as string, headers: { authorization: `Bearer ${res.json().jwt}` } };
  }
  const verify = (headers: Record<string, string>, payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url: '/api/v1/connected/auth/verify-email', headers, payload });

  it('verifies with the mailed code, once', async () => {
    const { headers } = await pendingManager('verify@example.com');
    const code = lastCode(ctx.config.mailDir, 'verify@example.com');
    const res = await verify(headers, { email: 'verify@example.com', code });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ email: 'verify@example.com', unverifiedEmail: null });
    expect((await verify(headers, { email: 'verify@example.com', code })).json()).toEqual({
      errors: { code: 'The code is invalid' },
    });
  });

  it('refuses wrong, non-integer, expired and locked codes', async () => {
    const { headers } = await pendingManager('locked@example.com');
    const code = lastCode(ctx.config.mailDir, 'locked@example.com');
    const wrong = code === 999_999 ? 100_000 : code + 1;
    expect((await verify(headers, { email: 'locked@example.com', code: '123456' })).json()).toEqual({
      errors: { code: 'The code is invalid' },
    });
    for (let i = 0; i < 5; i++) {
      const res = await verify(headers, { email: 'locked@example.com', code: wrong });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ errors: { code: 'The code is invalid' } });
    }
    expect((await verify(headers, { email: 'locked@example.com', code })).statusCode).toBe(400);

    const other = await pendingManager('expired@example.com');
    await ctx.db.execute(sql`UPDATE verification_codes SET expires_at = now() - interval '1 second'`);
    const expired = await verify(other.headers, {
      email: 'expired@example.com',
      code: lastCode(ctx.config.mailDir, 'expired@example.com'),
    });
    expect(expired.json()).toEqual({ errors: { code: 'The code is invalid' } });
  });

  it('resends a code at most once a minute (429 with the rate-limit message), invalidating the old one', async () => {
    const { headers } = await pendingManager('resend@example.com');
    const first = lastCode(ctx.config.mailDir, 'resend@example.com');
    const resend = (lang: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/connected/auth/resend-code',
        headers: { ...headers, 'accept-language': lang },
      });
    const limited = await resend('fr');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().errors.global).toBe(
      'Vous avez atteint la limite de demandes de code de vérification. Veuillez patienter 1 minute et vérifier votre boîte de réception.',
    );
    expect((await resend('en')).json()).toEqual({
      errors: {
        global:
          'You have reached the limit of verification code requests. Please try again later and check your inbox.',
      },
    });
    await ctx.db.execute(sql`UPDATE rate_limits SET reset_at = 0 WHERE key LIKE 'code-send:%'`);
    expect((await resend('en')).statusCode).toBe(204);
    const second = lastCode(ctx.config.mailDir, 'resend@example.com');
    if (second !== first) {
      expect((await verify(headers, { email: 'resend@example.com', code: first })).statusCode).toBe(400);
    }
    expect((await verify(headers, { email: 'resend@example.com', code: second })).statusCode).toBe(200);
  });

  it('does not let an event-manager cancel their first verification', async () => {
    const { headers } = await pendingManager('first@example.com');
    const res = await ctx.app.inject({ method: 'DELETE', url: '/api/v1/connected/auth/unverified-email', headers });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      errors: { global: 'Your email address must be verified: enter the code we sent you' },
    });
  });

  it('requires a signed-in user', async () => {
    for (const [method, url] of [
      ['POST', '/api/v1/connected/auth/resend-code'],
      ['POST', '/api/v1/connected/auth/verify-email'],
      ['DELETE', '/api/v1/connected/auth/unverified-email'],
    ] as const) {
      const res = await ctx.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(res.statusCode, url).toBe(401);
    }
  });
});

describe('forgot password and change by token', () => {
  const forgot = (email: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/v1/public/auth/forgot-pwd', payload: { email } });
  const change = (payload: Record<string, unknown>, lang = 'en') =>
    ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/public/auth/change-pwd',
      payload,
      headers: { 'accept-language': lang },
    });

  it('mails a single-use link that signs the user in with the new password', async () => {
    const user = await createUser(ctx, 'viewer', { email: 'forgot@example.com', preferredLang: 'fr' });
    const oldJwt = ctx.app.signToken(user);
    expect((await forgot('Forgot@Example.com')).statusCode).toBe(204);
    const mail = mails().at(-1)!;
    expect(mail.to).toContain('forgot@example.com');
    expect(mail.subject).toBe('Réinitialisez votre mot de passe EventMap');
    const link = mail.text.match(/(http\S+#\/auth\/change-pwd\?token=(\S+))/);
    expect(link?.[1]).toMatch(/^http:\/\/localhost:3000\/#\/auth\/change-pwd\?token=/);
    const token = decodeURIComponent(link![2]!);

    const res = await change({ token, password: 'brand-new-pass' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(user.id);
    expect((await me(res.json().jwt)).statusCode).toBe(200);
    expect((await me(oldJwt)).statusCode).toBe(401);
    expect((await login('forgot@example.com', 'brand-new-pass')).statusCode).toBe(200);
    expect((await change({ token, password: 'again-new-pass' })).json()).toEqual({
      errors: { token: 'The token is invalid' },
    });
  });

  it('answers the same for unknown emails and sends them nothing', async () => {
    const before = mails().length;
    const res = await forgot('ghost@example.com');
    expect(res.statusCode).toBe(204);
    expect(mails()).toHaveLength(before);
    expect((await forgot('')).json()).toEqual({ errors: { email: 'The field email is required' } });
  });

  it('names empty, unknown and expired tokens', async () => {
    expect((await change({ token: '', password: 'brand-new-pass' })).json()).toEqual({
      errors: { token: 'The token cannot be empty' },
    });
    expect((await change({ password: 'brand-new-pass' }, 'fr')).json()).toEqual({
      errors: { token: 'Le jeton ne peut pas être vide' },
    });
    expect((await change({ token: 'made-up', password: 'brand-new-pass' })).json()).toEqual({
      errors: { token: 'The token does not exist' },
    });
    await createUser(ctx, 'viewer', { email: 'late@example.com' });
    await forgot('late@example.com');
    const token = decodeURIComponent(
      mails()
        .at(-1)!
        .text.match(/token=(\S+)/)![1]!,
    );
    await ctx.db.execute(sql`UPDATE password_reset_tokens SET expires_at = now() - interval '1 second'`);
    expect((await change({ token, password: 'brand-new-pass' })).json()).toEqual({
      errors: { token: 'The token is invalid' },
    });
    expect((await change({ token, password: 'short' })).json()).toEqual({
      errors: { password: 'The password must be longer than 6 characters' },
    });
  });
});

describe('authHeaders helper', () => {
  it('signs requests as the given user', async () => {
    const admin = await createUser(ctx, 'admin');
    const res = await ctx.app.inject({ url: '/api/v1/connected/me', headers: authHeaders(ctx.app, admin) });
    expect(res.json().user.isAdmin).toBe(true);
  });
});
