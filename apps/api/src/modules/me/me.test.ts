import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createUser, lastCode, PASSWORD } from '../../../test/accounts';
import { createTestApp, type TestContext } from '../../../test/app';
import { events } from '../../db/schema/events';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: unknown) =>
  ctx.app.inject({ method, url: `/api/v1${url}`, headers, payload: payload as never });

describe('/connected/me requires a signed-in user', () => {
  it.each([
    ['GET', '/connected/me'],
    ['PUT', '/connected/me'],
    ['DELETE', '/connected/me'],
    ['PUT', '/connected/me/password'],
  ] as const)('%s %s answers 401 without a token', async (method, url) => {
    const res = await call(method, url, { 'accept-language': 'fr' }, method === 'PUT' ? {} : undefined);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ errors: { global: 'Vous devez être connecté' } });
  });
});

describe('GET and PUT /connected/me', () => {
  it('answers the user and saves profile fields, cleaned', async () => {
    const user = await createUser(ctx, 'event-manager');
    const headers = authHeaders(ctx.app, user);
    expect((await call('GET', '/connected/me', headers)).json().user.id).toBe(user.id);
    const res = await call('PUT', '/connected/me', headers, {
      name: '  Théâtre du Nouveau Monde ',
      phoneNumber: '+1 (514) 866-8668',
      website: 'tnm.qc.ca',
      address: '84 Rue Sainte-Catherine O',
      city: 'Montréal',
      zipcode: 'h2x1z6',
      state: 'QC',
      country: 'CA',
      billingAddress: '',
      preferredLang: 'fr',
      acceptCommunications: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      name: 'Théâtre du Nouveau Monde',
      phoneNumber: '5148668668',
      website: 'https://tnm.qc.ca',
      zipcode: 'H2X 1Z6',
      state: 'QC',
      billingAddress: null,
      preferredLang: 'fr',
      acceptCommunications: true,
      email: user.email,
    });
  });

  it('refuses a billing province its postal code disagrees with, in both languages, and changes nothing', async () => {
    const user = await createUser(ctx, 'event-manager', {
      billingZipcode: 'G1K 8W1',
      billingState: 'QC',
      zipcode: 'G1K 8W1',
      state: 'QC',
    });
    const headers = authHeaders(ctx.app, user);
    const refused = await call('PUT', '/connected/me', headers, { billingState: 'AB' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      errors: { billingState: 'The province does not match the postal code (its first letter gives the province)' },
    });
    const french = await call(
      'PUT',
      '/connected/me',
      { ...headers, 'accept-language': 'fr' },
      {
        zipcode: 'T2P 1J9',
        billingZipcode: 'T2P 1J9',
        billingState: 'BC',
      },
    );
    expect(french.json()).toEqual({
      errors: {
        state: 'La province ne correspond pas au code postal (sa première lettre donne la province)',
        billingState: 'La province ne correspond pas au code postal (sa première lettre donne la province)',
      },
    });
    expect((await call('GET', '/connected/me', headers)).json().user).toMatchObject({
      billingState: 'QC',
      billingZipcode: 'G1K 8W1',
      zipcode: 'G1K 8W1',
    });
    // Postal code and province moved together agree; so do the two provinces of the letter X.
    const moved = await call('PUT', '/connected/me', headers, { billingZipcode: 'T2P 1J9', billingState: 'AB' });
    expect(moved.statusCode).toBe(200);
    const north = await call('PUT', '/connected/me', headers, { billingZipcode: 'X0A 0H0', billingState: 'NU' });
    expect(north.json().user).toMatchObject({ billingZipcode: 'X0A 0H0', billingState: 'NU' });
  });

  it('rejects invalid profile values with field errors and changes nothing', async () => {
    const user = await createUser(ctx, 'event-manager', { city: 'Québec' });
    const headers = authHeaders(ctx.app, user);
    const res = await call('PUT', '/connected/me', headers, {
      city: 'Lévis',
      phoneNumber: '12345',
      zipcode: '90210',
      state: 'NY',
      country: 'US',
      preferredLang: 'de',
    });
    expect(res.statusCode).toBe(400);
    const { errors } = res.json();
    expect(Object.keys(errors).sort()).toEqual(['country', 'phoneNumber', 'preferredLang', 'state', 'zipcode']);
    expect(errors.phoneNumber).toBe('The field phoneNumber is not valid');
    expect(errors.zipcode).toBe('The field zipcode is not valid');
    expect(errors.preferredLang).toBe('The enum field is not valid; valid values are: fr, en');
    expect((await call('GET', '/connected/me', headers)).json().user.city).toBe('Québec');
  });

  it('keeps the current email until the new one is verified', async () => {
    const user = await createUser(ctx, 'viewer', { email: 'before@example.com' });
    const headers = authHeaders(ctx.app, user);
    const res = await call('PUT', '/connected/me', headers, { email: 'After@Example.com' });
    expect(res.json().user).toMatchObject({ email: 'before@example.com', unverifiedEmail: 'after@example.com' });
    const code = lastCode(ctx.config.mailDir, 'after@example.com');
    const verified = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/connected/auth/verify-email',
      headers,
      payload: { email: 'after@example.com', code },
    });
    expect(verified.json().user).toMatchObject({ email: 'after@example.com', unverifiedEmail: null });
  });

  it('refuses a second email change within the minute of a code, and keeps the account as it was', async () => {
    const user = await createUser(ctx, 'viewer', { email: 'first@example.com' });
    const headers = authHeaders(ctx.app, user);
    expect((await call('PUT', '/connected/me', headers, { email: 'second@example.com' })).statusCode).toBe(200);
    const refused = await call('PUT', '/connected/me', headers, { email: 'third@example.com', name: 'Renamed' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      errors: {
        global:
          'You have reached the limit of verification code requests. Please try again later and check your inbox.',
      },
    });
    const me = await call('GET', '/connected/me', headers);
    expect(me.json().user).toMatchObject({ email: 'first@example.com', unverifiedEmail: 'second@example.com' });
    expect(me.json().user.name).not.toBe('Renamed');
  });

  it('cancels a pending email change', async () => {
    const user = await createUser(ctx, 'viewer');
    const headers = authHeaders(ctx.app, user);
    await call('PUT', '/connected/me', headers, { email: 'pending@example.com' });
    const res = await call('DELETE', '/connected/auth/unverified-email', headers);
    expect(res.json().user).toMatchObject({ email: user.email, unverifiedEmail: null });
  });

  it('refuses an email that another account uses', async () => {
    await createUser(ctx, 'viewer', { email: 'owner@example.com' });
    const user = await createUser(ctx, 'viewer');
    const res = await call('PUT', '/connected/me', authHeaders(ctx.app, user, 'fr'), { email: 'owner@example.com' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ errors: { email: 'Ce courriel existe déjà' } });
  });

  it('upgrades a viewer to event-manager on a trial, never the reverse', async () => {
    const viewer = await createUser(ctx, 'viewer');
    const res = await call('PUT', '/connected/me', authHeaders(ctx.app, viewer), { type: 'event-manager' });
    expect(res.json().user).toMatchObject({ type: 'event-manager', planType: 'trial' });
    expect(res.json().user.trialEndedAt).not.toBeNull();
    const back = await call('PUT', '/connected/me', authHeaders(ctx.app, viewer), { type: 'viewer' });
    expect(back.statusCode).toBe(403);
    expect(back.json()).toEqual({
      errors: { global: 'An event-manager account cannot go back to a viewer account' },
    });
  });

  it("refuses an image path that is not the user's own upload", async () => {
    const user = await createUser(ctx, 'viewer');
    const res = await call('PUT', '/connected/me', authHeaders(ctx.app, user), { imagePath: 'users/2026/01/someone' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['imagePath']);
  });
});

describe('PUT /connected/me/password', () => {
  it('changes the password, answers a new token and ends other sessions', async () => {
    const user = await createUser(ctx, 'viewer');
    const headers = authHeaders(ctx.app, user);
    const res = await call('PUT', '/connected/me/password', headers, {
      currentPassword: PASSWORD,
      newPassword: 'another-secret',
      confirmNewPassword: 'another-secret',
    });
    expect(res.statusCode).toBe(200);
    expect((await call('GET', '/connected/me', headers)).statusCode).toBe(401);
    expect((await call('GET', '/connected/me', { authorization: `Bearer ${res.json().jwt}` })).json().user.id).toBe(
      user.id,
    );
  });

  it('checks the current password and the confirmation', async () => {
    const user = await createUser(ctx, 'viewer');
    const headers = authHeaders(ctx.app, user, 'fr');
    const mismatch = await call('PUT', '/connected/me/password', headers, {
      currentPassword: PASSWORD,
      newPassword: 'another-secret',
      confirmNewPassword: 'another-secreT',
    });
    expect(mismatch.json()).toEqual({ errors: { confirmNewPassword: 'Les mots de passe ne correspondent pas' } });
    const wrong = await call('PUT', '/connected/me/password', authHeaders(ctx.app, user), {
      currentPassword: 'wrong-one',
      newPassword: 'another-secret',
      confirmNewPassword: 'another-secret',
    });
    expect(wrong.json()).toEqual({ errors: { currentPassword: 'Password is invalid' } });
    const empty = await call('PUT', '/connected/me/password', authHeaders(ctx.app, user), {});
    expect(empty.json()).toEqual({
      errors: {
        currentPassword: 'The field currentPassword is required',
        newPassword: 'The field newPassword is required',
        confirmNewPassword: 'The field confirmNewPassword is required',
      },
    });
  });
});

describe('DELETE /connected/me', () => {
  it('deletes the account: token refused, sign-in unknown, events leave the map, the email free again', async () => {
    const user = await createUser(ctx, 'event-manager', { email: 'leaving@example.com' });
    const [event] = await ctx.db
      .insert(events)
      .values({ handle: 'leaving-event', titleFr: 'Départ', creatorId: user.id })
      .returning();
    const headers = authHeaders(ctx.app, user);
    expect((await call('DELETE', '/connected/me', headers)).statusCode).toBe(204);
    expect((await call('GET', '/connected/me', headers)).statusCode).toBe(401);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/public/auth/login',
      payload: { email: 'leaving@example.com', password: PASSWORD },
    });
    // Nothing of the account is kept to recognise the address by (account-deletion.test.ts has the rest).
    expect(login.json()).toEqual({ errors: { email: 'Email does not exist' } });
    const [after] = await ctx.db.select().from(events).where(eq(events.id, event!.id));
    expect(after?.deletedAt).not.toBeNull();
    const signup = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/public/auth/signup',
      payload: { type: 'viewer', email: 'leaving@example.com', password: 'secret-12', acceptTerms: true },
    });
    expect(signup.statusCode).toBe(200);
  });

  it('does not let an administrator delete their own account', async () => {
    const admin = await createUser(ctx, 'admin');
    const res = await call('DELETE', '/connected/me', authHeaders(ctx.app, admin));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ errors: { global: 'An administrator cannot delete their own account or user 1' } });
  });
});
