import { describe, expect, it } from 'vitest';
import './zod-setup';
import {
  cardBrand,
  cardExpired,
  cardInputSchema,
  formatMoney,
  formatTaxRate,
  luhnValid,
  planPrice,
  priceWithTax,
  TAX_RATES,
  taxProvince,
} from './billing';
import { PROVINCE_CODES } from './enums';

/** Totals in cents of one unit publication and one month of complete, by province. */
const EXPECTED: Record<string, { unit: number; complete: number; taxes: string }> = {
  AB: { unit: 3674, complete: 4199, taxes: 'GST 5' },
  BC: { unit: 3919, complete: 4479, taxes: 'GST 5, PST 7' },
  MB: { unit: 3919, complete: 4479, taxes: 'GST 5, PST 7' },
  NB: { unit: 4024, complete: 4599, taxes: 'HST 15' },
  NL: { unit: 4024, complete: 4599, taxes: 'HST 15' },
  NS: { unit: 3989, complete: 4559, taxes: 'HST 14' },
  NT: { unit: 3674, complete: 4199, taxes: 'GST 5' },
  NU: { unit: 3674, complete: 4199, taxes: 'GST 5' },
  ON: { unit: 3954, complete: 4519, taxes: 'HST 13' },
  PE: { unit: 4024, complete: 4599, taxes: 'HST 15' },
  QC: { unit: 4023, complete: 4598, taxes: 'GST 5, QST 9.975' },
  SK: { unit: 3884, complete: 4439, taxes: 'GST 5, PST 6' },
  YT: { unit: 3674, complete: 4199, taxes: 'GST 5' },
};

describe('taxes by province', () => {
  it('covers the 13 provinces and territories', () => {
    expect(Object.keys(TAX_RATES).sort()).toEqual([...PROVINCE_CODES].sort());
    expect(Object.keys(EXPECTED).sort()).toEqual([...PROVINCE_CODES].sort());
  });

  it.each(PROVINCE_CODES)('prices both plans in %s, tax by tax, in cents', (province) => {
    const unit = planPrice('unit', province);
    const complete = planPrice('complete', province);
    expect(unit.subtotal).toBe(3499);
    expect(complete.subtotal).toBe(3999);
    expect(unit.total).toBe(EXPECTED[province]!.unit);
    expect(complete.total).toBe(EXPECTED[province]!.complete);
    expect(unit.taxes.map((t) => `${t.name} ${formatTaxRate(t.rate)}`).join(', ')).toBe(EXPECTED[province]!.taxes);
    expect(unit.tax).toBe(unit.taxes.reduce((sum, t) => sum + t.amount, 0));
    expect(unit.currency).toBe('cad');
  });

  it('rounds each tax half up to the cent', () => {
    // 3499 x 9.975 % = 349.025 -> 349; 3499 x 5 % = 174.95 -> 175; 10 x 5 % = 0.5 -> 1
    expect(priceWithTax(3499, 'QC').taxes.map((t) => t.amount)).toEqual([175, 349]);
    expect(priceWithTax(10, 'AB').taxes[0]!.amount).toBe(1);
    expect(priceWithTax(0, 'ON').total).toBe(0);
  });

  it('takes the billing province, else the profile province', () => {
    expect(taxProvince({ billingState: 'ON', state: 'QC' })).toBe('ON');
    expect(taxProvince({ billingState: null, state: 'QC' })).toBe('QC');
    expect(taxProvince({ billingState: '', state: 'BC' })).toBe('BC');
    expect(taxProvince({ billingState: 'XX', state: null })).toBeNull();
  });

  it('formats cents as dollars with the currency', () => {
    expect(formatMoney(4023, 'cad', 'en-CA')).toBe('$40.23');
    expect(formatMoney(4023, 'cad', 'fr-CA').replace(/\s/g, ' ')).toBe('40,23 $');
  });
});

describe('cards', () => {
  const next = new Date().getUTCFullYear() + 1;
  const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: next, cvc: '123', postalCode: 'h2x 1y4' };
  const issues = (input: unknown) =>
    cardInputSchema.safeParse(input).error?.issues.map((i) => `${i.path.join('.')}:${i.message}`);

  it('checks numbers with Luhn and names the brand', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('42')).toBe(false);
    expect(cardBrand('4242424242424242')).toBe('visa');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('2223003122003222')).toBe('mastercard');
    expect(cardBrand('378282246310005')).toBe('amex');
    expect(cardBrand('6011111111111117')).toBe('discover');
    expect(cardBrand('3056930009020004')).toBe('unknown');
  });

  it('keeps a card valid through its expiry month', () => {
    expect(cardExpired(11, 2026, new Date('2026-11-30T12:00:00Z'))).toBe(false);
    expect(cardExpired(10, 2026, new Date('2026-11-01T12:00:00Z'))).toBe(true);
    expect(cardExpired(1, 2025, new Date('2026-11-01T12:00:00Z'))).toBe(true);
  });

  it('normalises a valid card', () => {
    expect(cardInputSchema.parse({ ...card, expMonth: '03', expYear: String(next % 100) })).toEqual({
      number: '4242424242424242',
      expMonth: 3,
      expYear: next,
      cvc: '123',
      postalCode: 'H2X1Y4',
    });
  });

  it('answers one message for any broken rule, and field messages for missing fields', () => {
    for (const broken of [
      { number: '4242 4242 4242 4241' },
      { expMonth: 13 },
      { expMonth: 1, expYear: 2020 },
      { cvc: '12' },
      { cvc: '12345' },
      { cvc: 'abc' },
      { postalCode: '90210' },
      { postalCode: 'D1A 1A1' },
    ]) {
      expect(issues({ ...card, ...broken }), JSON.stringify(broken)).toEqual([':cardInvalid']);
    }
    expect(issues({})).toEqual([
      'number:fieldRequired',
      'expMonth:fieldRequired',
      'expYear:fieldRequired',
      'cvc:fieldRequired',
      'postalCode:fieldRequired',
    ]);
  });
});
