/** A viewer becoming an event-manager verifies their address first, as a sign-up as event-manager does. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastCode, readMails } from '../../../test/accounts';
import { createTestApp, type TestContext } from '../../../test/app';
import { eventBody } from '../../../test/events';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const bearer = (jwt: string, lang = 'en') => ({ authorization: `Bearer ${jwt}`, 'accept-language': lang });
async function signupViewer(email: string): Promise<string> {
  const res = await ctx.app.inject({
    method: 'PUT',
    url: '/api/v1/public/auth/signup',
    payload: { type: 'viewer', email, password: 'long-enough', acceptTerms: true },
  });
  expect(res.statusCode).toBe(200);
  return res.json().jwt;
}
const putMe = (jwt: string, payload: object, lang = 'en') =>
  ctx.app.inject({ method: 'PUT', url: '/api/v1/connected/me', headers: bearer(jwt, lang), payload });
const publish = (jwt: string, lang = 'en') =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/connected/events', headers: bearer(jwt, lang), payload: eventBody() });
const mailsTo = (email: string) => readMails(ctx.config.mailDir).filter((m) => m.to.includes(email));

describe('PUT /connected/me {"type":"event-manager"}', () => {
  it('leaves the new organisation waiting for the code mailed to its address, unable to publish until then', async () => {
    const jwt = await signupViewer('bigcorp@example.com');
    expect(mailsTo('bigcorp@example.com')).toHaveLength(0);

    const res = await putMe(jwt, { type: 'event-manager', name: 'BigCorp Official' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      type: 'event-manager',
      name: 'BigCorp Official',
      planType: 'trial',
      email: 'bigcorp@example.com',
      unverifiedEmail: 'bigcorp@example.com',
    });
    expect(mailsTo('bigcorp@example.com')).toHaveLength(1);

    const refused = await publish(jwt, 'fr');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      errors: { global: 'Votre adresse courriel doit être vérifiée : entrez le code que nous vous avons envoyé' },
    });
    // The first verification cannot be skipped.
    const skip = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/v1/connected/auth/unverified-email',
      headers: bearer(jwt),
    });
    expect(skip.statusCode).toBe(403);

    const verified = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/connected/auth/verify-email',
      headers: bearer(jwt),
      payload: { email: 'bigcorp@example.com', code: lastCode(ctx.config.mailDir, 'bigcorp@example.com') },
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().user).toMatchObject({ email: 'bigcorp@example.com', unverifiedEmail: null });
    expect((await publish(jwt)).statusCode).toBe(200);
  });

  it('with a new email in the same request, verifies that address instead', async () => {
    const jwt = await signupViewer('old-viewer@example.com');
    const res = await putMe(jwt, { type: 'event-manager', name: 'Moved', email: 'new-org@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      type: 'event-manager',
      email: 'new-org@example.com',
      unverifiedEmail: 'new-org@example.com',
    });
    expect(mailsTo('new-org@example.com')).toHaveLength(1);
    expect(mailsTo('old-viewer@example.com')).toHaveLength(0);
    expect((await publish(jwt)).statusCode).toBe(403);
  });

  it('changes nothing when the code cannot be sent now', async () => {
    const jwt = await signupViewer('hurried@example.com');
    const first = await putMe(jwt, { email: 'hurried-2@example.com' });
    expect(first.statusCode).toBe(200);
    const res = await putMe(jwt, { type: 'event-manager', name: 'Too soon' });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({
      errors: {
        global:
          'You have reached the limit of verification code requests. Please try again later and check your inbox.',
      },
    });
    const me = await ctx.app.inject({ url: '/api/v1/connected/me', headers: bearer(jwt) });
    expect(me.json().user).toMatchObject({ type: 'viewer', planType: null });
  });
});
