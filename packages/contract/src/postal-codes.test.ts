import { describe, expect, it } from 'vitest';
import { taxProvince } from './billing';
import { postalCodeAgrees, postalCodeMismatches, provincesOfPostalCode } from './postal-codes';

describe('postal code and province', () => {
  it("follows Canada Post's first-letter table", () => {
    expect(provincesOfPostalCode('G1K 8W1')).toEqual(['QC']);
    expect(provincesOfPostalCode('h2x1y4')).toEqual(['QC']);
    expect(provincesOfPostalCode('M5J 1A7')).toEqual(['ON']);
    expect(provincesOfPostalCode('X0A 0H0')).toEqual(['NT', 'NU']);
    expect(provincesOfPostalCode('T2P 1J9')).toEqual(['AB']);
    expect(provincesOfPostalCode('')).toBeUndefined();
    expect(provincesOfPostalCode(null)).toBeUndefined();
  });

  it('refuses a province its postal code disagrees with, and only then', () => {
    expect(postalCodeAgrees('G1K 8W1', 'AB')).toBe(false);
    expect(postalCodeAgrees('G1K 8W1', 'QC')).toBe(true);
    expect(postalCodeAgrees('X1A 2N5', 'NU')).toBe(true);
    expect(postalCodeAgrees(null, 'AB')).toBe(true);
    expect(postalCodeAgrees('G1K 8W1', null)).toBe(true);
    expect(
      postalCodeMismatches({ zipcode: 'H3G 1H2', state: 'QC', billingZipcode: 'G1K 8W1', billingState: 'AB' }),
    ).toEqual(['billingState']);
  });

  it('taxes a row that still disagrees in the postal code province', () => {
    expect(taxProvince({ billingState: 'AB', billingZipcode: 'G1K 8W1' })).toBe('QC');
    expect(taxProvince({ billingState: 'AB', billingZipcode: 'T2P 1J9' })).toBe('AB');
  });
});
