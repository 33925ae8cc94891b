import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createUser, readMails } from '../../../test/accounts';
import { createTestApp, type TestContext } from '../../../test/app';
import { contactMessages } from '../../db/schema/contact-messages';
import type { UserRow } from '../../plugins/auth';

const URL = '/api/v1/connected/globals/contact-us';
let ctx: TestContext;
let viewer: UserRow;

const send = (user: UserRow | undefined, payload: Record<string, unknown>, lang = 'en') =>
  ctx.app.inject({
    method: 'POST',
    url: URL,
    headers: user ? authHeaders(ctx.app, user, lang) : { 'accept-language': lang },
    payload,
  });

const contactMails = () => readMails(ctx.config.mailDir).filter((m) => m.to.includes(ctx.config.contactEmail));

beforeAll(async () => {
  ctx = await createTestApp({ env: { CONTACT_EMAIL: 'support@evmap.test' } });
  viewer = await createUser(ctx, 'viewer', { name: 'Éloïse Tremblay' });
});
afterAll(() => ctx.close());

describe('POST /connected/globals/contact-us', () => {
  it('requires a signed-in user', async () => {
    const res = await send(undefined, { subject: 'Hello', message: 'Hi' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ errors: { global: 'You must be signed in' } });
    expect(contactMails()).toHaveLength(0);
  });

  it('stores the message and mails it to the contact address, replying to the user', async () => {
    const res = await send(viewer, { subject: '  Missing event  ', message: 'The fair in Laval is not on the map.' });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const rows = await ctx.db.select().from(contactMessages).where(eq(contactMessages.userId, viewer.id));
    expect(rows).toEqual([
      expect.objectContaining({ subject: 'Missing event', message: 'The fair in Laval is not on the map.' }),
    ]);
    const [mail] = contactMails();
    expect(mail?.to).toBe('support@evmap.test');
    expect(mail?.subject).toBe('[Contact] Missing event');
    expect(mail?.raw).toMatch(new RegExp(`^Reply-To: ${viewer.email}$`, 'mi'));
    expect(mail?.text).toContain('The fair in Laval is not on the map.');
    expect(mail?.text).toContain(`Éloïse Tremblay <${viewer.email}> (user ${viewer.id})`);
  });

  it('is open to every signed-in role', async () => {
    for (const role of ['event-manager', 'admin'] as const) {
      const user = await createUser(ctx, role);
      expect((await send(user, { subject: `From ${role}`, message: 'Hello' })).statusCode).toBe(204);
    }
  });

  it('requires a subject and a message', async () => {
    const before = await ctx.db.select().from(contactMessages);
    const mails = contactMails().length;
    const none = await send(viewer, {});
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({
      errors: { subject: 'Subject and message are required', message: 'Subject and message are required' },
    });
    const blank = await send(viewer, { subject: '   ', message: 'Text' });
    expect(blank.json()).toEqual({ errors: { subject: 'Subject and message are required' } });
    const noMessage = await send(viewer, { subject: 'Subject', message: null });
    expect(noMessage.json()).toEqual({ errors: { message: 'Subject and message are required' } });
    const fr = await send(viewer, { subject: 'Sujet', message: '' }, 'fr');
    expect(fr.statusCode).toBe(400);
    expect(fr.json()).toEqual({ errors: { message: 'Le sujet et le message sont obligatoires' } });
    expect(await ctx.db.select().from(contactMessages)).toHaveLength(before.length);
    expect(contactMails()).toHaveLength(mails);
  });

  it('limits the subject to 200 and the message to 5000 characters', async () => {
    const res = await send(viewer, { subject: 'x'.repeat(201), message: 'y'.repeat(5001) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      errors: { subject: 'Field must be lower or equal to 200', message: 'Field must be lower or equal to 5000' },
    });
    const fr = await send(viewer, { subject: 'x'.repeat(201), message: 'ok' }, 'fr');
    expect(fr.json()).toEqual({ errors: { subject: 'Le champ doit être inférieur ou égal à 200' } });
    expect((await send(viewer, { subject: 'x'.repeat(200), message: 'y'.repeat(5000) })).statusCode).toBe(204);
  });

  it('answers a wrong type on its field', async () => {
    const res = await send(viewer, { subject: 42, message: 'Hello' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: { subject: 'The field subject must be of type string' } });
  });

  it('limits each user to 10 messages an hour', async () => {
    const user = await createUser(ctx, 'viewer');
    for (let i = 0; i < 10; i++) {
      expect((await send(user, { subject: `Message ${i}`, message: 'Hello' })).statusCode).toBe(204);
    }
    const res = await send(user, { subject: 'One more', message: 'Hello' }, 'fr');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ errors: { global: 'Trop de tentatives. Veuillez réessayer dans 60 minutes.' } });
    expect(await ctx.db.select().from(contactMessages).where(eq(contactMessages.userId, user.id))).toHaveLength(10);
    expect((await send(viewer, { subject: 'Still fine', message: 'Hello' })).statusCode).toBe(204);
  });
});
