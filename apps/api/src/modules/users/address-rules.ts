/** The account rules on addresses the API enforces on every save (the account form follows the same contract rule). */
import { POSTAL_PAIRS, postalCodeMismatches } from '@evmap/contract/postal-codes';
import { validationError } from '../../errors';
import type { UserRow } from '../../plugins/auth';
import type { UserPatch } from './users.repository';

/**
 * Refuses (400, `postalCodeProvince` on the province field) a save after which a province disagrees with the
 * first letter of its postal code. A field the save leaves out keeps its stored value, so sending only
 * `billingState` is checked against the stored billing postal code.
 */
export function assertPostalCodesAgree(current: Partial<UserRow> | undefined, patch: UserPatch): void {
  const merged = Object.fromEntries(
    POSTAL_PAIRS.flat().map((field) => [field, patch[field] !== undefined ? patch[field] : (current?.[field] ?? null)]),
  );
  const wrong = postalCodeMismatches(merged);
  if (wrong.length > 0) {
    throw validationError(Object.fromEntries(wrong.map((field) => [field, 'postalCodeProvince' as const])));
  }
}
