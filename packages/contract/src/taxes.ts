/**
 * The sales-tax table by province and the price helpers in integer cents (spec sections 3, 4 and 9), without zod:
 * the plans page shows prices with them and loads no schema. billing.ts re-exports them with the billing bodies.
 */
import { CURRENCY, PRICES } from './constants';
import type { Province } from './enums';
import { postalCodeAgrees, provincesOfPostalCode } from './postal-codes';

// ---------------------------------------------------------------- taxes

/** Tax rates are integers in thousandths of a percent: 5000 is 5 %, 9975 is 9.975 % (QST). */
export const TAX_RATE_SCALE = 100_000;

export type TaxName = 'GST' | 'HST' | 'QST' | 'PST';
export type TaxRate = { name: TaxName; rate: number };

const GST: TaxRate = { name: 'GST', rate: 5_000 };
const hst = (rate: number): TaxRate => ({ name: 'HST', rate });
const pst = (rate: number): TaxRate => ({ name: 'PST', rate });

/**
 * Sales taxes on the plans by the customer's province (rates in force in 2026). GST alone in AB and the
 * territories; HST in the Atlantic provinces and Ontario (Nova Scotia 14 % since April 2025); GST with QST in
 * Quebec and with the provincial sales tax in BC, MB (its retail sales tax) and SK.
 */
export const TAX_RATES: Readonly<Record<Province, readonly TaxRate[]>> = {
  AB: [GST],
  BC: [GST, pst(7_000)],
  MB: [GST, pst(7_000)],
  NB: [hst(15_000)],
  NL: [hst(15_000)],
  NS: [hst(14_000)],
  NT: [GST],
  NU: [GST],
  ON: [hst(13_000)],
  PE: [hst(15_000)],
  QC: [GST, { name: 'QST', rate: 9_975 }],
  SK: [GST, pst(6_000)],
  YT: [GST],
};

export type TaxLine = TaxRate & { amount: number };
export type PriceBreakdown = { subtotal: number; taxes: TaxLine[]; tax: number; total: number; currency: string };

/** Each tax of `province` on `subtotal` cents, rounded half up to the cent, tax by tax. */
export function taxesFor(subtotal: number, province: Province): TaxLine[] {
  return TAX_RATES[province].map((tax) => ({
    ...tax,
    amount: Math.floor((subtotal * tax.rate + TAX_RATE_SCALE / 2) / TAX_RATE_SCALE),
  }));
}

/** `subtotal` cents with the taxes of `province`. */
export function priceWithTax(subtotal: number, province: Province): PriceBreakdown {
  const taxes = taxesFor(subtotal, province);
  const tax = taxes.reduce((sum, t) => sum + t.amount, 0);
  return { subtotal, taxes, tax, total: subtotal + tax, currency: CURRENCY };
}

export type PaidPlan = keyof typeof PRICES;

/** The price of one unit publication or one month of the complete plan, taxes included. */
export const planPrice = (plan: PaidPlan, province: Province) => priceWithTax(PRICES[plan], province);

/** "9.975" for 9975, "5" for 5000: the percentage without trailing zeros. */
export function formatTaxRate(rate: number): string {
  return String(rate / 1000);
}

/** Cents as money in the user's locale: 4023 -> "$40.23" (en-ca) or "40,23 $" (fr-ca). */
export function formatMoney(cents: number, currency: string = CURRENCY, locale = 'en-CA'): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
}

/**
 * The province whose taxes apply: the billing province, else the profile province; null when neither is known.
 * Saves refuse a province its postal code disagrees with (postal-codes.ts); a row saved before that rule that still
 * disagrees is taxed in the postal code's province when its letter names only one.
 */
export function taxProvince(user: {
  billingState?: string | null;
  state?: string | null;
  billingZipcode?: string | null;
  zipcode?: string | null;
}): Province | null {
  for (const [value, zipcode] of [
    [user.billingState, user.billingZipcode],
    [user.state, user.zipcode],
  ]) {
    if (!value || !Object.hasOwn(TAX_RATES, value)) continue;
    if (postalCodeAgrees(zipcode, value)) return value as Province;
    const provinces = provincesOfPostalCode(zipcode);
    return provinces?.length === 1 ? provinces[0]! : (value as Province);
  }
  return null;
}
