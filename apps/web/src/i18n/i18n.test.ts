import { LANGS } from '@evmap/contract/enums';
import { ERROR_MESSAGES } from '@evmap/contract/errors';
import { afterEach, describe, expect, it, vi } from 'vitest';
import fr from './fr.json';
import { i18n, LANGUAGES, localeOf, textsLoader, toLang } from './i18n';

/** A new instance of the module, without texts (the tests' set-up loads both languages' into the first). */
async function freshI18n() {
  vi.resetModules();
  return import('./i18n');
}

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

describe("the shell's texts", () => {
  it('are loaded one language at a time, each once', async () => {
    const fresh = await freshI18n();
    const added = vi.spyOn(fresh.i18n, 'addTexts');
    expect(fresh.i18n.exists('home.tagline', { lng: 'fr' })).toBe(false);
    await Promise.all([fresh.loadShellTexts('fr'), fresh.loadShellTexts('fr')]);
    await fresh.loadShellTexts('fr');
    expect(added).toHaveBeenCalledTimes(1);
    expect(added).toHaveBeenCalledWith('fr', fr);
    expect(fresh.i18n.getFixedT('fr')('home.tagline')).toBe(fr.home.tagline);
    expect(fresh.i18n.exists('home.tagline', { lng: 'en' })).toBe(false);
  });

  it("bring the error catalogue of their language only, as the API words it and with the app's placeholders", async () => {
    const fresh = await freshI18n();
    expect(fresh.i18n.exists('internal', { ns: 'errors', lng: 'fr' })).toBe(false);
    expect(fresh.errorTextsOf('emailExists')).toEqual([]);
    await fresh.loadShellTexts('fr');
    expect(fresh.i18n.exists('internal', { ns: 'errors', lng: 'fr' })).toBe(true);
    expect(fresh.i18n.exists('internal', { ns: 'errors', lng: 'en' })).toBe(false);
    expect(fresh.errorTextsOf('fieldRequired')).toEqual([ERROR_MESSAGES.fieldRequired.fr]);
    expect(fresh.i18n.getFixedT('fr')('fieldRequired', { ns: 'errors', field: 'courriel' })).toBe(
      'Le champ courriel est obligatoire',
    );
    await fresh.loadShellTexts('en');
    expect(fresh.errorTextsOf('emailExists').sort()).toEqual(
      [ERROR_MESSAGES.emailExists.en, ERROR_MESSAGES.emailExists.fr].sort(),
    );
  });

  it("are loaded before a change of language: the interface switches once the new language's are in", async () => {
    const fresh = await freshI18n();
    expect(fresh.i18n.language).toBe('en');
    const switching = fresh.setLanguage('fr');
    expect(fresh.i18n.language).toBe('en');
    await switching;
    expect(fresh.i18n.language).toBe('fr');
    expect(fresh.i18n.t('home.tagline')).toBe(fr.home.tagline);
    expect(fresh.i18n.t('map.cluster', { count: 0 })).toBe('0 événement');
  });

  it('are downloaded again by the next call after a failed download', async () => {
    const load = vi
      .fn()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ default: { test: { shell: 'Loaded' } } });
    const loadTexts = textsLoader({ en: load, fr: load });
    await expect(loadTexts('fr')).rejects.toThrow('offline');
    await loadTexts('fr');
    await loadTexts('fr');
    expect(load).toHaveBeenCalledTimes(2);
    expect(i18n.exists('test.shell' as 'home.tagline', { lng: 'fr' })).toBe(true);
  });

  it("start with the interface's language; English's when they cannot be downloaded, and the app starts anyway", async () => {
    const fresh = await freshI18n();
    const asked: string[] = [];
    const loader =
      (failing: string[]) =>
      async (lang: 'en' | 'fr'): Promise<void> => {
        asked.push(lang);
        if (failing.includes(lang)) throw new Error('offline');
      };
    await fresh.loadStartTexts(loader([]));
    expect([asked, fresh.i18n.language]).toEqual([['en'], 'en']);

    asked.length = 0;
    fresh.i18n.changeLanguage('fr');
    await fresh.loadStartTexts(loader(['fr']));
    expect([asked, fresh.i18n.language]).toEqual([['fr', 'en'], 'en']);

    asked.length = 0;
    fresh.i18n.changeLanguage('fr');
    await expect(fresh.loadStartTexts(loader(['fr', 'en']))).resolves.toBeUndefined();
    expect([asked, fresh.i18n.language]).toEqual([['fr', 'en'], 'fr']);
  });
});
