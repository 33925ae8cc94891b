/** The queries of the billing side of an account's erasure (account-closure.ts). */
import { eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { chargeIntents } from '../../db/schema/charge-intents';
import { invoices } from '../../db/schema/invoices';
import { paymentMethods } from '../../db/schema/payment-methods';
import { subscriptions } from '../../db/schema/subscriptions';
import { LIVE_STATUSES } from './subscriptions.repository';

/** The provider references of every card row of the user. */
export async function cardRefsOf(db: Executor, userId: number): Promise<string[]> {
  const rows = await db
    .select({ ref: paymentMethods.providerRef })
    .from(paymentMethods)
    .where(eq(paymentMethods.userId, userId));
  return rows.map((row) => row.ref);
}

/**
 * Cancels the user's live subscription, deletes their card rows, and blanks the email of the billing details
 * their invoices and charge intents hold.
 */
export async function closeBillingRows(tx: Executor, userId: number, now: Date): Promise<void> {
  await tx
    .update(subscriptions)
    .set({ status: 'canceled', canceledAt: now, nextAttemptAt: null, updatedAt: now })
    .where(sql`${subscriptions.userId} = ${userId} AND ${inArray(subscriptions.status, [...LIVE_STATUSES])}`);
  await tx.delete(paymentMethods).where(eq(paymentMethods.userId, userId));
  await tx
    .update(invoices)
    .set({ billing: sql`jsonb_set(${invoices.billing}, '{email}', '""'::jsonb)` })
    .where(eq(invoices.userId, userId));
  // The charge intents hold the same copy of the billing details as the invoices they become: the same rule.
  await tx
    .update(chargeIntents)
    .set({ billing: sql`jsonb_set(${chargeIntents.billing}, '{email}', '""'::jsonb)`, updatedAt: now })
    .where(sql`${chargeIntents.userId} = ${userId} AND ${chargeIntents.billing} ? 'email'`);
}
