import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createUser, readMails } from '../../../test/accounts';
import { createTestApp, type TestContext } from '../../../test/app';
import { passwordResetTokens } from '../../db/schema/password-reset-tokens';
import { planChanges } from '../../db/schema/plan-changes';
import { users } from '../../db/schema/users';
import type { UserRow } from '../../plugins/auth';

const BASE = '/api/v1/connected/admin/users';
const DAY = 24 * 60 * 60_000;
let ctx: TestContext;
let admin: UserRow;

const call = (method: 'POST' | 'PUT', url: string, payload: unknown, lang = 'en') =>
  ctx.app.inject({ method, url, headers: authHeaders(ctx.app, admin, lang), payload: payload as object });
const create = (payload: unknown, lang = 'en') => call('POST', BASE, payload, lang);
const update = (id: number, payload: unknown, lang = 'en') => call('PUT', `${BASE}/${id}`, payload, lang);
const setPlan = (id: number, payload: unknown, lang = 'en') => call('PUT', `${BASE}/${id}/plans`, payload, lang);
const row = async (id: number) => (await ctx.db.select().from(users).where(eq(users.id, id)))[0]!;
const changesOf = (id: number) =>
  ctx.db.select().from(planChanges).where(eq(planChanges.userId, id)).orderBy(desc(planChanges.id));
const adminSearch = async (search: string) =>
  (
    await ctx.app.inject({ url: `${BASE}?search=${encodeURIComponent(search)}`, headers: authHeaders(ctx.app, admin) })
  ).json().users;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createUser(ctx, 'admin');
});
afterAll(() => ctx.close());

describe('POST /connected/admin/users', () => {
  it('creates an event-manager on a trial and mails a link to choose a password', async () => {
    const res = await create({ name: ' Théâtre du Quartier ', email: ' Billets@Theatre.example ' }, 'fr');
    expect(res.statusCode).toBe(201);
    const { user } = res.json();
    expect(user).toMatchObject({
      name: 'Théâtre du Quartier',
      email: 'billets@theatre.example',
      unverifiedEmail: null,
      type: 'event-manager',
      isAdmin: false,
      planType: 'trial',
      preferredLang: 'fr',
      acceptTerms: true,
      acceptCommunications: false,
      country: 'CA',
      deletedAt: null,
    });
    const trialEnd = new Date(user.trialEndedAt);
    const expected = new Date();
    expected.setUTCMonth(expected.getUTCMonth() + ctx.config.trialMonths);
    expect(Math.abs(trialEnd.getTime() - expected.getTime())).toBeLessThan(60_000);

    const mail = readMails(ctx.config.mailDir).find((m) => m.to.includes('billets@theatre.example'));
    expect(mail?.subject).toBe('Votre compte EventMap a été créé');
    const token = decodeURIComponent(mail?.text.match(/change-pwd\?token=([\w%-]+)/)?.[1] ?? '');
    const [link] = await ctx.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(Math.abs(link!.expiresAt.getTime() - Date.now() - 7 * DAY)).toBeLessThan(60_000);

    const signIn = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/public/auth/change-pwd',
      payload: { token, password: 'my-own-password' },
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().user.id).toBe(user.id);
    expect(await adminSearch('theatre du quartier')).toEqual([expect.objectContaining({ id: user.id })]);
  });

  it('takes the optional fields: type, plan, trial end, profile; never makes an administrator', async () => {
    const res = await create({
      name: 'Julie Roy',
      email: 'julie@example.com',
      type: 'viewer',
      planType: null,
      trialEndedAt: '2027-03-31',
      isAdmin: true,
      preferredLang: 'en',
      phoneNumber: '(514) 555-0199',
      zipcode: 'h2x 1y4',
      state: 'QC',
      acceptCommunications: true,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({
      type: 'viewer',
      planType: null,
      trialEndedAt: '2027-03-31T00:00:00.000Z',
      isAdmin: false,
      preferredLang: 'en',
      phoneNumber: '5145550199',
      zipcode: 'H2X 1Y4',
      state: 'QC',
      acceptCommunications: true,
    });
    const mail = readMails(ctx.config.mailDir).find((m) => m.to.includes('julie@example.com'));
    expect(mail?.subject).toBe('Your EventMap account was created');
    const plain = await create({ name: 'Viewer Only', email: 'viewer-only@example.com', type: 'viewer' });
    expect(plain.json().user).toMatchObject({ type: 'viewer', planType: null, trialEndedAt: null });
    const paid = await create({ name: 'Paid', email: 'paid@example.com', planType: 'free-complete' });
    expect(paid.json().user).toMatchObject({ type: 'event-manager', planType: 'free-complete', trialEndedAt: null });
    const dated = await create({
      name: 'Dated',
      email: 'dated@example.com',
      trialEndedAt: '2027-01-15T12:00:00-05:00',
    });
    expect(dated.json().user.trialEndedAt).toBe('2027-01-15T17:00:00.000Z');
  });

  it('requires a name and an email, like the account form', async () => {
    const before = (await ctx.db.select().from(users)).length;
    const res = await create({});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      errors: { name: 'The field name is required', email: 'The field email is required' },
    });
    const blank = await create({ name: '  ', email: '' }, 'fr');
    expect(blank.json()).toEqual({
      errors: { name: 'Le champ name est obligatoire', email: 'Le champ email est obligatoire' },
    });
    const invalid = await create({ name: 'A', email: 'not-an-email' });
    expect(invalid.json()).toEqual({ errors: { email: 'The email is not valid' } });
    expect(await ctx.db.select().from(users)).toHaveLength(before);
  });

  it('answers 409 when the email is taken, whatever its case', async () => {
    const taken = await createUser(ctx, 'viewer');
    const res = await create({ name: 'Copy', email: taken.email.toUpperCase() });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ errors: { email: 'Email already exists' } });
    const fr = await create({ name: 'Copy', email: taken.email }, 'fr');
    expect(fr.json()).toEqual({ errors: { email: 'Ce courriel existe déjà' } });
  });

  it('refuses a trial end that is not a date', async () => {
    for (const trialEndedAt of [
      'tomorrow',
      '2027-02-30',
      '2027-13-01',
      '31/12/2027',
      20270101,
      '2027-01-01T25:00:00Z',
    ]) {
      const res = await create({ name: 'Late', email: 'late@example.com', trialEndedAt });
      expect(res.statusCode, String(trialEndedAt)).toBe(400);
      expect(res.json()).toEqual({ errors: { trialEndedAt: 'The field must be a valid date' } });
    }
    const fr = await create({ name: 'Late', email: 'late@example.com', trialEndedAt: 'demain' }, 'fr');
    expect(fr.json()).toEqual({ errors: { trialEndedAt: 'Le champ doit être une date valide' } });
  });

  it('answers wrong enums on their fields', async () => {
    const res = await create({ name: 'A', email: 'a@example.com', type: 'admin', planType: 'gold' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      errors: {
        type: 'The enum field is not valid; valid values are: viewer, event-manager',
        planType: 'The enum field is not valid; valid values are: complete, free-complete, unit, trial, canceled',
      },
    });
  });
});

describe('PUT /connected/admin/users/:id', () => {
  it('changes profile, email (without verification), type and trial end, and the search follows', async () => {
    const user = await createUser(ctx, 'event-manager', { name: 'Old Name', unverifiedEmail: undefined });
    await ctx.db.update(users).set({ unverifiedEmail: user.email }).where(eq(users.id, user.id));
    const res = await update(user.id, {
      name: 'Café Régal',
      email: 'New.Address@Example.com',
      city: 'Québec',
      trialEndedAt: '2028-06-30',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      id: user.id,
      name: 'Café Régal',
      email: 'new.address@example.com',
      unverifiedEmail: null,
      city: 'Québec',
      trialEndedAt: '2028-06-30T00:00:00.000Z',
      planType: 'complete',
    });
    expect(readMails(ctx.config.mailDir).some((m) => m.to.includes('new.address@example.com'))).toBe(false);
    expect(await adminSearch('cafe regal')).toEqual([expect.objectContaining({ id: user.id })]);
    expect(await adminSearch('old name')).toEqual([]);
    expect(await adminSearch('new.address')).toEqual([expect.objectContaining({ id: user.id })]);
  });

  it('turns a viewer into an event-manager on a trial, and back', async () => {
    const user = await createUser(ctx, 'viewer');
    const up = await update(user.id, { name: user.name, email: user.email, type: 'event-manager' });
    expect(up.statusCode).toBe(200);
    expect(up.json().user).toMatchObject({
      type: 'event-manager',
      planType: 'trial',
      trialEndedAt: expect.any(String),
    });
    expect(await changesOf(user.id)).toEqual([
      expect.objectContaining({ changedBy: admin.id, fromPlan: null, toPlan: 'trial', source: 'admin' }),
    ]);
    const down = await update(user.id, { name: user.name, email: user.email, type: 'viewer', planType: null });
    expect(down.json().user).toMatchObject({ type: 'viewer', planType: null });
    expect((await changesOf(user.id))[0]).toMatchObject({ fromPlan: 'trial', toPlan: null });
  });

  it('records a plan change made in the form', async () => {
    const user = await createUser(ctx, 'event-manager');
    const res = await update(user.id, { name: user.name, email: user.email, planType: 'unit' });
    expect(res.json().user.planType).toBe('unit');
    expect(await changesOf(user.id)).toEqual([expect.objectContaining({ fromPlan: 'complete', toPlan: 'unit' })]);
    await update(user.id, { name: 'Same plan', email: user.email, planType: 'unit' });
    expect(await changesOf(user.id)).toHaveLength(1);
  });

  it('requires name and email, keeps emails unique, and answers 404 and 400 for bad ids', async () => {
    const user = await createUser(ctx, 'viewer');
    const other = await createUser(ctx, 'viewer');
    const missing = await update(user.id, { name: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      errors: { name: 'The field name is required', email: 'The field email is required' },
    });
    const taken = await update(user.id, { name: 'A', email: other.email });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ errors: { email: 'Email already exists' } });
    const date = await update(user.id, { name: 'A', email: user.email, trialEndedAt: 'soon' });
    expect(date.json()).toEqual({ errors: { trialEndedAt: 'The field must be a valid date' } });
    expect(await row(user.id)).toEqual(user);
    const unknown = await update(999_999, { name: 'A', email: 'a@example.com' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ errors: { global: 'Not found' } });
    const bad = await update(0, { name: 'A', email: 'a@example.com' }, 'fr');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ errors: { id: "L'identifiant n'est pas valide" } });
  });
});

describe('PUT /connected/admin/users/:id/plans', () => {
  it('sets the plan without charging and records who changed it', async () => {
    const user = await createUser(ctx, 'event-manager', { planType: 'trial', trialEndedAt: new Date('2026-01-01') });
    const res = await setPlan(user.id, { planType: 'complete' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: user.id, planType: 'complete' });
    expect(await changesOf(user.id)).toEqual([
      expect.objectContaining({
        userId: user.id,
        changedBy: admin.id,
        fromPlan: 'trial',
        toPlan: 'complete',
        source: 'admin',
      }),
    ]);
    const canceled = await setPlan(user.id, { planType: 'canceled' });
    expect(canceled.json().user.planType).toBe('canceled');
    expect((await changesOf(user.id))[0]).toMatchObject({ fromPlan: 'complete', toPlan: 'canceled' });
    expect((await row(user.id)).trialEndedAt?.toISOString()).toBe('2026-01-01T00:00:00.000Z');
  });

  it('answers wrong plans, unknown users and bad ids', async () => {
    const user = await createUser(ctx, 'event-manager');
    const wrong = await setPlan(user.id, { planType: 'gold' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      errors: {
        planType: 'The enum field is not valid; valid values are: complete, free-complete, unit, trial, canceled',
      },
    });
    const missing = await setPlan(user.id, {}, 'fr');
    expect(missing.json()).toEqual({ errors: { planType: 'Le champ planType est obligatoire' } });
    expect(await changesOf(user.id)).toEqual([]);
    const unknown = await setPlan(999_999, { planType: 'unit' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ errors: { global: 'Not found' } });
    const bad = await setPlan(-1, { planType: 'unit' });
    expect(bad.json()).toEqual({ errors: { id: 'The id is invalid' } });
  });
});
