/**
 * The billing side of deleting an account: the cards and the customer removed at the payment provider, the
 * subscription ended, the saved cards' rows deleted, and the invoices reduced to what the law keeps.
 */
import type { Executor } from '../../db/client';
import type { UserRow } from '../../plugins/auth';
import { cardRefsOf, closeBillingRows } from './account-closure.repository';
import { paymentError } from './charges.service';
import type { PaymentProvider } from './payment-provider';
import { insertPlanChange } from './subscriptions.repository';

/**
 * Before the deletion's transaction: every saved card of this provider is detached and the customer deleted at
 * the provider. Both are idempotent, so a deletion that fails afterwards can simply be tried again; a provider
 * that cannot be reached answers 503 and nothing is deleted.
 */
export async function forgetAtProvider(db: Executor, payments: PaymentProvider, user: UserRow): Promise<void> {
  const cards = await cardRefsOf(db, user.id);
  const customer = user.providerCustomerId;
  try {
    if (customer && !payments.ownsCustomer(customer)) return;
    for (const ref of cards) await payments.removeCard(ref);
    if (customer) await payments.deleteCustomer(customer);
  } catch (error) {
    throw paymentError(error);
  }
}

/**
 * In the deletion's transaction (the user row locked): the live subscription is canceled (the renewal job will
 * never charge it), the plan becomes canceled, the card rows are deleted, and each invoice keeps its number,
 * lines, amounts, taxes, and the business name and billing address printed on it, but no longer the email (nor
 * do the charge intents behind them).
 */
export async function closeBilling(
  tx: Executor,
  user: UserRow,
  by: { id: number; admin: boolean },
  now: Date,
): Promise<{ planType: string | null }> {
  await closeBillingRows(tx, user.id, now);
  if (!user.planType || user.planType === 'canceled') return { planType: user.planType };
  await insertPlanChange(tx, {
    userId: user.id,
    changedBy: by.id,
    fromPlan: user.planType,
    toPlan: 'canceled',
    source: by.admin ? 'admin' : 'user',
  });
  return { planType: 'canceled' };
}
