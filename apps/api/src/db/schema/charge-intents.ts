import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { events } from './events';
import type { InvoiceBilling, InvoiceLine, InvoiceTax } from './invoices';
import { invoices } from './invoices';
import { users } from './users';

/** What a paid intent applies (see billing/charge-intents.service.ts). */
export type IntentPayload =
  | { kind: 'plan'; periodStart: string; periodEnd: string }
  | { kind: 'publication'; eventId: number | null; body: Record<string, unknown>; fingerprint: string }
  | { kind: 'renewal'; subscriptionId: number; periodStart: string; periodEnd: string };

/**
 * A charge, recorded and committed before the payment provider is called: the provider's idempotency key is
 * derived from its id, so a charge interrupted at any point (a crash, a lost answer) is finished with the same key,
 * never made twice. Once the provider confirms it, its invoice is written and what it buys applied, in one
 * transaction; until then it is pending, and is finished by the client's retry, the Stripe webhook or the renewal
 * job's reconciliation pass.
 */
export const chargeIntents = pgTable(
  'charge_intents',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** plan (complete chosen by its user), publication (unit plan) or renewal */
    kind: text('kind').notNull(),
    /** What it buys; at most one pending intent per user and subject. */
    subject: text('subject').notNull(),
    /** pending, paid or failed */
    status: text('status').notNull().default('pending'),
    provider: text('provider').notNull(),
    customerRef: text('customer_ref').notNull(),
    paymentMethodRef: text('payment_method_ref').notNull(),
    invoiceNumber: text('invoice_number').notNull(),
    description: text('description').notNull(),
    subtotal: integer('subtotal').notNull(),
    tax: integer('tax').notNull(),
    total: integer('total').notNull(),
    currency: text('currency').notNull(),
    lines: jsonb('lines').$type<InvoiceLine[]>().notNull(),
    taxes: jsonb('taxes').$type<InvoiceTax[]>().notNull(),
    billing: jsonb('billing').$type<InvoiceBilling>().notNull(),
    payload: jsonb('payload').$type<IntentPayload>().notNull(),
    /** The publication's event once applied (and the event a change of publication is for). */
    eventId: integer('event_id').references(() => events.id),
    providerRef: text('provider_ref'),
    hostedPdfUrl: text('hosted_pdf_url'),
    failureCode: text('failure_code'),
    invoiceId: integer('invoice_id').references(() => invoices.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('charge_intents_pending_key').on(t.userId, t.subject).where(sql`${t.status} = 'pending'`),
    index('charge_intents_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
    index('charge_intents_event_idx').on(t.eventId),
  ],
);

/**
 * The built-in provider's own ledger: one row per idempotency key, so that a payment asked again with the same key
 * answers the first result, as Stripe does (no money moves; it counts what would have been charged).
 */
export const localPayments = pgTable(
  'local_payments',
  {
    idempotencyKey: text('idempotency_key').notNull(),
    ref: text('ref').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    invoiceNumber: text('invoice_number').notNull(),
    /** The decline code when refused, else null. */
    declineCode: text('decline_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.idempotencyKey] })],
);
