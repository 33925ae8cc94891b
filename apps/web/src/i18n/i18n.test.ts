import { LANGS } from '@evmap/contract/enums';
import { ERROR_MESSAGES } from '@evmap/contract/errors';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, LANGUAGES, localeOf, toLang } from './i18n';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('i18n', () => {
  it('falls back to English when nothing is stored and no browser language is known', () => {
    expect(i18n.resolvedLanguage).toBe('en');
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
