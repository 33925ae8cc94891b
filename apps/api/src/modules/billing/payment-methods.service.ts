/** Saved cards: list, set-up for the web app's card form, add, remove (spec sections 5, 6 and 8). */
import { isPaidPlan } from '@evmap/contract/billing';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { AppError, badRequest, forbidden, notFound } from '../../errors';
import type { UserRow } from '../../plugins/auth';
import { updateUser } from '../users/users.repository';
import { paymentError } from './charges.service';
import {
  findCard,
  findCardsByRef,
  insertCard,
  listCards,
  type PaymentMethodRow,
  softDeleteCard,
} from './payment-methods.repository';
import { CardRejectedError, PaymentDeclinedError, type PaymentProvider } from './payment-provider';
import { lockUser } from './subscriptions.repository';

/** What the billing services use from the app. */
export type BillingDeps = Pick<FastifyInstance, 'db' | 'pool' | 'config' | 'mailer' | 'log' | 'rateLimiter'> & {
  payments: PaymentProvider;
};

/** Adding cards is where stolen card numbers get tested: a few per hour and per user. */
export const CARD_ADD_LIMIT = { limit: 10, windowMs: 60 * 60_000 };

/** The user's customer at the provider, created (once: the user row is locked) when missing. */
async function ensureCustomer(tx: Executor, deps: BillingDeps, userId: number): Promise<string> {
  const user = await lockUser(tx, userId);
  if (!user) throw notFound();
  if (user.providerCustomerId && deps.payments.ownsCustomer(user.providerCustomerId)) return user.providerCustomerId;
  let ref: string;
  try {
    ref = await deps.payments.createCustomer({ userId: user.id, email: user.email, name: user.name });
  } catch (error) {
    throw paymentError(error);
  }
  await updateUser(tx, user.id, { providerCustomerId: ref });
  return ref;
}

/** GET /connected/me/payment-methods: newest first; the first is the card charged. */
export const listMyCards = (deps: BillingDeps, user: UserRow) => listCards(deps.db, user.id, deps.payments.name);

/** POST /connected/me/payment-methods/setup */
export async function cardSetup(deps: BillingDeps, user: UserRow) {
  const customerRef = await deps.db.transaction((tx) => ensureCustomer(tx, deps, user.id));
  try {
    return { provider: deps.payments.name, ...(await deps.payments.cardSetup(customerRef)) };
  } catch (error) {
    throw paymentError(error);
  }
}

/**
 * POST /connected/me/payment-methods: the provider checks the card (built-in: Luhn, expiry, code, postal code;
 * Stripe: the confirmed PaymentMethod) and only brand, last 4 digits, expiry and its reference are stored.
 */
export async function addCard(deps: BillingDeps, user: UserRow, body: unknown): Promise<PaymentMethodRow> {
  await deps.rateLimiter.consume({ key: `card-add:${user.id}`, ...CARD_ADD_LIMIT });
  return deps.db.transaction(async (tx) => {
    const customerRef = await ensureCustomer(tx, deps, user.id);
    let saved: Awaited<ReturnType<PaymentProvider['saveCard']>>;
    try {
      saved = await deps.payments.saveCard(customerRef, body);
    } catch (error) {
      if (error instanceof CardRejectedError) throw badRequest('cardInvalid');
      if (error instanceof PaymentDeclinedError) throw new AppError(402, { global: { key: 'cardDeclined' } });
      throw paymentError(error);
    }
    const [known] = await findCardsByRef(tx, deps.payments.name, saved.ref);
    if (known) {
      if (known.userId !== user.id) throw badRequest('cardInvalid');
      return known;
    }
    // The same card saved twice at once fails on the unique index: 409 "try again" (the error handler), after
    // which the card is found above.
    return insertCard(tx, {
      userId: user.id,
      provider: deps.payments.name,
      providerRef: saved.ref,
      brand: saved.brand,
      last4: saved.last4,
      expMonth: saved.expMonth,
      expYear: saved.expYear,
    });
  });
}

/**
 * DELETE /connected/me/payment-methods/:id: refused with "Cancel your plan before deleting the payment method."
 * while a paid plan (unit or complete) depends on the last card.
 */
export async function removeCard(deps: BillingDeps, user: UserRow, id: number): Promise<void> {
  const card = await findCard(deps.db, id);
  if (!card || card.deletedAt || card.provider !== deps.payments.name) throw notFound();
  if (card.userId !== user.id) throw forbidden();
  await deps.db.transaction(async (tx) => {
    const fresh = await lockUser(tx, user.id);
    const cards = await listCards(tx, user.id, deps.payments.name);
    if (!cards.some((c) => c.id === id)) throw notFound();
    if (isPaidPlan(fresh?.planType) && cards.length === 1)
      throw new AppError(409, { global: { key: 'cancelPlanFirst' } });
    await softDeleteCard(tx, id);
    try {
      await deps.payments.removeCard(card.providerRef);
    } catch (error) {
      throw paymentError(error);
    }
  });
}
