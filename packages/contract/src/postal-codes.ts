/**
 * Which province a Canadian postal code belongs to, by its first letter (Canada Post's table), and the rule the
 * account form and the API share: a province given with a postal code must be one its letter allows, so that the
 * taxes of an invoice (billing.ts, taxProvince) follow the place the customer is really billed at.
 */
import type { Province } from './enums';

/** Canada Post: the first letter of a postal code and the provinces or territories it serves. */
export const POSTAL_LETTER_PROVINCES: Readonly<Record<string, readonly Province[]>> = {
  A: ['NL'],
  B: ['NS'],
  C: ['PE'],
  E: ['NB'],
  G: ['QC'],
  H: ['QC'],
  J: ['QC'],
  K: ['ON'],
  L: ['ON'],
  M: ['ON'],
  N: ['ON'],
  P: ['ON'],
  R: ['MB'],
  S: ['SK'],
  T: ['AB'],
  V: ['BC'],
  X: ['NT', 'NU'],
  Y: ['YT'],
};

/** The provinces a postal code may be in; undefined when it is empty or its first letter is not a Canadian one. */
export function provincesOfPostalCode(zipcode: string | null | undefined): readonly Province[] | undefined {
  const letter = zipcode?.trim().charAt(0).toUpperCase();
  return letter ? POSTAL_LETTER_PROVINCES[letter] : undefined;
}

/** False only when both are given and the postal code's first letter names other provinces. */
export function postalCodeAgrees(zipcode: string | null | undefined, state: string | null | undefined): boolean {
  if (!state) return true;
  const provinces = provincesOfPostalCode(zipcode);
  return !provinces || (provinces as readonly string[]).includes(state);
}

/** The (postal code, province) pairs of an account: the profile address and the billing address. */
export const POSTAL_PAIRS = [
  ['zipcode', 'state'],
  ['billingZipcode', 'billingState'],
] as const;

type PostalFields = { [K in (typeof POSTAL_PAIRS)[number][number]]?: string | null };

/** The province fields that disagree with their postal code (each refused with `postalCodeProvince`). */
export function postalCodeMismatches(values: PostalFields): Array<'state' | 'billingState'> {
  return POSTAL_PAIRS.filter(([zip, state]) => !postalCodeAgrees(values[zip], values[state])).map(([, state]) => state);
}
