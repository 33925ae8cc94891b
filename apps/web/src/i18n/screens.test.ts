import { afterAll, describe, expect, it } from 'vitest';
import { i18n, setLanguage } from './i18n';
import { loadScreenTexts } from './screens';

afterAll(async () => {
  await setLanguage('en');
});

describe("the lazy screens' texts", () => {
  it("load one language at a time, and a change of language brings the new one's before switching", async () => {
    expect(i18n.exists('profile.upcoming', { lng: 'en' })).toBe(false);

    await loadScreenTexts('en');
    expect(i18n.t('profile.upcoming')).toBe('Upcoming');
    expect(i18n.exists('profile.upcoming', { lng: 'fr' })).toBe(false);

    await setLanguage('fr');
    expect(i18n.t('profile.upcoming')).toBe('À venir');
    // The shell's texts are still there.
    expect(i18n.exists('home.tagline', { lng: 'fr' })).toBe(true);
  });
});
