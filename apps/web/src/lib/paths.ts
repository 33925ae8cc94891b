/** Paths the shell and several features link to (spec section 2). */

export const PATHS = {
  home: '/',
  profile: '/profile',
  eventCreate: '/profile/events/create',
  settings: '/profile/me',
  account: '/profile/me/account',
  contact: '/profile/me/contact',
  password: '/profile/me/password',
  deletion: '/profile/me/deletion',
  plans: '/profile/me/plans',
  admin: '/profile/admin',
  adminEvents: '/profile/admin/events',
  adminUsers: '/profile/admin/users',
  adminSources: '/profile/admin/sources',
} as const;

/** True when `pathname` is `base` or below it (`/profile/me` is below `/profile`, `/profiles` is not). */
export function isUnder(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(`${base}/`);
}
