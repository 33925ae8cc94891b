import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

export type InvoiceLine = { description: string; quantity: number; unitAmount: number; amount: number };
export type InvoiceTax = { name: string; rate: number; amount: number };

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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('invoices_number_key').on(t.number), index('invoices_user_idx').on(t.userId, t.createdAt)],
);
