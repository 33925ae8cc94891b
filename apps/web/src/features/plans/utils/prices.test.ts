import { describe, expect, it } from 'vitest';
import { writeCents, writeRate } from '@/lib/number-text';
import { planPriceView } from './prices';

// Intl separates the amount and the symbol with a no-break space in French.
const spaced = (text: string | null) => text?.replace(/\s/g, ' ');

describe('plan prices', () => {
  it('formats money and rates in the locale', () => {
    expect(writeCents(3499, 'en')).toBe('$34.99');
    expect(spaced(writeCents(3499, 'fr'))).toBe('34,99 $');
    expect(writeRate(9975, 'en')).toBe('9.975%');
    expect(spaced(writeRate(9975, 'fr'))).toBe('9,975 %');
  });

  it('unit in Quebec: GST 5 % and QST 9.975 %, total 40.23', () => {
    const view = planPriceView('unit', 'QC', 'en');
    expect(view).toEqual({
      price: '$34.99',
      taxes: [
        { name: 'GST', rate: '5%', amount: '$1.75' },
        { name: 'QST', rate: '9.975%', amount: '$3.49' },
      ],
      total: '$40.23',
    });
    expect(spaced(planPriceView('unit', 'QC', 'fr').total)).toBe('40,23 $');
  });

  it('complete in Ontario: HST 13 %, total 45.19; without a province, no tax and no total', () => {
    expect(planPriceView('complete', 'ON', 'en')).toMatchObject({
      price: '$39.99',
      taxes: [{ name: 'HST', rate: '13%' }],
      total: '$45.19',
    });
    expect(planPriceView('complete', null, 'en')).toEqual({ price: '$39.99', taxes: [], total: null });
  });
});
