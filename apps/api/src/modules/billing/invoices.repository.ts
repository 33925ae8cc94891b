/** Queries on invoices and their numbers. */
import { desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { invoices } from '../../db/schema/invoices';

export type { InvoiceBilling, InvoiceLine, InvoiceTax } from '../../db/schema/invoices';
export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoice = typeof invoices.$inferInsert;

const yearIn = (date: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric' }).format(date);

/** The next invoice number, EVM-<year in Eastern time>-<6+ digits>, from one sequence: unique and increasing. */
export async function nextInvoiceNumber(db: Executor, now: Date): Promise<string> {
  const result = await db.execute<{ n: number }>(sql`SELECT nextval('invoice_number_seq') AS n`);
  return `EVM-${yearIn(now, 'America/Toronto')}-${String(result.rows[0]!.n).padStart(6, '0')}`;
}

export async function insertInvoice(db: Executor, values: NewInvoice): Promise<InvoiceRow> {
  const [row] = await db.insert(invoices).values(values).returning();
  return row!;
}

/** The user's invoices, newest first, at most `limit`. */
export function listInvoices(db: Executor, userId: number, limit: number): Promise<InvoiceRow[]> {
  return db
    .select()
    .from(invoices)
    .where(eq(invoices.userId, userId))
    .orderBy(desc(invoices.createdAt), desc(invoices.id))
    .limit(limit);
}

export async function findInvoice(db: Executor, id: number): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  return row;
}

/** The billing snapshot of the user's latest invoice: renewals fall back on it when the profile lost its province. */
export async function lastBilling(db: Executor, userId: number): Promise<InvoiceRow['billing'] | undefined> {
  const [row] = await listInvoices(db, userId, 1);
  return row?.billing;
}

/** Whether an invoice carries the provider's reference (a Stripe invoice id). */
export async function invoiceExistsByRef(db: Executor, providerRef: string): Promise<boolean> {
  const [row] = await db.select({ id: invoices.id }).from(invoices).where(eq(invoices.providerRef, providerRef));
  return row !== undefined;
}
