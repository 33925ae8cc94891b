/**
 * When the cookie-consent and install banners show (spec sections 4 and 9), as pure functions of
 * what is stored and the current time; the components only read, render and write.
 */
import { COOKIE_BANNER, INSTALL_BANNER, STORAGE_KEYS } from '@evmap/contract/constants';
import { readJsonStorage, writeJsonStorage } from '@/lib/storage';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The stored cookie choice: which banner version was answered, how, and when (epoch ms). */
export type CookieConsent = { version: string; accepted: boolean; date: number };
/** The stored install-banner dismissal (epoch ms). */
export type InstallDismissal = { version: string; dismissedAt: number };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The stored cookie choice, or null when absent or malformed. */
export function readCookieConsent(): CookieConsent | null {
  const value = readJsonStorage(STORAGE_KEYS.cookies);
  if (!isRecord(value)) return null;
  const { version, accepted, date } = value;
  if (typeof version !== 'string' || typeof accepted !== 'boolean' || typeof date !== 'number') return null;
  return { version, accepted, date };
}

/** Stores the visitor's answer to the cookie banner. */
export function writeCookieConsent(accepted: boolean, now: number): void {
  writeJsonStorage(STORAGE_KEYS.cookies, {
    version: COOKIE_BANNER.version,
    accepted,
    date: now,
  } satisfies CookieConsent);
}

/**
 * The cookie banner shows when nothing is stored, when the stored version differs, or when the
 * choice was a refusal more than 24 hours old.
 */
export function shouldShowCookieBanner(consent: CookieConsent | null, now: number): boolean {
  if (!consent || consent.version !== COOKIE_BANNER.version) return true;
  if (consent.accepted) return false;
  return now - consent.date > COOKIE_BANNER.reshowAfterHours * HOUR_MS;
}

/** The stored install-banner dismissal, or null when absent or malformed. */
export function readInstallDismissal(): InstallDismissal | null {
  const value = readJsonStorage(STORAGE_KEYS.installBanner);
  if (!isRecord(value)) return null;
  const { version, dismissedAt } = value;
  if (typeof version !== 'string' || typeof dismissedAt !== 'number') return null;
  return { version, dismissedAt };
}

/** Remembers that the install banner was dismissed now. */
export function writeInstallDismissal(now: number): void {
  writeJsonStorage(STORAGE_KEYS.installBanner, {
    version: INSTALL_BANNER.version,
    dismissedAt: now,
  } satisfies InstallDismissal);
}

/** `visits`: how many visits this browser made, this one included (countVisit). */
export type InstallContext = { mobile: boolean; standalone: boolean; visits: number };

/**
 * The install banner is for mobile browsers not already running the installed app, from their second visit on (a
 * first visit has the cookie banner and the location prompt to answer, and no reason yet to install), unless it was
 * dismissed less than 7 days ago for the same banner version. It appears INSTALL_BANNER.delayMs after the page
 * opens (the component waits), and only when no more important overlay is waiting (overlay-turn.ts).
 */
export function shouldOfferInstall(dismissal: InstallDismissal | null, context: InstallContext, now: number): boolean {
  if (!context.mobile || context.standalone || context.visits < 2) return false;
  if (!dismissal || dismissal.version !== INSTALL_BANNER.version) return true;
  return now - dismissal.dismissedAt > INSTALL_BANNER.dismissDays * DAY_MS;
}

type NavigatorWithHints = Navigator & { userAgentData?: { mobile?: boolean }; standalone?: boolean };

/** Whether this browser is a mobile one and whether the app runs installed (standalone). */
export function installContext(win: Window = window): InstallContext {
  const nav = win.navigator as NavigatorWithHints;
  const mobile = nav.userAgentData?.mobile === true || /Android|iPhone|iPad|iPod|Mobile/i.test(nav.userAgent);
  const standalone =
    nav.standalone === true ||
    win.matchMedia?.('(display-mode: standalone)').matches === true ||
    win.matchMedia?.('(display-mode: fullscreen)').matches === true;
  return { mobile, standalone, visits: storedVisits() };
}

/** The visits counted so far (0 when nothing or something malformed is stored). */
function storedVisits(): number {
  const value = readJsonStorage(STORAGE_KEYS.visits);
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : 0;
}

/** This tab's flag: its visit is counted once, whatever the reloads and navigations. */
const VISIT_COUNTED = 'evmap.visitCounted';

/**
 * Counts this visit once per browsing session (a tab's session storage survives its reloads), and returns the
 * visits counted, this one included.
 */
export function countVisit(): number {
  try {
    if (window.sessionStorage.getItem(VISIT_COUNTED) === null) {
      window.sessionStorage.setItem(VISIT_COUNTED, '1');
      writeJsonStorage(STORAGE_KEYS.visits, storedVisits() + 1);
    }
  } catch {
    // Storage refused (private mode, quota): every visit is a first one, and the banner never comes.
  }
  return storedVisits();
}

/** iPhones and iPads have no install prompt: the banner explains "Share, then Add to Home Screen". */
export function isIos(userAgent: string): boolean {
  return /iPhone|iPad|iPod/i.test(userAgent);
}
