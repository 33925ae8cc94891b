/**
 * Which navigation a page shows (spec section 2), as pure functions of the path: the header's
 * settings icon or back button, and whether the bottom tab bar is hidden.
 */
import { isUnder, PATHS } from '@/lib/paths';

export type HeaderAction = { kind: 'settings' } | { kind: 'back'; to: string };

/** Height of the bottom tab bar, which pages keep free at their bottom (the map home, the boot script's map preview). */
export const TAB_BAR_HEIGHT = 64;

/** CSS height of the map home's map area (the window above the tab bar), shared by the map and its boot preview. */
export const MAP_AREA_HEIGHT = `calc(100dvh - ${TAB_BAR_HEIGHT}px)`;

const SETTINGS_PATH = PATHS.settings;
const PROFILE_PATH = PATHS.profile;

/**
 * On `/profile` a settings icon; elsewhere a back button: from plans to the account page, from
 * other `/profile/me/*` pages to `/profile/me`, from `/profile/me` and event pages to `/profile`.
 */
export function headerAction(pathname: string): HeaderAction {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === PROFILE_PATH) return { kind: 'settings' };
  if (path === `${SETTINGS_PATH}/plans`) return { kind: 'back', to: `${SETTINGS_PATH}/account` };
  if (isUnder(path, SETTINGS_PATH) && path !== SETTINGS_PATH) return { kind: 'back', to: SETTINGS_PATH };
  return { kind: 'back', to: PROFILE_PATH };
}

/** The admin area: its own layout and menu, without the public tab bar and footer. */
function isAdminArea(pathname: string): boolean {
  return isUnder(pathname.replace(/\/+$/, '') || '/', PATHS.admin);
}

/** Pages without the bottom tab bar: event creation (spec section 2) and the admin area. */
export function hidesTabBar(pathname: string): boolean {
  return /^\/profile\/events\/create\/?$/.test(pathname) || isAdminArea(pathname);
}

/** Pages without the public footer: the admin area. */
export function hidesFooter(pathname: string): boolean {
  return isAdminArea(pathname);
}
