import { index, integer, jsonb, pgSequence, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { subscriptions } from './subscriptions';
import { users } from './users';

export type InvoiceLine = { description: string; quantity: number; unitAmount: number; amount: number };
/** `rate` in thousandths of a percent (9975 = 9.975 %), as in the contract's tax table. */
export type InvoiceTax = { name: string; rate: number; amount: number };
/** The customer as billed, frozen on the invoice: a later profile change does not rewrite it. */
export type InvoiceBilling = {
  name: string | null;
  email: string;
  address: string | null;
  city: string | null;
  zipcode: string | null;
  state: string;
  country: string | null;
  lang: 'fr' | 'en';
};

/** Invoice numbers (EVM-<year>-<n>): unique, increasing; a failed charge leaves a gap. */
export const invoiceNumberSeq = pgSequence('invoice_number_seq', { startWith: 1 });

/** Invoices in integer cents; the PDF is generated from these columns (or hosted by the provider). */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    number: text('number').notNull(),
    subtotal: integer('subtotal').notNull(),
    tax: integer('tax').notNull(),
    total: integer('total').notNull(),
    currency: text('currency').notNull(),
    lines: jsonb('lines').$type<InvoiceLine[]>().notNull(),
    taxes: jsonb('taxes').$type<InvoiceTax[]>().notNull(),
    /** paid or failed */
    status: text('status').notNull(),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref'),
    hostedPdfUrl: text('hosted_pdf_url'),
    billing: jsonb('billing').$type<InvoiceBilling>().notNull(),
    /** The complete-plan period this invoice pays, when it pays one. */
    subscriptionId: integer('subscription_id').references(() => subscriptions.id),
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    /** One invoice per charge: a renewal period or a publication can never be invoiced twice. */
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_number_key').on(t.number),
    uniqueIndex('invoices_idempotency_key').on(t.idempotencyKey),
    index('invoices_user_idx').on(t.userId, t.createdAt),
  ],
);
