/**
 * Deleting an account erases the person (PIPEDA, Québec's Law 25): every personal field, favourites, images (local
 * storage and a fake S3), the subscription and the card at the provider (built-in and a fake Stripe), while the
 * invoices keep what the law requires; the email can sign up again. By the owner and by an administrator.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createUser, readMails } from '../../../test/accounts';
import { type BillingContext, billedManager, call, createBillingApp, subscribe } from '../../../test/billing';
import { eventBody } from '../../../test/events';
import { type FakeS3, startFakeS3 } from '../../../test/fake-s3/server';
import { chargeIntents } from '../../db/schema/charge-intents';
import { contactMessages } from '../../db/schema/contact-messages';
import { eventImages } from '../../db/schema/event-images';
import { events } from '../../db/schema/events';
import { favorites } from '../../db/schema/favorites';
import { invoices } from '../../db/schema/invoices';
import { newsletterSubscriptions } from '../../db/schema/newsletter-subscriptions';
import { passwordResetTokens } from '../../db/schema/password-reset-tokens';
import { paymentMethods } from '../../db/schema/payment-methods';
import { subscriptions } from '../../db/schema/subscriptions';
import { uploads } from '../../db/schema/uploads';
import { users } from '../../db/schema/users';
import { imageKey } from '../../lib/images';
import type { UserRow } from '../../plugins/auth';
import { erasedEmail } from './account-deletion.service';

const SETUPS = [
  { provider: 'local', storage: 'local' },
  { provider: 'stripe', storage: 's3' },
] as const;

describe.each(SETUPS)('deleting an account (payments: $provider, images: $storage)', ({ provider, storage }) => {
  let ctx: BillingContext;
  let s3: FakeS3 | undefined;
  let png: Buffer;

  beforeAll(async () => {
    s3 =
      storage === 's3'
        ? await startFakeS3({ buckets: ['evmap'], region: 'ca-central-1', credentials: { AKIDDEL: 'del-secret' } })
        : undefined;
    ctx = await createBillingApp(provider, {
      env: s3
        ? {
            S3_BUCKET: 'evmap',
            S3_ENDPOINT: s3.url,
            S3_REGION: 'ca-central-1',
            S3_ACCESS_KEY_ID: 'AKIDDEL',
            S3_SECRET_ACCESS_KEY: 'del-secret',
            S3_PUBLIC_URL: 'https://images.example/evmap',
          }
        : {},
    });
    // User 1 is the first administrator, whom nobody deletes.
    await createUser(ctx, 'admin');
    png = await sharp({ create: { width: 600, height: 300, channels: 3, background: '#a37' } })
      .png()
      .toBuffer();
  });
  afterAll(async () => {
    await ctx.close();
    await s3?.close();
  });

  const upload = async (user: UserRow, folder: 'events' | 'users') => {
    const body = new FormData();
    body.append('folder', folder);
    body.append('file', new Blob([png], { type: 'image/png' }), 'image.png');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/connected/globals/upload',
      headers: authHeaders(ctx.app, user),
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().path as string;
  };
  const stored = (imagePath: string) =>
    s3
      ? s3.objects.has(`evmap/${imageKey(imagePath, 512)}`)
      : existsSync(path.join(ctx.config.uploadsDir, imageKey(imagePath, 512)));
  const userRow = async (id: number) => (await ctx.db.select().from(users).where(eq(users.id, id)))[0]!;

  /** An organisation with everything personal an account can hold: profile, avatar, event, card, plan, invoice. */
  async function fullOrganisation(email: string) {
    const user = await billedManager(ctx, {
      email,
      name: 'Théâtre Léger',
      phoneNumber: '5145550100',
      website: 'https://leger.example',
    });
    await subscribe(ctx, user, 'complete');
    const avatar = await upload(user, 'users');
    expect((await call(ctx, user, 'PUT', '/connected/me', { imagePath: avatar })).statusCode).toBe(200);
    const cover = await upload(user, 'events');
    const created = await call(
      ctx,
      user,
      'POST',
      '/connected/events',
      eventBody({ images: [{ imagePath: cover, orderIdx: 0 }] }),
    );
    expect(created.statusCode, created.body).toBe(200);
    const contact = await call(ctx, user, 'POST', '/connected/globals/contact-us', {
      subject: 'Hi',
      message: 'Call me',
    });
    expect(contact.statusCode, contact.body).toBeLessThan(300);
    await call(ctx, null, 'POST', '/public/globals/subscribe', { email });
    await call(ctx, null, 'POST', '/public/auth/forgot-pwd', { email });
    const fresh = await userRow(user.id);
    return { user: fresh, avatar, cover, event: created.json().event as { id: number; uuid: string } };
  }

  async function expectErased(org: Awaited<ReturnType<typeof fullOrganisation>>, email: string) {
    const { user, avatar, cover, event } = org;
    const row = await userRow(user.id);
    expect(row).toMatchObject({
      name: null,
      email: erasedEmail(user.id),
      unverifiedEmail: null,
      phoneNumber: null,
      website: null,
      address: null,
      city: null,
      zipcode: null,
      state: null,
      country: null,
      billingAddress: null,
      billingCity: null,
      billingZipcode: null,
      billingState: null,
      billingCountry: null,
      imagePath: null,
      imageFormats: [],
      providerCustomerId: null,
      searchText: '',
      acceptCommunications: false,
      planType: 'canceled',
    });
    expect(row.passwordHash).not.toBe(user.passwordHash);
    expect(row.passwordHash.startsWith('$argon2')).toBe(false);
    expect(row.deletedAt).not.toBeNull();

    // Images: the rows and the files, avatar and event cover.
    expect(await ctx.db.select().from(uploads).where(eq(uploads.userId, user.id))).toEqual([]);
    expect([stored(avatar), stored(cover)]).toEqual([false, false]);
    if (!s3) expect((await ctx.app.inject(`/uploads/${imageKey(avatar, 512)}`)).statusCode).toBe(404);

    // The organisation's events are deleted, their images and the email in their search text gone.
    const [gone] = await ctx.db.select().from(events).where(eq(events.id, event.id));
    expect(gone?.deletedAt).not.toBeNull();
    expect(gone?.searchText).not.toContain(email.split('@')[0]);
    expect(await ctx.db.select().from(eventImages).where(eq(eventImages.eventId, event.id))).toEqual([]);
    expect((await ctx.app.inject(`/api/v1/public/events/handle-or-uuid/${event.uuid}`)).statusCode).toBe(404);

    // Contact messages, newsletter, reset links.
    expect(await ctx.db.select().from(contactMessages).where(eq(contactMessages.userId, user.id))).toEqual([]);
    expect(await ctx.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email))).toEqual(
      [],
    );
    expect(await ctx.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id))).toEqual([]);

    // Billing: subscription ended, cards gone here and at the provider, invoices kept without the email.
    const subs = await ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(subs.map((s) => s.status)).toEqual(['canceled']);
    expect(await ctx.db.select().from(paymentMethods).where(eq(paymentMethods.userId, user.id))).toEqual([]);
    if (ctx.stripe) {
      expect(ctx.stripe.customers.has(user.providerCustomerId!)).toBe(false);
      const cards = [...ctx.stripe.paymentMethods.values()].filter((pm) => pm.customer === user.providerCustomerId);
      expect(cards).toEqual([]);
      expect(ctx.stripe.requests.some((r) => r.method === 'DELETE' && r.path.startsWith('/v1/customers/'))).toBe(true);
    }
    const [invoice] = await ctx.db.select().from(invoices).where(eq(invoices.userId, user.id));
    expect(invoice).toMatchObject({ status: 'paid', total: 4598, tax: 599, subtotal: 3999 });
    expect(invoice?.number).toMatch(/^EVM-\d{4}-\d+$/);
    expect(invoice?.billing).toMatchObject({
      name: 'Théâtre Léger',
      address: '455 Rue Saint-Pierre',
      city: 'Montréal',
      zipcode: 'H2Y 2M8',
      state: 'QC',
      email: '',
    });
    // The charge intent the invoice came from keeps the same copy, without the email either.
    const intents = await ctx.db.select().from(chargeIntents).where(eq(chargeIntents.userId, user.id));
    expect(intents.map((i) => [i.status, i.invoiceNumber, i.billing.email])).toEqual([['paid', invoice?.number, '']]);
    // The renewal job has nothing to charge any more.
    await ctx.app.billing.runJob(new Date(Date.now() + 40 * 86_400_000));
    expect(await ctx.db.select().from(invoices).where(eq(invoices.userId, user.id))).toHaveLength(1);

    // The address is free again: a new account, with nothing of the old one.
    const again = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/public/auth/signup',
      payload: { type: 'viewer', email, password: 'secret-123', acceptTerms: true },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().user).toMatchObject({ email, name: null, imageUrl: null, phoneNumber: null });
    expect(again.json().user.id).not.toBe(user.id);
  }

  it('erases everything personal, ends the plan and keeps the invoice, when the owner deletes it', async () => {
    const email = `owner-${provider}@example.com`;
    const org = await fullOrganisation(email);
    const headers = authHeaders(ctx.app, org.user);
    const reset = readMails(ctx.config.mailDir).findLast((m) => m.to.includes(email));
    const res = await ctx.app.inject({ method: 'DELETE', url: '/api/v1/connected/me', headers });
    expect(res.statusCode, res.body).toBe(204);
    expect((await ctx.app.inject({ url: '/api/v1/connected/me', headers })).statusCode).toBe(401);
    // The reset link mailed before is dead.
    const token = decodeURIComponent(/token=([^\s&"]+)/.exec(reset?.text ?? '')?.[1] ?? '');
    const change = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/public/auth/change-pwd',
      payload: { token, password: 'another-123' },
    });
    expect(change.statusCode).toBe(400);
    await expectErased(org, email);
  });

  it('erases the same when an administrator deletes the account', async () => {
    const email = `by-admin-${provider}@example.com`;
    const org = await fullOrganisation(email);
    const admin = await createUser(ctx, 'admin');
    const res = await call(ctx, admin, 'DELETE', `/connected/admin/users/id/${org.user.id}`);
    expect(res.statusCode, res.body).toBe(204);
    await expectErased(org, email);
  });

  it("deletes a viewer's favourites and avatar", async () => {
    const org = await billedManager(ctx);
    const event = await call(ctx, org, 'POST', '/connected/events', eventBody({ titleFr: 'Aimé' }));
    const viewer = await createUser(ctx, 'viewer', { email: `fan-${provider}@example.com`, phoneNumber: '4185550100' });
    expect(
      (await call(ctx, viewer, 'POST', `/connected/events/id/${event.json().event.id}/favorite`)).statusCode,
    ).toBeLessThan(300);
    const avatar = await upload(viewer, 'users');
    await call(ctx, viewer, 'PUT', '/connected/me', { imagePath: avatar });
    expect((await call(ctx, viewer, 'DELETE', '/connected/me')).statusCode).toBe(204);
    expect(await ctx.db.select().from(favorites).where(eq(favorites.userId, viewer.id))).toEqual([]);
    expect(stored(avatar)).toBe(false);
    expect(await userRow(viewer.id)).toMatchObject({ name: null, phoneNumber: null, email: erasedEmail(viewer.id) });
  });
});
