// @vitest-environment happy-dom
import { STORAGE_KEYS } from '@evmap/contract/constants';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { detectLang, i18n, setLanguage } from './i18n';
import { loadScreenTexts } from './screens';
import { Trans, useTranslation } from './use-translation';

afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => setLanguage('en'));
  localStorage.clear();
});

const renders = vi.fn();

/** The language switch's label, counting its renders. */
function Switch() {
  const { t } = useTranslation();
  renders();
  return <p>{t('language.switch')}</p>;
}

const browser = (...languages: string[]) => vi.stubGlobal('navigator', { languages, language: languages[0] });

describe('the language the interface starts in', () => {
  it('is the stored choice first', () => {
    localStorage.setItem(STORAGE_KEYS.lang, 'fr');
    browser('en-US');
    expect(detectLang()).toBe('fr');
  });

  it("is the browser's first language the app speaks when nothing (or nothing it speaks) is stored", () => {
    browser('fr-CA', 'en');
    expect(detectLang()).toBe('fr');
    localStorage.setItem(STORAGE_KEYS.lang, 'de');
    browser('de-DE', 'fr-CA');
    expect(detectLang()).toBe('fr');
  });

  it('is English otherwise', () => {
    browser('de-DE', 'es');
    expect(detectLang()).toBe('en');
  });
});

describe('a change of language', () => {
  it('sets <html lang> and stores the choice', async () => {
    await setLanguage('fr');
    expect(document.documentElement.lang).toBe('fr');
    expect(localStorage.getItem(STORAGE_KEYS.lang)).toBe('fr');
    i18n.changeLanguage('en-CA');
    expect(document.documentElement.lang).toBe('en');
    expect(i18n.language).toBe('en');
  });

  it('re-renders the components using useTranslation, in the new language', async () => {
    render(<Switch />);
    expect(screen.getByRole('paragraph').textContent).toBe('Français');
    await act(() => setLanguage('fr'));
    expect(screen.getByRole('paragraph').textContent).toBe('English');
    expect(renders).toHaveBeenCalledTimes(2);
  });
});

describe('Trans', () => {
  it("puts the given elements around their tags' text, in the current language", async () => {
    const { container } = render(
      <Trans i18nKey="auth.signup.acceptTerms" components={{ terms: <a href="/terms.pdf">ignored</a> }} />,
    );
    expect(container.innerHTML).toBe('I accept the <a href="/terms.pdf">terms of use</a>');
    expect(screen.getByRole('link', { name: 'terms of use' }).getAttribute('href')).toBe('/terms.pdf');
    await act(() => setLanguage('fr'));
    expect(container.innerHTML).toBe('J\'accepte les <a href="/terms.pdf">conditions d\'utilisation</a>');
  });

  it('fills several tags (and keeps as text a tag it was given no element for)', async () => {
    await loadScreenTexts('en', ['address']);
    const { container, rerender } = render(
      <Trans i18nKey="placeField.credit.geonames" components={{ site: <strong />, licence: <em /> }} />,
    );
    expect(container.innerHTML).toBe('Places from <strong>GeoNames</strong>, licence <em>CC BY 4.0</em>');
    rerender(<Trans i18nKey="placeField.credit.geonames" components={{ site: <b /> }} />);
    expect(container.textContent).toBe('Places from GeoNames, licence <licence>CC BY 4.0</licence>');
  });

  it('fills the placeholders of its values', () => {
    const { container } = render(<Trans i18nKey="footer.social" values={{ network: 'TikTok' }} />);
    expect(container.textContent).toBe(i18n.t('footer.social', { network: 'TikTok' }));
    expect(container.textContent).toContain('TikTok');
  });
});
