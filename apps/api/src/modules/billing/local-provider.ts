/**
 * The built-in payment provider: the default when Stripe is not configured. It checks cards with the rules of
 * the contract, keeps only brand, last 4 digits and expiry, and approves payments without moving money, so the
 * product works end to end on a fresh machine. Test cards make it refuse, like Stripe's test cards:
 * - 4000 0000 0000 0002: declined when saved (Stripe: card_declined on attach);
 * - 4000 0000 0000 0341: saved, then every payment declined (Stripe: "decline after attaching");
 * - 4000 0000 0000 9995: saved, then every payment declined for insufficient funds.
 * The card number and the security code are dropped as soon as the card is checked: the reference of a saved
 * card is random and only says whether its payments succeed.
 */
import { randomBytes } from 'node:crypto';
import { cardBrand, cardInputSchema } from '@evmap/contract/billing';
import type { Executor } from '../../db/client';
import { keepLocalPayment } from './charge-intents.repository';
import {
  CardRejectedError,
  type ChargeRequest,
  type ChargeResult,
  PaymentDeclinedError,
  type PaymentProvider,
  type SavedCard,
} from './payment-provider';

export const LOCAL_TEST_CARDS = {
  ok: '4242424242424242',
  declinedOnSave: '4000000000000002',
  declinedOnCharge: '4000000000000341',
  insufficientFunds: '4000000000009995',
} as const;

const random = () => randomBytes(12).toString('hex');
const DECLINE_MARK = '_decline_';
const FUNDS_MARK = '_funds_';

/**
 * `db`: the ledger where each payment is kept under its idempotency key, so that asking again with the same key
 * answers the first result, like Stripe (without it, as in unit tests of the provider alone, nothing is kept).
 */
export function createLocalProvider(db?: Executor): PaymentProvider {
  return {
    name: 'local',
    ownsCustomer: (ref) => ref.startsWith('lcus_'),
    createCustomer: async () => `lcus_${random()}`,
    cardSetup: async () => ({ clientSecret: null, publishableKey: null }),

    async saveCard(_customerRef, body): Promise<SavedCard> {
      const parsed = cardInputSchema.safeParse(body);
      if (!parsed.success) throw new CardRejectedError('invalid card');
      const card = parsed.data;
      if (card.number === LOCAL_TEST_CARDS.declinedOnSave) throw new PaymentDeclinedError('card_declined');
      const mark =
        card.number === LOCAL_TEST_CARDS.declinedOnCharge
          ? DECLINE_MARK
          : card.number === LOCAL_TEST_CARDS.insufficientFunds
            ? FUNDS_MARK
            : '_';
      return {
        ref: `lpm${mark}${random()}`,
        brand: cardBrand(card.number),
        last4: card.number.slice(-4),
        expMonth: card.expMonth,
        expYear: card.expYear,
      };
    },

    removeCard: async () => undefined,
    deleteCustomer: async () => undefined,

    async charge(request: ChargeRequest): Promise<ChargeResult> {
      const ref = request.paymentMethodRef;
      const declineCode = ref.startsWith(`lpm${DECLINE_MARK}`)
        ? 'card_declined'
        : ref.startsWith(`lpm${FUNDS_MARK}`)
          ? 'insufficient_funds'
          : null;
      let result = { ref: `lch_${random()}`, declineCode };
      if (db) {
        const kept = await keepLocalPayment(db, {
          idempotencyKey: request.idempotencyKey,
          ref: result.ref,
          amount: request.total,
          currency: request.currency,
          invoiceNumber: request.invoiceNumber,
          declineCode,
        });
        if (kept) result = kept;
      }
      if (result.declineCode) throw new PaymentDeclinedError(result.declineCode);
      return { ref: result.ref, hostedPdfUrl: null };
    },
  };
}
