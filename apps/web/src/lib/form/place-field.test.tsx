// @vitest-environment happy-dom
import type { PlaceSource } from '@evmap/contract/globals';
import type { Place } from '@evmap/contract/places';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderUi } from '@/test/render';
import { PlaceField } from './place-field';

const sherbrooke: Place = {
  label: '1260 Rue Sherbrooke O, Montréal, QC',
  address: '1260 Rue Sherbrooke O',
  city: 'Montréal',
  zipcode: 'H3G 1H2',
  state: 'QC',
  country: 'CA',
  latitude: 45.4987,
  longitude: -73.5794,
};
const park: Place = {
  label: 'Parc Jean-Drapeau, Montréal, QC',
  address: null,
  city: 'Montréal',
  zipcode: null,
  state: 'QC',
  country: 'CA',
  latitude: 45.5088,
  longitude: -73.5336,
};

const globals = (source: PlaceSource | null) => ({
  categories: [],
  map: { tileUrl: 'https://tiles.test/{z}/{x}/{y}.png', tileAttribution: 'Tiles' },
  places: { source },
});

/**
 * Answers every search with `places` (none for "zzz") and the globals with the places' `source`; returns the
 * searches made.
 */
function mockPlaces(places: Place[] = [sherbrooke, park], source: PlaceSource | null = 'geonames') {
  const calls = mockApi(({ path }) => {
    const url = new URL(path, 'http://localhost');
    if (url.pathname === '/public/globals') return { body: globals(source) };
    if (url.pathname !== '/public/places/autocomplete') return { status: 404, body: { errors: { global: 'x' } } };
    return { body: { places: url.searchParams.get('q') === 'zzz' ? [] : places } };
  });
  return () => calls.map((call) => call.path).filter((path) => path.startsWith('/public/places/'));
}

afterEach(() => vi.unstubAllGlobals());

// Without layout (happy-dom), the dropdown's positioning takes the input for scrolled out of view and hides
// the list with display: none; in a browser it shows. The queries look past that.
const hidden = true;

describe('PlaceField', () => {
  it('searches once typing pauses, with the language, and only from 2 characters', async () => {
    const searches = mockPlaces();
    const { user } = await renderUi(<PlaceField onPick={() => {}} />);
    const input = screen.getByRole('combobox', { name: 'Search a place' });
    await user.type(input, 'M');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(searches()).toEqual([]);

    await user.type(input, 'ont réal');
    expect(await screen.findByRole('option', { name: sherbrooke.label, hidden })).toBeTruthy();
    expect(screen.getByRole('listbox', { name: 'Suggested places', hidden })).toBeTruthy();
    expect(screen.getAllByRole('option', { hidden })).toHaveLength(2);
    expect(searches()).toEqual(['/public/places/autocomplete?q=Mont+r%C3%A9al&lang=en']);
  });

  it('picks a suggestion with a click, shows its label and does not search it again', async () => {
    const searches = mockPlaces();
    const onPick = vi.fn();
    const { user } = await renderUi(<PlaceField onPick={onPick} />);
    const input = screen.getByRole('combobox', { name: 'Search a place' }) as HTMLInputElement;
    await user.type(input, 'parc');
    await user.click(await screen.findByRole('option', { name: park.label, hidden }));
    expect(onPick).toHaveBeenCalledWith(park, 'parc');
    expect(input.value).toBe(park.label);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(searches()).toHaveLength(1);
    expect(screen.queryByRole('option', { hidden })).toBeNull();
  });

  it('is usable with the keyboard: arrows move through suggestions, Enter picks', async () => {
    mockPlaces();
    const onPick = vi.fn();
    const { user } = await renderUi(<PlaceField onPick={onPick} />);
    const input = screen.getByRole('combobox', { name: 'Search a place' });
    await user.type(input, 'mont');
    await screen.findByRole('option', { name: park.label, hidden });
    await user.keyboard('{ArrowDown}{ArrowDown}');
    await waitFor(() => expect(input.getAttribute('aria-activedescendant')).toBeTruthy());
    const active = document.getElementById(input.getAttribute('aria-activedescendant') ?? '');
    expect(active?.textContent).toBe(park.label);
    await user.keyboard('{Enter}');
    expect(onPick).toHaveBeenCalledWith(park, 'mont');
  });

  it('says when nothing was found, in French', async () => {
    const searches = mockPlaces();
    const { user } = await renderUi(<PlaceField onPick={() => {}} />, { lang: 'fr' });
    const input = screen.getByRole('combobox', { name: 'Rechercher un lieu' });
    expect(input.getAttribute('placeholder')).toBe('Adresse, salle ou ville');
    await user.type(input, 'zzz');
    expect(await screen.findByText('Aucun lieu trouvé')).toBeTruthy();
    expect(searches()).toEqual(['/public/places/autocomplete?q=zzz&lang=fr']);
  });

  it('searches nothing when disabled', async () => {
    const searches = mockPlaces();
    await renderUi(<PlaceField onPick={() => {}} disabled />);
    expect(screen.getByRole('combobox', { name: 'Search a place' })).toHaveProperty('disabled', true);
    expect(searches()).toEqual([]);
  });

  it('credits GeoNames under the field, with links to it and its licence, in English and in French', async () => {
    mockPlaces();
    const { unmount } = await renderUi(<PlaceField onPick={() => {}} />);
    const credit = await screen.findByText(
      (_, node) => node?.textContent === 'Places from GeoNames, licence CC BY 4.0',
    );
    expect(credit.tagName).toBe('P');
    expect(screen.getByRole('link', { name: 'GeoNames' }).getAttribute('href')).toBe('https://www.geonames.org/');
    expect(screen.getByRole('link', { name: 'CC BY 4.0' }).getAttribute('href')).toBe(
      'https://creativecommons.org/licenses/by/4.0/',
    );
    unmount();

    await renderUi(<PlaceField onPick={() => {}} />, { lang: 'fr' });
    await screen.findByText(
      (_, node) => node?.tagName === 'P' && node.textContent === 'Lieux de GeoNames, licence CC BY 4.0',
    );
    expect(screen.getByRole('link', { name: 'GeoNames' })).toBeTruthy();
  });

  it("credits OpenStreetMap's contributors for Photon and Nominatim, and nothing for Google", async () => {
    mockPlaces(undefined, 'openstreetmap');
    const { unmount } = await renderUi(<PlaceField onPick={() => {}} />, { lang: 'fr' });
    await screen.findByText(
      (_, node) =>
        node?.tagName === 'P' && node.textContent === 'Lieux © les contributeurs d’OpenStreetMap, licence ODbL',
    );
    expect(screen.getByRole('link', { name: 'OpenStreetMap' }).getAttribute('href')).toBe(
      'https://www.openstreetmap.org/copyright',
    );
    unmount();

    mockPlaces(undefined, null);
    const { queryClient } = await renderUi(<PlaceField onPick={() => {}} />);
    await waitFor(() => expect(queryClient.getQueryData(['globals'])).toBeDefined());
    expect(screen.queryByRole('link')).toBeNull();
  });
});
