/**
 * The red alert next to the settings icon (spec section 2): the profile misses a field required by
 * the completeness rules of spec section 5, which live once in the contract (`missingProfileFields`).
 * Kept apart from page-chrome.ts so the schemas it imports load with the profile pages only.
 */
import { missingProfileFields } from '@evmap/contract/profile-completeness';
import type { User } from '@evmap/contract/users';

/** True when the user still has a required profile field to fill. */
export function isProfileIncomplete(user: Pick<User, 'type'> & Partial<User>): boolean {
  return missingProfileFields(user).length > 0;
}
