/**
 * Password-reset links die with the email or password they were sent for and with a newer link; the old address
 * is told of each change, with a "this was not me" link that gives the account back and signs it out everywhere.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createUser, lastCode, PASSWORD, readMails } from '../../../test/accounts';
import { createTestApp, type TestContext } from '../../../test/app';
import { users } from '../../db/schema/users';
import type { UserRow } from '../../plugins/auth';

let ctx: TestContext;
let admin: UserRow;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createUser(ctx, 'admin');
});
afterAll(() => ctx.close());

const mailsTo = (email: string) => readMails(ctx.config.mailDir).filter((m) => m.to.includes(email));
/** The token of the last link mailed to `email` (whose subject matches `subject`). */
function lastLink(email: string, subject: RegExp): string {
  const mail = mailsTo(email)
    .filter((m) => subject.test(m.subject))
    .at(-1);
  const token = mail?.text.match(/change-pwd\?token=([\w%-]+)/)?.[1];
  if (!token) throw new Error(`no link mailed to ${email}`);
  return decodeURIComponent(token);
}
const forgot = async (email: string) => {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/public/auth/forgot-pwd', payload: { email } });
  expect(res.statusCode).toBe(204);
  return lastLink(email, /Reset your EventMap password|Réinitialisez/);
};
const useLink = (token: string, password = 'brand-new-password', lang = 'en') =>
  ctx.app.inject({
    method: 'PUT',
    url: '/api/v1/public/auth/change-pwd',
    headers: { 'accept-language': lang },
    payload: { token, password },
  });
const INVALID = { errors: { token: 'The token is invalid' } };
const me = (jwt: string) =>
  ctx.app.inject({ url: '/api/v1/connected/me', headers: { authorization: `Bearer ${jwt}` } });
const signIn = (email: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/public/auth/login', payload: { email, password } });

/** Changes the user's email through the settings and the code, as its owner (or whoever holds a session) does. */
async function changeEmail(user: UserRow, jwt: string, email: string) {
  const headers = { authorization: `Bearer ${jwt}` };
  const put = await ctx.app.inject({ method: 'PUT', url: '/api/v1/connected/me', headers, payload: { email } });
  expect(put.statusCode).toBe(200);
  const code = lastCode(ctx.config.mailDir, email);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/connected/auth/verify-email',
    headers,
    payload: { email, code },
  });
  expect(res.statusCode).toBe(200);
  expect(res.json().user.id).toBe(user.id);
}

describe('reset links end with what they were sent for', () => {
  it('dies when the password changes in the settings, and the address is told', async () => {
    const user = await createUser(ctx, 'viewer', { preferredLang: 'fr' });
    const token = await forgot(user.email);
    const change = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/connected/me/password',
      headers: authHeaders(ctx.app, user),
      payload: { currentPassword: PASSWORD, newPassword: 'another-one-1', confirmNewPassword: 'another-one-1' },
    });
    expect(change.statusCode).toBe(200);
    const res = await useLink(token, 'attacker-choice', 'fr');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: { token: "Le jeton n'est pas valide" } });

    const notice = mailsTo(user.email).at(-1)!;
    expect(notice.subject).toBe('Votre mot de passe EventMap a été changé');
    expect(notice.text).toContain("Ce n'était pas moi: http://localhost:3000/#/auth/change-pwd?token=");
  });

  it('dies when the email changes, and when a newer link is sent', async () => {
    const user = await createUser(ctx, 'viewer');
    const older = await forgot(user.email);
    const newer = await forgot(user.email);
    expect((await useLink(older)).json()).toEqual(INVALID);

    await changeEmail(user, ctx.app.signToken(user), 'moved@example.com');
    expect((await useLink(newer)).json()).toEqual(INVALID);
  });

  it("dies when an administrator changes the email; the old address is told in the user's language", async () => {
    const user = await createUser(ctx, 'event-manager', { preferredLang: 'en' });
    const token = await forgot(user.email);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/connected/admin/users/${user.id}`,
      headers: authHeaders(ctx.app, admin, 'fr'),
      payload: { name: user.name, email: 'set-by-admin@example.com' },
    });
    expect(res.statusCode).toBe(200);
    expect((await useLink(token)).json()).toEqual(INVALID);
    const notice = mailsTo(user.email).at(-1)!;
    expect(notice.subject).toBe('Your EventMap email address was changed');
    expect(notice.text).toContain('This was not me: http://localhost:3000/#/auth/change-pwd?token=');
  });

  it('still works when nothing changed, once', async () => {
    const user = await createUser(ctx, 'viewer');
    const token = await forgot(user.email);
    expect((await useLink(token)).statusCode).toBe(200);
    expect((await useLink(token)).json()).toEqual(INVALID);
  });
});

describe('"this was not me"', () => {
  it('gives the account back to the old address and signs every session out, whatever the taker did since', async () => {
    const owner = await createUser(ctx, 'event-manager', { email: 'owner@example.com' });
    // Someone holding a session moves the account to their address, then resets its password from there.
    const stolen = ctx.app.signToken(owner);
    await changeEmail(owner, stolen, 'taker@example.com');
    const notMe = lastLink('owner@example.com', /email address was changed/);
    const takerReset = await useLink(await forgot('taker@example.com'), 'taker-password');
    expect(takerReset.statusCode).toBe(200);
    const takerJwt = takerReset.json().jwt as string;
    expect((await me(takerJwt)).statusCode).toBe(200);

    const back = await useLink(notMe, 'owner-again-1');
    expect(back.statusCode).toBe(200);
    expect(back.json().user).toMatchObject({ id: owner.id, email: 'owner@example.com', unverifiedEmail: null });
    expect((await me(takerJwt)).statusCode).toBe(401);
    expect((await me(stolen)).statusCode).toBe(401);
    expect((await me(back.json().jwt)).statusCode).toBe(200);
    expect((await signIn('owner@example.com', 'owner-again-1')).statusCode).toBe(200);
    expect((await signIn('taker@example.com', 'taker-password')).statusCode).toBe(400);
    // Single use; and the notice of the taker's password reset went to the taker's address, not to the owner.
    expect((await useLink(notMe)).json()).toEqual(INVALID);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, owner.id));
    expect(row!.email).toBe('owner@example.com');
  });

  it("after a password change, signs every session out and sets the owner's new password", async () => {
    const user = await createUser(ctx, 'viewer');
    const jwt = ctx.app.signToken(user);
    const change = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/connected/me/password',
      headers: { authorization: `Bearer ${jwt}` },
      payload: { currentPassword: PASSWORD, newPassword: 'not-by-owner', confirmNewPassword: 'not-by-owner' },
    });
    const takerJwt = change.json().jwt as string;
    const notMe = lastLink(user.email, /password was changed/);
    const back = await useLink(notMe, 'owner-choice-1');
    expect(back.statusCode).toBe(200);
    expect((await me(takerJwt)).statusCode).toBe(401);
    expect((await signIn(user.email, 'owner-choice-1')).statusCode).toBe(200);
    expect((await signIn(user.email, 'not-by-owner')).statusCode).toBe(400);
  });
});
