import { PROVINCE_CODES } from '@evmap/contract/enums';
import { errorMessage } from '@evmap/contract/errors';
import { asc, eq } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/accounts';
import {
  addCard,
  type BillingContext,
  billedManager,
  call,
  createBillingApp,
  PROVIDERS,
  subscribe,
} from '../../../test/billing';
import { eventBody } from '../../../test/events';
import { events } from '../../db/schema/events';
import { invoices } from '../../db/schema/invoices';
import { users } from '../../db/schema/users';
import type { UserRow } from '../../plugins/auth';
import { signInvoiceLink } from './invoice-links';

/** Totals in cents of one month of complete, taxes included, by province (see the contract's tax table). */
const COMPLETE_TOTALS: Record<string, { total: number; taxes: string }> = {
  AB: { total: 4199, taxes: 'GST 5000 200' },
  BC: { total: 4479, taxes: 'GST 5000 200, PST 7000 280' },
  MB: { total: 4479, taxes: 'GST 5000 200, PST 7000 280' },
  NB: { total: 4599, taxes: 'HST 15000 600' },
  NL: { total: 4599, taxes: 'HST 15000 600' },
  NS: { total: 4559, taxes: 'HST 14000 560' },
  NT: { total: 4199, taxes: 'GST 5000 200' },
  NU: { total: 4199, taxes: 'GST 5000 200' },
  ON: { total: 4519, taxes: 'HST 13000 520' },
  PE: { total: 4599, taxes: 'HST 15000 600' },
  QC: { total: 4598, taxes: 'GST 5000 200, QST 9975 399' },
  SK: { total: 4439, taxes: 'GST 5000 200, PST 6000 240' },
  YT: { total: 4199, taxes: 'GST 5000 200' },
};

async function pdfText(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

describe.each(PROVIDERS)('invoices (%s provider)', (provider) => {
  let ctx: BillingContext;
  let admin: UserRow;
  beforeAll(async () => {
    // The seller's registration numbers as an operator may type them (spaces optional).
    ctx = await createBillingApp(provider, {
      env: { GST_HST_NUMBER: '123456789rt0001', QST_NUMBER: '1234567890 TQ 0001' },
    });
    admin = await createUser(ctx, 'admin');
  });
  afterAll(() => ctx.close());

  const invoicesOf = (id: number) =>
    ctx.db.select().from(invoices).where(eq(invoices.userId, id)).orderBy(asc(invoices.id));
  const eventsOf = (id: number) => ctx.db.select().from(events).where(eq(events.creatorId, id));
  const publish = (user: UserRow, titleFr: string, lang = 'en') =>
    call(ctx, user, 'POST', '/connected/events', eventBody({ titleFr }), lang);
  const listed = async (user: UserRow) => (await call(ctx, user, 'GET', '/connected/me/invoices')).json().invoices;
  /** The path of an absolute invoice_pdf URL, for inject. */
  const pathOf = (url: string) => url.replace(ctx.config.appUrl, '');

  it('charges each publication under the unit plan and invoices it', async () => {
    const user = await billedManager(ctx);
    await subscribe(ctx, user, 'unit');
    const res = await publish(user, 'Soirée jazz');
    expect(res.statusCode).toBe(200);
    expect((await publish(user, 'Marché de Noël')).statusCode).toBe(200);
    const rows = await invoicesOf(user.id);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      subtotal: 3499,
      tax: 524,
      total: 4023,
      status: 'paid',
      provider,
      lines: [
        { description: 'Event publication (unit plan): Soirée jazz', quantity: 1, unitAmount: 3499, amount: 3499 },
      ],
      taxes: [
        { name: 'GST', rate: 5000, amount: 175 },
        { name: 'QST', rate: 9975, amount: 349 },
      ],
      idempotencyKey: `publication:${res.json().event.id}`,
    });
    const numbers = rows.map((r) => Number(r.number.slice(-6)));
    expect(numbers[1]).toBeGreaterThan(numbers[0]!);

    const frUser = await billedManager(ctx, { preferredLang: 'fr' });
    await subscribe(ctx, frUser, 'unit');
    await publish(frUser, 'Conte pour enfants', 'fr');
    expect((await invoicesOf(frUser.id))[0]!.lines[0]!.description).toBe(
      "Publication d'un événement (forfait à l'unité) : Conte pour enfants",
    );
  });

  it('does not publish when the payment fails, nor without a card', async () => {
    const created = await billedManager(ctx);
    await subscribe(ctx, created, 'unit', 'declinedOnCharge');
    const user = (await ctx.db.select().from(users).where(eq(users.id, created.id)))[0]!;
    const res = await publish(user, 'Refusé');
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ errors: { global: errorMessage('paymentDeclined', 'en') } });
    const fr = await publish(user, 'Refusé', 'fr');
    expect(fr.json()).toEqual({ errors: { global: errorMessage('paymentDeclined', 'fr') } });
    expect(await eventsOf(user.id)).toEqual([]);
    expect(await invoicesOf(user.id)).toEqual([]);

    const cardless = await billedManager(ctx, { planType: 'unit' });
    const none = await publish(cardless, 'Sans carte');
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ errors: { global: 'Please add a payment method' } });
    expect(await eventsOf(cardless.id)).toEqual([]);
  });

  it.runIf(provider === 'stripe')('records once a payment whose answer was lost on the way back', async () => {
    const user = await billedManager(ctx);
    await subscribe(ctx, user, 'unit');
    const pays = () => ctx.stripe!.requests.filter((r) => r.path.endsWith('/pay')).length;
    const before = pays();
    // The first answer and the SDK's two retries (same idempotency key) are all cut off.
    ctx.stripe!.dropPayAnswers = 3;
    const res = await publish(user, 'Réponse perdue');
    expect(res.statusCode).toBe(200);
    expect(pays() - before).toBe(3);
    const [invoice] = await invoicesOf(user.id);
    const charged = [...ctx.stripe!.invoices.values()].filter((i) => i.metadata.userId === String(user.id));
    expect(charged).toEqual([expect.objectContaining({ id: invoice!.providerRef, status: 'paid', total: 4023 })]);
  });

  it('does not charge trial, complete or free-complete publications', async () => {
    const trial = await billedManager(ctx);
    await addCard(ctx, trial);
    const free = await billedManager(ctx, { planType: 'free-complete' });
    await addCard(ctx, free);
    for (const user of [trial, free]) {
      expect((await publish(user, 'Gratuit')).statusCode).toBe(200);
      expect(await invoicesOf(user.id)).toEqual([]);
    }
    const complete = await billedManager(ctx);
    await subscribe(ctx, complete, 'complete');
    await publish(complete, 'Compris');
    expect(await invoicesOf(complete.id)).toHaveLength(1);
  });

  it('lists invoices, newest first, with a PDF link that downloads a real PDF', async () => {
    const user = await billedManager(ctx, { name: 'Théâtre du Quartier' });
    await subscribe(ctx, user, 'unit');
    await publish(user, 'Première');
    await call(ctx, user, 'PUT', '/connected/me/plans', { planType: 'complete' });
    const rows = await invoicesOf(user.id);
    const list = await listed(user);
    expect(list).toEqual(
      [...rows].reverse().map((row) => ({
        id: row.id,
        number: row.number,
        total: row.total,
        currency: 'cad',
        created: row.createdAt.toISOString(),
        invoice_pdf: expect.stringMatching(new RegExp(`^${ctx.config.appUrl}/api/v1/invoices/${row.id}/pdf\\?token=`)),
      })),
    );

    const unit = list[1];
    const res = await ctx.app.inject(pathOf(unit.invoice_pdf));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="${unit.number}.pdf"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain(unit.number);
    expect(text).toContain('Théâtre du Quartier');
    expect(text).toContain('455 Rue Saint-Pierre');
    expect(text).toContain('Montréal QC H2Y 2M8');
    expect(text).toContain('Event publication (unit plan): Première');
    expect(text).toMatch(/GST \(5 %\)\s+\$1\.75/);
    expect(text).toMatch(/QST \(9\.975 %\)\s+\$3\.49/);
    const total = text.match(/Total \(CAD\)\s+\$(\d+\.\d\d)/)?.[1];
    expect(Math.round(Number(total) * 100)).toBe(unit.total);
    expect(unit.total).toBe(4023);
    // With the tax lines, the seller's registration numbers in their official form.
    expect(text).toContain('GST/HST registration no.: 123456789 RT0001');
    expect(text).toContain('QST registration no.: 1234567890 TQ0001');

    const complete = await ctx.app.inject(pathOf(list[0].invoice_pdf));
    const completeText = await pdfText(complete.rawPayload);
    expect(completeText).toMatch(/Total \(CAD\)\s+\$45\.98/);
  });

  it('writes French invoices for French customers', async () => {
    const user = await billedManager(ctx, { preferredLang: 'fr', name: 'Café Régal' });
    await subscribe(ctx, user, 'complete');
    const [invoice] = await listed(user);
    const text = await pdfText((await ctx.app.inject(pathOf(invoice.invoice_pdf))).rawPayload);
    expect(text).toContain('Facture');
    expect(text).toContain('Café Régal');
    expect(text).toMatch(/Forfait complet, du \d{4}-\d\d-\d\d au \d{4}-\d\d-\d\d/);
    expect(text).toMatch(/TPS \(5 %\)\s+2,00 \$/);
    expect(text).toMatch(/TVQ \(9,975 %\)\s+3,99 \$/);
    expect(text).toMatch(/Total \(CAD\)\s+45,98 \$/);
    expect(text).toContain('N° d’inscription TPS/TVH : 123456789 RT0001');
    expect(text).toContain('N° d’inscription TVQ : 1234567890 TQ0001');
  });

  it('lets only the owner and administrators download an invoice', async () => {
    const owner = await billedManager(ctx);
    await subscribe(ctx, owner, 'complete');
    const [invoice] = await listed(owner);
    const other = await billedManager(ctx);
    await subscribe(ctx, other, 'complete');
    const [theirs] = await listed(other);
    const path = `/api/v1/invoices/${invoice.id}/pdf`;
    const token = (url: string) => new URL(url).searchParams.get('token')!;

    const anonymous = await ctx.app.inject(path);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ errors: { global: 'You must be signed in' } });
    expect((await call(ctx, owner, 'GET', path)).statusCode).toBe(200);
    expect((await call(ctx, admin, 'GET', path)).statusCode).toBe(200);
    const stranger = await call(ctx, other, 'GET', path);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json()).toEqual({ errors: { global: 'You are not allowed to do this' } });
    // A link opens its own invoice only.
    const swapped = await ctx.app.inject(`${path}?token=${token(theirs.invoice_pdf)}`);
    expect(swapped.statusCode).toBe(403);
    const forged = await ctx.app.inject(`${path}?token=${token(invoice.invoice_pdf).slice(0, -2)}xx`);
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ errors: { global: 'The token is invalid' } });
    const secret = ctx.config.jwtSecret;
    const claims = { invoiceId: invoice.id, userId: owner.id, tokenVersion: owner.tokenVersion };
    const expired = signInvoiceLink(secret, claims, Date.now() - 2 * 3_600_000);
    expect((await ctx.app.inject(`${path}?token=${expired}`)).statusCode).toBe(401);
    // A link signed for someone who is neither the owner nor an administrator opens nothing.
    const foreign = signInvoiceLink(secret, { ...claims, userId: other.id, tokenVersion: other.tokenVersion });
    expect((await ctx.app.inject(`${path}?token=${foreign}`)).statusCode).toBe(403);
    // An administrator's link works; a password change (new token version) revokes the owner's links.
    const adminLink = signInvoiceLink(secret, { ...claims, userId: admin.id, tokenVersion: admin.tokenVersion });
    expect((await ctx.app.inject(`${path}?token=${adminLink}`)).statusCode).toBe(200);
    await ctx.db.update(users).set({ tokenVersion: 1 }).where(eq(users.id, owner.id));
    expect((await ctx.app.inject(pathOf(invoice.invoice_pdf))).statusCode).toBe(401);

    expect((await call(ctx, admin, 'GET', '/api/v1/invoices/999999/pdf')).statusCode).toBe(404);
    expect((await call(ctx, admin, 'GET', '/api/v1/invoices/x/pdf')).json()).toEqual({
      errors: { id: 'The id is invalid' },
    });
  });

  it('taxes follow the province the billing postal code agrees with: a typed other province is refused', async () => {
    const user = await billedManager(ctx, { billingZipcode: 'G1K 8W1', billingState: 'QC' });
    const typed = await call(ctx, user, 'PUT', '/connected/me', { billingState: 'AB' });
    expect(typed.statusCode).toBe(400);
    expect(typed.json()).toEqual({
      errors: { billingState: 'The province does not match the postal code (its first letter gives the province)' },
    });
    await subscribe(ctx, user, 'complete');
    const [invoice] = await invoicesOf(user.id);
    expect(invoice!.total).toBe(COMPLETE_TOTALS.QC!.total);
    expect(invoice!.billing).toMatchObject({ state: 'QC', zipcode: 'G1K 8W1' });
  });

  it('taxes by the billing province, in each of the 13 provinces and territories', async () => {
    for (const province of PROVINCE_CODES) {
      const user = await billedManager(ctx, { billingState: province, state: 'QC' });
      await subscribe(ctx, user, 'complete');
      const [invoice] = await invoicesOf(user.id);
      expect(invoice!.total, province).toBe(COMPLETE_TOTALS[province]!.total);
      expect(invoice!.taxes.map((t) => `${t.name} ${t.rate} ${t.amount}`).join(', '), province).toBe(
        COMPLETE_TOTALS[province]!.taxes,
      );
      expect(invoice!.subtotal + invoice!.tax).toBe(invoice!.total);
      expect(invoice!.billing.state).toBe(province);
      if (ctx.stripe) {
        const charged = [...ctx.stripe.invoices.values()].find((i) => i.number === invoice!.number);
        expect(charged?.total, province).toBe(invoice!.total);
      }
    }
  });
});
