import { COOKIE_BANNER, INSTALL_BANNER, STORAGE_KEYS } from '@evmap/contract/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  countVisit,
  installContext,
  isIos,
  readCookieConsent,
  readInstallDismissal,
  shouldOfferInstall,
  shouldShowCookieBanner,
  writeCookieConsent,
  writeInstallDismissal,
} from './banners';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = Date.UTC(2026, 10, 21, 12);

const store = new Map<string, string>();
const session = new Map<string, string>();
const storage = (map: Map<string, string>) => ({
  getItem: (key: string) => map.get(key) ?? null,
  setItem: (key: string, value: string) => void map.set(key, value),
});
beforeEach(() => {
  store.clear();
  session.clear();
  vi.stubGlobal('window', { localStorage: storage(store), sessionStorage: storage(session) });
});
afterEach(() => vi.unstubAllGlobals());

describe('cookie banner', () => {
  it('shows when nothing is stored', () => {
    expect(shouldShowCookieBanner(null, NOW)).toBe(true);
  });

  it('stays hidden once accepted, however long ago', () => {
    expect(shouldShowCookieBanner({ version: COOKIE_BANNER.version, accepted: true, date: NOW - 400 * DAY }, NOW)).toBe(
      false,
    );
  });

  it('comes back more than 24 hours after a refusal, not before', () => {
    const refused = (age: number) => ({ version: COOKIE_BANNER.version, accepted: false, date: NOW - age });
    expect(shouldShowCookieBanner(refused(HOUR), NOW)).toBe(false);
    expect(shouldShowCookieBanner(refused(24 * HOUR), NOW)).toBe(false);
    expect(shouldShowCookieBanner(refused(24 * HOUR + 1), NOW)).toBe(true);
  });

  it('comes back for everyone when the banner version changes', () => {
    expect(shouldShowCookieBanner({ version: '0.9.0', accepted: true, date: NOW }, NOW)).toBe(true);
  });

  it('stores the answer with the version and the date, under the key of spec section 4', () => {
    writeCookieConsent(false, NOW);
    expect(JSON.parse(store.get(STORAGE_KEYS.cookies)!)).toEqual({ version: '1.0.0', accepted: false, date: NOW });
    expect(readCookieConsent()).toEqual({ version: '1.0.0', accepted: false, date: NOW });
  });

  it('treats a malformed stored value as no answer', () => {
    store.set(STORAGE_KEYS.cookies, 'not json');
    expect(readCookieConsent()).toBeNull();
    store.set(STORAGE_KEYS.cookies, JSON.stringify({ version: '1.0.0', accepted: 'yes', date: NOW }));
    expect(readCookieConsent()).toBeNull();
  });
});

describe('install banner', () => {
  const mobile = { mobile: true, standalone: false, visits: 2 };

  it('is offered on mobile browsers only, and never inside the installed app', () => {
    expect(shouldOfferInstall(null, mobile, NOW)).toBe(true);
    expect(shouldOfferInstall(null, { mobile: false, standalone: false, visits: 2 }, NOW)).toBe(false);
    expect(shouldOfferInstall(null, { mobile: true, standalone: true, visits: 2 }, NOW)).toBe(false);
  });

  it('waits for the second visit', () => {
    expect(shouldOfferInstall(null, { ...mobile, visits: 1 }, NOW)).toBe(false);
    expect(shouldOfferInstall(null, { ...mobile, visits: 5 }, NOW)).toBe(true);
  });

  it('counts a visit once per browsing session, whatever the reloads', () => {
    expect(countVisit()).toBe(1);
    expect(countVisit()).toBe(1);
    session.clear(); // a new tab, another day
    expect(countVisit()).toBe(2);
    expect(JSON.parse(store.get(STORAGE_KEYS.visits)!)).toBe(2);
    store.set(STORAGE_KEYS.visits, '"many"');
    session.clear();
    expect(countVisit()).toBe(1);
  });

  it('remembers a dismissal for 7 days', () => {
    const dismissed = (age: number) => ({ version: INSTALL_BANNER.version, dismissedAt: NOW - age });
    expect(shouldOfferInstall(dismissed(DAY), mobile, NOW)).toBe(false);
    expect(shouldOfferInstall(dismissed(7 * DAY), mobile, NOW)).toBe(false);
    expect(shouldOfferInstall(dismissed(7 * DAY + 1), mobile, NOW)).toBe(true);
  });

  it('comes back when the banner version changes', () => {
    expect(shouldOfferInstall({ version: '0.1.0', dismissedAt: NOW }, mobile, NOW)).toBe(true);
  });

  it('stores the dismissal under the key of spec section 4', () => {
    writeInstallDismissal(NOW);
    expect(JSON.parse(store.get(STORAGE_KEYS.installBanner)!)).toEqual({ version: '1.0.0', dismissedAt: NOW });
    expect(readInstallDismissal()).toEqual({ version: '1.0.0', dismissedAt: NOW });
  });

  it('waits 3 seconds before appearing', () => {
    expect(INSTALL_BANNER.delayMs).toBe(3_000);
  });
});

describe('installContext', () => {
  const fakeWindow = (userAgent: string, options: { standalone?: boolean; displayMode?: string } = {}) =>
    ({
      navigator: { userAgent, standalone: options.standalone },
      matchMedia: (query: string) => ({ matches: query === `(display-mode: ${options.displayMode})` }),
    }) as unknown as Window;
  const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36';
  const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
  const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36';

  it('recognises mobile browsers', () => {
    expect(installContext(fakeWindow(ANDROID))).toMatchObject({ mobile: true, standalone: false });
    expect(installContext(fakeWindow(IPHONE))).toMatchObject({ mobile: true, standalone: false });
    expect(installContext(fakeWindow(DESKTOP))).toMatchObject({ mobile: false, standalone: false });
  });

  it('recognises the installed app (display mode standalone, or iOS home-screen apps)', () => {
    expect(installContext(fakeWindow(ANDROID, { displayMode: 'standalone' })).standalone).toBe(true);
    expect(installContext(fakeWindow(IPHONE, { standalone: true })).standalone).toBe(true);
  });

  it('recognises iOS, which has no install prompt', () => {
    expect(isIos(IPHONE)).toBe(true);
    expect(isIos(ANDROID)).toBe(false);
  });
});
