/** Saved cards as the API shows them: never the provider reference. */
import type { PaymentMethod } from '@evmap/contract/billing';
import type { PaymentMethodRow } from './payment-methods.repository';

export function presentCard(row: PaymentMethodRow, isDefault: boolean): PaymentMethod {
  return {
    id: row.id,
    brand: row.brand,
    last4: row.last4,
    expMonth: row.expMonth,
    expYear: row.expYear,
    isDefault,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Newest first: the first card is the one charged. */
export const presentCards = (rows: PaymentMethodRow[]) => rows.map((row, index) => presentCard(row, index === 0));
