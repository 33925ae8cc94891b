/**
 * Profile completeness (spec section 5), without zod: the profile's header reads it on every /profile screen, which
 * loads no schema. users.ts re-exports it with the user bodies.
 */
import type { User } from './users';

const PROFILE_BASE: ReadonlyArray<keyof User> = ['name', 'email'];
const PROFILE_MANAGER: ReadonlyArray<keyof User> = [
  'phoneNumber',
  'address',
  'city',
  'zipcode',
  'state',
  'country',
  'billingAddress',
  'billingZipcode',
  'billingCity',
  'billingState',
  'billingCountry',
  'planType',
];

/** The fields a user still has to fill (spec section 5, profile completeness). Empty: complete. */
export function missingProfileFields(user: Pick<User, 'type'> & Partial<User>): Array<keyof User> {
  const required = user.type === 'event-manager' ? [...PROFILE_BASE, ...PROFILE_MANAGER] : PROFILE_BASE;
  return required.filter((field) => {
    const value = user[field];
    return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
  });
}
