/**
 * Plan prices as the page shows them, computed with the contract's helpers the API charges with
 * (`priceWithTax`, TAX_RATES): the price before tax, and with a known province each tax and the total.
 */

import { PRICES } from '@evmap/contract/constants';
import type { Lang, Province } from '@evmap/contract/enums';
import { type PaidPlan, priceWithTax, type TaxName } from '@evmap/contract/taxes';
import { writeCents, writeRate } from '@/lib/number-text';

/** A price for display: `price` before tax; with a province, its taxes (rate as a percentage) and the total. */
export type PriceView = {
  price: string;
  taxes: Array<{ name: TaxName; rate: string; amount: string }>;
  total: string | null;
};

/** The price of `plan` (one publication, or one month) for a customer of `province` (null: unknown). */
export function planPriceView(plan: PaidPlan, province: Province | null, lang: Lang): PriceView {
  const price = writeCents(PRICES[plan], lang);
  if (!province) return { price, taxes: [], total: null };
  const breakdown = priceWithTax(PRICES[plan], province);
  return {
    price,
    taxes: breakdown.taxes.map((tax) => ({
      name: tax.name,
      rate: writeRate(tax.rate, lang),
      amount: writeCents(tax.amount, lang),
    })),
    total: writeCents(breakdown.total, lang),
  };
}
