/**
 * A small local HTTP server answering the subset of Stripe's API the Stripe provider uses, the way Stripe
 * does (form-encoded requests, JSON objects, error bodies, idempotency keys replayed), so the official SDK is
 * exercised for real. Stripe's test payment methods behave as documented:
 * - pm_card_visa, pm_card_mastercard: attached and charged;
 * - pm_card_chargeDeclined (4000 0000 0000 0002): attaching it fails with card_declined;
 * - pm_card_chargeCustomerFail (4000 0000 0000 0341): attached, then every payment is declined.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Card = { brand: string; last4: string; exp_month: number; exp_year: number };
type PaymentMethod = { id: string; object: 'payment_method'; type: 'card'; card: Card; customer: string | null };
type Invoice = {
  id: string;
  object: 'invoice';
  customer: string;
  currency: string;
  number: string | null;
  description: string | null;
  status: 'draft' | 'open' | 'paid' | 'void';
  total: number;
  lines: Array<{ description: string; amount: number }>;
  metadata: Record<string, string>;
  invoice_pdf: string | null;
  hosted_invoice_url: string | null;
};

const year = new Date().getUTCFullYear() + 2;
const TEST_METHODS: Record<string, Card & { attach?: 'decline'; charge?: 'decline' }> = {
  pm_card_visa: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: year },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', exp_month: 6, exp_year: year },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', exp_month: 12, exp_year: year, attach: 'decline' },
  pm_card_chargeCustomerFail: { brand: 'visa', last4: '0341', exp_month: 12, exp_year: year, charge: 'decline' },
};

export type FakeStripe = {
  url: string;
  /** Everything the server holds, for assertions. */
  customers: Map<string, { id: string; email: string; metadata: Record<string, string> }>;
  paymentMethods: Map<string, PaymentMethod & { failCharges: boolean }>;
  invoices: Map<string, Invoice>;
  /** Every request, in order: method, path, body. */
  requests: Array<{ method: string; path: string; body: Record<string, string> }>;
  /** Milliseconds each invoice payment takes (to widen race windows). */
  payDelayMs: number;
  /** The next this many payment answers are lost (connection cut after the payment is made). */
  dropPayAnswers: number;
  /**
   * While true, requests are recorded but neither processed nor answered, as if lost on their way to Stripe
   * (the client may die meanwhile: nothing happens at Stripe).
   */
  holdRequests: boolean;
  /** While set, each invoice payment waits for it before it is made (a payment in progress, for as long as a test wants). */
  payGate: Promise<void> | undefined;
  close: () => Promise<void>;
};

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

function readBody(request: IncomingMessage): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => resolve(Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')))));
    request.on('error', reject);
  });
}

const metadataOf = (body: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(body)
      .filter(([key]) => key.startsWith('metadata['))
      .map(([key, value]) => [key.slice(9, -1), value]),
  );

class StripeFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, string>,
  ) {
    super(body.message);
  }
}

const missing = (what: string, value: string) =>
  new StripeFailure(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${what}: '${value}'`,
  });
const declined = () =>
  new StripeFailure(402, {
    type: 'card_error',
    code: 'card_declined',
    decline_code: 'generic_decline',
    message: 'Your card was declined.',
  });

export async function startFakeStripe(): Promise<FakeStripe> {
  const fake = {
    customers: new Map(),
    paymentMethods: new Map(),
    invoices: new Map(),
    requests: [],
    payDelayMs: 0,
    dropPayAnswers: 0,
    holdRequests: false,
    payGate: undefined,
  } as unknown as FakeStripe;
  const replies = new Map<string, { status: number; body: unknown }>();

  function paymentMethod(pmId: string) {
    const known = fake.paymentMethods.get(pmId);
    if (known) return known;
    const test = TEST_METHODS[pmId];
    if (!test) throw missing('PaymentMethod', pmId);
    const { attach: _a, charge: _c, ...card } = test;
    return {
      id: pmId,
      object: 'payment_method' as const,
      type: 'card' as const,
      card,
      customer: null,
      failCharges: false,
    };
  }

  function invoiceOf(invoiceId: string) {
    const invoice = fake.invoices.get(invoiceId);
    if (!invoice) throw missing('invoice', invoiceId);
    return invoice;
  }

  async function route(method: string, path: string, body: Record<string, string>): Promise<unknown> {
    const on = (verb: string, pattern: RegExp) => (method === verb ? path.match(pattern) : null);
    let match: RegExpMatchArray | null;
    if (method === 'POST' && path === '/v1/customers') {
      const customer = { id: id('cus'), object: 'customer', email: body.email ?? '', metadata: metadataOf(body) };
      fake.customers.set(customer.id, customer);
      return customer;
    }
    match = on('DELETE', /^\/v1\/customers\/(\w+)$/);
    if (match) {
      // Like Stripe: the customer is gone, its payment methods detached; its invoices stay.
      if (!fake.customers.delete(match[1]!)) throw missing('customer', match[1]!);
      for (const pm of fake.paymentMethods.values()) if (pm.customer === match[1]) pm.customer = null;
      return { id: match[1], object: 'customer', deleted: true };
    }
    if (method === 'POST' && path === '/v1/setup_intents') {
      const seti = id('seti');
      return { id: seti, object: 'setup_intent', customer: body.customer, client_secret: `${seti}_secret_x` };
    }
    match = on('GET', /^\/v1\/payment_methods\/(\w+)$/);
    if (match) {
      const { failCharges: _f, ...pm } = paymentMethod(match[1]!);
      return pm;
    }
    match = on('POST', /^\/v1\/payment_methods\/(\w+)\/attach$/);
    if (match) {
      if (!fake.customers.has(body.customer ?? '')) throw missing('customer', body.customer ?? '');
      const source = paymentMethod(match[1]!);
      const test = TEST_METHODS[match[1]!];
      if (test?.attach === 'decline') throw declined();
      // Like Stripe, attaching a test payment method creates a new one for the customer.
      const attached = {
        ...source,
        id: test ? id('pm') : source.id,
        customer: body.customer!,
        failCharges: test?.charge === 'decline' || source.failCharges,
      };
      fake.paymentMethods.set(attached.id, attached);
      const { failCharges: _f, ...pm } = attached;
      return pm;
    }
    match = on('POST', /^\/v1\/payment_methods\/(\w+)\/detach$/);
    if (match) {
      const pm = fake.paymentMethods.get(match[1]!);
      if (!pm?.customer) throw missing('PaymentMethod', match[1]!);
      pm.customer = null;
      const { failCharges: _f, ...rest } = pm;
      return rest;
    }
    if (method === 'POST' && path === '/v1/invoices') {
      const invoice: Invoice = {
        id: id('in'),
        object: 'invoice',
        customer: body.customer!,
        currency: body.currency ?? 'cad',
        number: body.number ?? null,
        description: body.description ?? null,
        status: 'draft',
        total: 0,
        lines: [],
        metadata: metadataOf(body),
        invoice_pdf: null,
        hosted_invoice_url: null,
      };
      fake.invoices.set(invoice.id, invoice);
      return invoice;
    }
    if (method === 'POST' && path === '/v1/invoiceitems') {
      const invoice = invoiceOf(body.invoice ?? '');
      if (invoice.status !== 'draft')
        throw new StripeFailure(400, { type: 'invalid_request_error', message: 'not a draft' });
      const item = { description: body.description ?? '', amount: Number(body.amount) };
      invoice.lines.push(item);
      invoice.total += item.amount;
      return { id: id('ii'), object: 'invoiceitem', invoice: invoice.id, ...item };
    }
    match = on('GET', /^\/v1\/invoices\/(\w+)$/);
    if (match) return invoiceOf(match[1]!);
    match = on('POST', /^\/v1\/invoices\/(\w+)\/(finalize|pay|void)$/);
    if (match) {
      const invoice = invoiceOf(match[1]!);
      if (match[2] === 'finalize') {
        invoice.status = 'open';
        invoice.invoice_pdf = `${fake.url}/files/${invoice.id}.pdf`;
        invoice.hosted_invoice_url = `${fake.url}/i/${invoice.id}`;
      } else if (match[2] === 'void') {
        invoice.status = 'void';
      } else {
        if (fake.payDelayMs) await new Promise((r) => setTimeout(r, fake.payDelayMs));
        if (fake.payGate) await fake.payGate;
        const pm = fake.paymentMethods.get(body.payment_method ?? '');
        if (invoice.status !== 'open')
          throw new StripeFailure(400, { type: 'invalid_request_error', message: 'not open' });
        if (!pm || pm.customer !== invoice.customer) throw missing('PaymentMethod', body.payment_method ?? '');
        if (pm.failCharges) throw declined();
        invoice.status = 'paid';
      }
      return invoice;
    }
    throw new StripeFailure(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path})`,
    });
  }

  async function serve(request: IncomingMessage, response: ServerResponse) {
    const body = await readBody(request);
    const path = (request.url ?? '/').split('?')[0]!;
    const method = request.method ?? 'GET';
    fake.requests.push({ method, path, body });
    if (fake.holdRequests) return;
    const key = request.headers['idempotency-key'];
    const replayKey = typeof key === 'string' ? `${method} ${path} ${key}` : undefined;
    let reply = replayKey ? replies.get(replayKey) : undefined;
    if (!reply) {
      try {
        reply = { status: 200, body: await route(method, path, body) };
      } catch (error) {
        if (!(error instanceof StripeFailure)) throw error;
        reply = { status: error.status, body: { error: error.body } };
      }
      if (replayKey) replies.set(replayKey, reply);
    }
    if (path.endsWith('/pay') && fake.dropPayAnswers > 0) {
      fake.dropPayAnswers -= 1;
      request.socket.destroy();
      return;
    }
    response.writeHead(reply.status, { 'content-type': 'application/json', 'request-id': id('req') });
    response.end(JSON.stringify(reply.body));
  }

  const server = createServer((request, response) => {
    serve(request, response).catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return fake;
}
