import { afterAll, describe, expect, it } from 'vitest';
import { i18n, setLanguage } from './i18n';
import { loadScreenTexts } from './screens';

afterAll(async () => {
  await setLanguage('en');
});

describe("the lazy screens' texts", () => {
  it("load by pack, one language at a time, and a change of language brings the new one's before switching", async () => {
    expect(i18n.exists('profile.upcoming', { lng: 'en' })).toBe(false);

    await loadScreenTexts('en', ['organiser']);
    expect(i18n.t('profile.upcoming')).toBe('Upcoming');
    expect(i18n.exists('profile.upcoming', { lng: 'fr' })).toBe(false);
    // Another pack's texts are not there.
    expect(i18n.exists('adminEvents.caption', { lng: 'en' })).toBe(false);

    await setLanguage('fr');
    expect(i18n.t('profile.upcoming')).toBe('À venir');
    expect(i18n.exists('adminEvents.caption', { lng: 'fr' })).toBe(false);
    // The shell's texts are still there.
    expect(i18n.exists('home.tagline', { lng: 'fr' })).toBe(true);

    await loadScreenTexts('fr', ['admin']);
    expect(i18n.t('admin.sources')).toBe('Sources');
    await setLanguage('en');
    expect(i18n.exists('adminEvents.caption', { lng: 'en' })).toBe(true);
  });
});
