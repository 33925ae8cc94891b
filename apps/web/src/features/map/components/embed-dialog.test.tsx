// @vitest-environment happy-dom
/** "Embed this map" (issue 26): the form, the snippet following the choices and the map's filters, the copy. */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderUi } from '@/test/render';
import { useSearchStore } from '../hooks/use-search-store';
import { todayKey } from '../utils/days';
import { EmbedButton, iframeSnippet } from './embed-dialog';

const globals = {
  categories: [
    { id: 1, handle: 'business', titleFr: 'Affaires', titleEn: 'Business' },
    { id: 3, handle: 'cultural', titleFr: 'Culture', titleEn: 'Cultural' },
  ],
  map: { tileUrl: 'https://tiles.test/{z}/{x}/{y}.png', tileAttribution: 'Tiles' },
  places: { source: 'geonames' },
};
const AREA = { bounds: { northLat: 45.7, eastLng: -73.4, southLat: 45.4, westLng: -73.9 }, zoom: 11 };
const ORIGIN = window.location.origin;

beforeEach(() => {
  mockApi(({ path }) => (path === '/public/globals' ? { body: globals } : { status: 204 }));
  useSearchStore.setState({ area: AREA, selectedDay: todayKey(), categoryId: null, text: '', access: [] });
});
afterEach(() => vi.unstubAllGlobals());

async function openDialog(lang: 'en' | 'fr') {
  const rendered = await renderUi(<EmbedButton />, { lang });
  await rendered.user.click(
    screen.getByRole('button', { name: lang === 'en' ? 'Embed this map' : 'Intégrer cette carte' }),
  );
  const dialog = await screen.findByRole('dialog', {
    name: lang === 'en' ? 'Embed this map on your website' : 'Intégrer cette carte à votre site',
  });
  return { ...rendered, dialog };
}

const snippetOf = (dialog: HTMLElement, label: string) =>
  (within(dialog).getByRole('textbox', { name: label }) as HTMLTextAreaElement).value;

describe('"Embed this map"', () => {
  it('writes the snippet of the current area in the language of the app, and copies it', async () => {
    const { user, dialog } = await openDialog('en');
    for (const label of ['Language', 'Show', 'Category', 'Width (pixels)', 'Height (pixels)']) {
      expect(within(dialog).getByLabelText(label), label).toBeTruthy();
    }
    const src = `${ORIGIN}/embed?lang=en&bounds=-73.9%2C45.4%2C-73.4%2C45.7`;
    const snippet = iframeSnippet(src, 600, 450, 'Events of EventMap');
    expect(snippetOf(dialog, 'Code to paste into your page')).toBe(snippet);
    expect(snippet).toBe(
      `<iframe src="${ORIGIN}/embed?lang=en&amp;bounds=-73.9%2C45.4%2C-73.4%2C45.7" title="Events of EventMap" width="600" height="450" style="border:0" loading="lazy"></iframe>`,
    );
    // The live preview is the embed itself, at the chosen size.
    const preview = within(dialog).getByTitle('Preview of the embedded map') as HTMLIFrameElement;
    expect(preview.getAttribute('src')).toBe(src);
    expect([preview.width, preview.height]).toEqual(['600', '450']);

    await user.click(within(dialog).getByRole('button', { name: 'Copy the code' }));
    expect(await navigator.clipboard.readText()).toBe(snippet);
    expect(within(dialog).getByRole('status').textContent).toBe('Code copied');
  });

  it('follows the choices of the form and the filters of the map', async () => {
    useSearchStore.setState({ selectedDay: '2030-03-01', categoryId: 3, text: 'jazz', access: ['stepFree', 'asl'] });
    const { user, dialog } = await openDialog('en');
    const snippet = () => snippetOf(dialog, 'Code to paste into your page');
    await waitFor(() => expect(snippet()).toContain('category=cultural'));
    expect(snippet()).toContain(
      `${ORIGIN}/embed?lang=en&amp;category=cultural&amp;bounds=-73.9%2C45.4%2C-73.4%2C45.7&amp;access=stepFree%2Casl&amp;q=jazz&amp;day=2030-03-01"`,
    );
    await user.selectOptions(within(dialog).getByLabelText('Language'), 'fr');
    await user.selectOptions(within(dialog).getByLabelText('Show'), 'list');
    await user.selectOptions(within(dialog).getByLabelText('Category'), '');
    const width = within(dialog).getByLabelText('Width (pixels)');
    await user.clear(width);
    await user.type(width, '800');
    const height = within(dialog).getByLabelText('Height (pixels)');
    await user.clear(height);
    await user.type(height, '300');
    expect(snippet()).toBe(
      `<iframe src="${ORIGIN}/embed?lang=fr&amp;view=list&amp;bounds=-73.9%2C45.4%2C-73.4%2C45.7&amp;access=stepFree%2Casl&amp;q=jazz&amp;day=2030-03-01" title="Événements d’EventMap" width="800" height="300" style="border:0" loading="lazy"></iframe>`,
    );
  });

  it('speaks French, its fields labelled, its snippet in French by default', async () => {
    const { user, dialog } = await openDialog('fr');
    for (const label of ['Langue', 'Afficher', 'Catégorie', 'Largeur (pixels)', 'Hauteur (pixels)']) {
      expect(within(dialog).getByLabelText(label), label).toBeTruthy();
    }
    const snippet = snippetOf(dialog, 'Code à coller dans votre page');
    expect(snippet).toContain(`src="${ORIGIN}/embed?lang=fr&amp;bounds=`);
    expect(snippet).toContain('title="Événements d’EventMap"');
    expect(within(dialog).getByTitle('Aperçu de la carte intégrée')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Copier le code' }));
    expect(await navigator.clipboard.readText()).toBe(snippet);
    expect(within(dialog).getByRole('status').textContent).toBe('Code copié');
  });
});

describe('"Embed this map" on a page with one language’s texts', () => {
  it('titles the frame in the other language once that language’s texts are loaded', async () => {
    // New instances of the modules, the shell's French texts only, as a French page has them.
    vi.resetModules();
    const { i18n, loadShellTexts } = await import('@/i18n/i18n');
    await loadShellTexts('fr');
    const { renderUi: render } = await import('@/test/render');
    const { useSearchStore: store } = await import('../hooks/use-search-store');
    const { EmbedButton: Button } = await import('./embed-dialog');
    store.setState({ area: AREA, selectedDay: todayKey(), categoryId: null, text: '', access: [] });
    const { user } = await render(<Button />, { lang: 'fr' });
    await user.click(screen.getByRole('button', { name: 'Intégrer cette carte' }));
    const dialog = await screen.findByRole('dialog', { name: 'Intégrer cette carte à votre site' });
    expect(i18n.exists('embed.frameTitle', { lng: 'en' })).toBe(false);

    await user.selectOptions(within(dialog).getByLabelText('Langue'), 'en');
    const snippet = () => snippetOf(dialog, 'Code à coller dans votre page');
    await waitFor(() => expect(snippet()).toContain('title="Events of EventMap"'));
    expect(snippet()).toContain(`src="${ORIGIN}/embed?lang=en&amp;bounds=`);
    // The interface stays in French.
    expect(i18n.language).toBe('fr');
    expect(within(dialog).getByLabelText('Langue')).toBeTruthy();
  });
});
