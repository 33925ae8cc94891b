/**
 * Charges that survive a crash at any point. Every charge (the complete plan chosen by its user, a unit
 * publication, a renewal) is first a charge intent: a row committed with everything the payment and its invoice
 * need (card, amounts, taxes, invoice number, what it buys), before the provider is called. The provider's
 * idempotency key is derived from the intent's id, so asking again for the same intent can never charge twice: the
 * provider answers the first result (Stripe replays it; the built-in provider keeps a ledger). Once the charge is
 * confirmed, one transaction writes its invoice, applies what it buys and marks it paid; a refusal marks it
 * failed. An intent left pending (the process died, the answer was lost, the provider was down) is finished:
 * - by the user's next request (a plan change or a publication finishes the user's pending intents first, and a
 *   retried publication is answered with the event its intent created),
 * - by Stripe's invoice.paid webhook (stripe-webhook.routes.ts),
 * - by the reconciliation pass of the billing job (reconcileIntents).
 * While one process takes an intent's payment it holds a PostgreSQL advisory lock on its own connection, so two
 * processes never ask the provider for the same intent at once, and a process that dies frees it with its
 * connection.
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors';
import type { UserRow } from '../../plugins/auth';
import { saveEvent } from '../events/event-write.service';
import { findEventById } from '../events/events.repository';
import {
  findIntent,
  type IntentPayload,
  type IntentRow,
  insertIntent,
  pendingIntentsOf,
  stalePendingIntents,
  updateIntent,
} from './charge-intents.repository';
import { type PreparedCharge, type Purchase, paymentError, prepareCharge } from './charges.service';
import { insertInvoice } from './invoices.repository';
import { CardRejectedError, type ChargeResult, PaymentDeclinedError, type PaymentProvider } from './payment-provider';
import { transitionPlan } from './plan-transitions.service';
import { liveSubscription, lockUser, updateSubscription } from './subscriptions.repository';

export type IntentDeps = Pick<FastifyInstance, 'db' | 'pool' | 'config' | 'log'> & { payments: PaymentProvider };

/** The first key of the advisory locks held while an intent's payment is asked ("charge" in ASCII). */
const INTENT_LOCK = 0x63686172;

/** The idempotency key the provider sees for an intent (its own calls derive theirs from it). */
export const intentKey = (intent: Pick<IntentRow, 'id'>) => `charge-intent-${intent.id}`;

/** `already`: it was settled before this call (by a retry, the webhook, another instance). */
export type IntentOutcome =
  | { status: 'paid'; intent: IntentRow; already?: true }
  | { status: 'failed'; intent: IntentRow; error?: unknown; already?: true }
  /** Another process is asking the provider for it right now. */
  | { status: 'busy'; intent: IntentRow };

/** Records a pending intent in `tx` (committed by the caller before the provider is called). */
export async function openIntent(
  tx: Parameters<typeof prepareCharge>[0],
  deps: { payments: PaymentProvider },
  user: UserRow,
  what: { subject: string; payload: IntentPayload; purchase: Purchase; eventId?: number | null },
  options: Parameters<typeof prepareCharge>[4] = {},
): Promise<IntentRow> {
  const charge: PreparedCharge = await prepareCharge(tx, deps, user, what.purchase, options);
  return insertIntent(tx, {
    userId: user.id,
    kind: what.payload.kind,
    subject: what.subject,
    provider: deps.payments.name,
    ...charge,
    payload: what.payload,
    eventId: what.eventId ?? null,
  });
}

/** The invoice key: one invoice per subscription's first period, per renewal period, per publication. */
function invoiceKey(intent: IntentRow, applied: { subscriptionId: number | null; eventId: number | null }): string {
  switch (intent.payload.kind) {
    case 'plan':
      return `plan:${applied.subscriptionId ?? `intent-${intent.id}`}`;
    case 'renewal':
      return intent.subject;
    default:
      // A first publication is `publication:<event>`; a new publication of the same event names its intent too.
      return intent.payload.eventId === null
        ? `publication:${applied.eventId}`
        : `publication:${applied.eventId}:${intent.id}`;
  }
}

/** Applies what a paid intent buys, in `tx` (user locked); answers the subscription or event it touched. */
async function applyIntent(
  tx: Parameters<typeof transitionPlan>[0],
  deps: IntentDeps,
  intent: IntentRow,
  user: UserRow,
): Promise<{ subscriptionId: number | null; eventId: number | null }> {
  const payload = intent.payload;
  if (payload.kind === 'plan') {
    const period = { start: new Date(payload.periodStart), end: new Date(payload.periodEnd) };
    await transitionPlan(tx, deps, {
      userId: user.id,
      to: 'complete',
      source: 'user',
      actorId: user.id,
      paidPeriod: period,
    });
    return { subscriptionId: (await liveSubscription(tx, user.id))?.id ?? null, eventId: null };
  }
  if (payload.kind === 'renewal') {
    const live = await liveSubscription(tx, user.id, true);
    // Renewed only if still this period's: a subscription canceled meanwhile keeps the invoice, not the period.
    if (live?.id === payload.subscriptionId && live.currentPeriodEnd?.toISOString() === payload.periodStart) {
      await updateSubscription(tx, live.id, {
        status: 'active',
        currentPeriodStart: new Date(payload.periodStart),
        currentPeriodEnd: new Date(payload.periodEnd),
        pastDueSince: null,
        nextAttemptAt: null,
      });
    }
    return { subscriptionId: payload.subscriptionId, eventId: null };
  }
  const existing = payload.eventId === null ? undefined : await findEventById(tx, payload.eventId);
  const body = payload.body as unknown as Parameters<typeof saveEvent>[2];
  const saved = await saveEvent(tx, user, { ...body, creatorId: user.id }, existing);
  return { subscriptionId: null, eventId: saved.id };
}

/**
 * Settles a pending intent as paid with the provider's result: its invoice, what it buys, its status, in one
 * transaction. An intent no longer pending is answered as it is (settled by someone else: webhook, retry).
 */
export async function settlePaid(deps: IntentDeps, intentId: number, result: ChargeResult): Promise<IntentOutcome> {
  return deps.db.transaction(async (tx) => {
    const peek = await findIntent(tx, intentId);
    if (!peek) throw new Error(`charge intent ${intentId} not found`);
    // The user first, as every plan change does, then the intent.
    const user = await lockUser(tx, peek.userId);
    const intent = (await findIntent(tx, intentId, true))!;
    if (intent.status !== 'pending') return outcomeOf(intent);
    let applied: { subscriptionId: number | null; eventId: number | null };
    try {
      applied = await tx.transaction((inner) => applyIntent(inner, deps, intent, user!));
    } catch (error) {
      // Paid all the same: the invoice is written and the intent settled; what failed is logged for a person.
      deps.log.error({ err: error, intentId }, 'charge intent paid but not applied');
      applied = { subscriptionId: null, eventId: intent.eventId };
    }
    const invoice = await insertInvoice(tx, {
      userId: intent.userId,
      number: intent.invoiceNumber,
      subtotal: intent.subtotal,
      tax: intent.tax,
      total: intent.total,
      currency: intent.currency,
      lines: intent.lines,
      taxes: intent.taxes,
      status: 'paid',
      provider: intent.provider,
      providerRef: result.ref,
      hostedPdfUrl: result.hostedPdfUrl,
      billing: intent.billing,
      subscriptionId: applied.subscriptionId,
      periodStart: 'periodStart' in intent.payload ? new Date(intent.payload.periodStart) : null,
      periodEnd: 'periodEnd' in intent.payload ? new Date(intent.payload.periodEnd) : null,
      idempotencyKey: invoiceKey(intent, applied),
    });
    const paid = await updateIntent(tx, intent.id, {
      status: 'paid',
      providerRef: result.ref,
      hostedPdfUrl: result.hostedPdfUrl,
      invoiceId: invoice.id,
      eventId: applied.eventId,
      settledAt: new Date(),
    });
    return { status: 'paid', intent: paid };
  });
}

const outcomeOf = (intent: IntentRow): IntentOutcome =>
  intent.status === 'paid' ? { status: 'paid', intent, already: true } : { status: 'failed', intent, already: true };

async function settleFailed(deps: IntentDeps, intent: IntentRow, error: unknown): Promise<IntentOutcome> {
  const code =
    error instanceof PaymentDeclinedError ? error.code : error instanceof CardRejectedError ? 'card_rejected' : 'error';
  const failed = await deps.db.transaction(async (tx) => {
    const current = (await findIntent(tx, intent.id, true))!;
    if (current.status !== 'pending') return current;
    return updateIntent(tx, intent.id, { status: 'failed', failureCode: code, settledAt: new Date() });
  });
  return failed.status === 'paid' ? { status: 'paid', intent: failed } : { status: 'failed', intent: failed, error };
}

/**
 * Asks the provider for a pending intent's payment (with its key: at most one charge, whatever happened before)
 * and settles it. A provider that cannot be reached leaves it pending and throws (ProviderUnavailableError).
 */
export async function finishIntent(deps: IntentDeps, intentId: number): Promise<IntentOutcome> {
  const client = await deps.pool.connect();
  try {
    const locked = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS ok', [
      INTENT_LOCK,
      intentId,
    ]);
    if (!locked.rows[0]?.ok) return { status: 'busy', intent: (await findIntent(deps.db, intentId))! };
    try {
      const intent = (await findIntent(deps.db, intentId))!;
      if (intent.status !== 'pending') return outcomeOf(intent);
      if (intent.provider !== deps.payments.name) {
        return settleFailed(deps, intent, new CardRejectedError(`intent of provider ${intent.provider}`));
      }
      let result: ChargeResult;
      try {
        result = await deps.payments.charge({
          customerRef: intent.customerRef,
          paymentMethodRef: intent.paymentMethodRef,
          invoiceNumber: intent.invoiceNumber,
          description: intent.description,
          lines: intent.lines,
          taxes: intent.taxes,
          total: intent.total,
          currency: intent.currency,
          idempotencyKey: intentKey(intent),
          metadata: { userId: String(intent.userId), intentId: String(intent.id), kind: intent.kind },
        });
      } catch (error) {
        if (error instanceof PaymentDeclinedError || error instanceof CardRejectedError) {
          return settleFailed(deps, intent, error);
        }
        throw error;
      }
      return settlePaid(deps, intent.id, result);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1, $2)', [INTENT_LOCK, intentId]);
    }
  } finally {
    client.release();
  }
}

/** finishIntent for a request: the provider unreachable is a 503, an intent another process is finishing a 409. */
async function finishForRequest(deps: IntentDeps, intentId: number): Promise<IntentOutcome> {
  let outcome: IntentOutcome;
  try {
    outcome = await finishIntent(deps, intentId);
  } catch (error) {
    throw paymentError(error);
  }
  if (outcome.status === 'busy') throw new AppError(409, { global: { key: 'paymentInProgress' } });
  return outcome;
}

/**
 * For a user's request: finishes an intent it just opened and answers it paid, or throws what the client sees:
 * 402 refused, 503 provider unreachable (the intent stays pending: the retry finishes it), 409 being finished.
 */
export async function chargeNow(deps: IntentDeps, intent: IntentRow): Promise<IntentRow> {
  const outcome = await finishForRequest(deps, intent.id);
  if (outcome.status === 'failed') throw paymentError(outcome.error ?? new PaymentDeclinedError('failed'));
  return outcome.intent;
}

/**
 * Finishes the user's pending intents (left by a crash or a lost answer) before anything else is charged or
 * changed for them: the retry of an interrupted request completes it instead of charging anew. Renewals are the
 * billing job's. Answers the intents as they ended.
 */
export async function finishPendingIntents(deps: IntentDeps, userId: number): Promise<IntentOutcome[]> {
  const outcomes: IntentOutcome[] = [];
  for (const intent of await pendingIntentsOf(deps.db, userId, 'renewal')) {
    outcomes.push(await finishForRequest(deps, intent.id));
  }
  return outcomes;
}

/** Intents pending longer than this are the reconciliation pass's (younger ones may be in a request's hands). */
export const RECONCILE_AFTER_MS = 60_000;

/** The billing job's pass over intents left pending: each is finished (charged once, then applied) or failed. */
export async function reconcileIntents(deps: IntentDeps, now = new Date()): Promise<number> {
  let settled = 0;
  const stale = await stalePendingIntents(deps.db, new Date(now.getTime() - RECONCILE_AFTER_MS), 100);
  // Run after the renewal pass, which finishes the intents of due renewals itself (and their refusals' grace).
  for (const intent of stale) {
    try {
      const outcome = await finishIntent(deps, intent.id);
      if (outcome.status !== 'busy') settled += 1;
    } catch (error) {
      deps.log.warn({ err: error, intentId: intent.id }, 'charge intent left pending (provider unavailable)');
    }
  }
  return settled;
}
