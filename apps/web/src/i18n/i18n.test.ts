import { LANGS } from '@evmap/contract/enums';
import { ERROR_MESSAGES } from '@evmap/contract/errors';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, LANGUAGES, localeOf, toLang } from './i18n';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('i18n', () => {
  it('falls back to English when nothing is stored and no browser language is known', () => {
    expect(i18n.language).toBe('en');
  });

  it('reports a missing key as an error', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    i18n.t('home.noSuchKey' as 'home.tagline');
    expect(error).toHaveBeenCalledWith(expect.stringContaining('translation:home.noSuchKey'));
  });

  it('serves the error catalogue of the contract in both languages, with its placeholders', () => {
    expect(i18n.t('emailExists', { ns: 'errors', lng: 'fr' })).toBe(ERROR_MESSAGES.emailExists.fr);
    expect(i18n.t('fieldRequired', { ns: 'errors', lng: 'en', field: 'email' })).toBe('The field email is required');
  });

  it('gives a t fixed to a language, the same function each time, which a call can still redirect with lng', () => {
    const fr = i18n.getFixedT('fr');
    expect(i18n.getFixedT('fr-CA')).toBe(fr);
    expect([0, 1, 2].map((count) => fr('map.cluster', { count }))).toEqual([
      '0 événement',
      '1 événement',
      '2 événements',
    ]);
    expect([0, 1, 2].map((count) => i18n.t('map.cluster', { count }))).toEqual(['0 events', '1 event', '2 events']);
    expect(fr('home.tagline', { lng: 'en' })).toBe(i18n.getFixedT('en')('home.tagline'));
  });

  it('says whether a language has a text, in either catalogue', () => {
    expect(i18n.exists('home.tagline', { lng: 'fr' })).toBe(true);
    expect(i18n.exists('home.noSuchKey')).toBe(false);
    expect(i18n.exists('internal', { ns: 'errors' })).toBe(true);
  });

  it('supports exactly the languages of the contract', () => {
    expect([...LANGUAGES].sort()).toEqual([...LANGS].sort());
  });

  it('narrows language codes to fr or en', () => {
    expect(toLang('fr-CA')).toBe('fr');
    expect(toLang('EN')).toBe('en');
    expect(toLang('de')).toBe('en');
    expect(toLang(undefined)).toBe('en');
    expect(localeOf('fr')).toBe('fr-ca');
  });
});
