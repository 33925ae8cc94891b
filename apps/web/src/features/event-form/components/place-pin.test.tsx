// @vitest-environment happy-dom
/** Issue 27, item 1: a place where the event really is (the pin, the typed street, the geocoder said). */
import type { Place } from '@evmap/contract/places';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ContractFormView } from '@/lib/form/contract-form';
import { useContractForm } from '@/lib/form/use-contract-form';
import { mockApi, renderUi } from '@/test/render';
import { movePoint } from './place-map';
import { PlaceSection, typedStreet } from './place-section';

const schema = z.object({
  address: z.string(),
  city: z.string(),
  zipcode: z.string(),
  state: z.string(),
  country: z.literal('CA'),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
type Values = z.output<typeof schema>;

function Form({ values, submit }: { values?: Partial<Values>; submit?: (v: Values) => Promise<unknown> }) {
  const { form, onSubmit, formMessage } = useContractForm({
    schema,
    defaultValues: {
      address: '',
      city: '',
      zipcode: '',
      state: 'QC',
      country: 'CA',
      latitude: null,
      longitude: null,
      ...values,
    },
    submit: submit ?? (async () => ({})),
  });
  return (
    <ContractFormView form={form} onSubmit={onSubmit} formMessage={formMessage}>
      <PlaceSection mode="owner" />
      <button type="submit">Save</button>
    </ContractFormView>
  );
}

const montreal: Place = {
  label: 'Montréal, QC',
  address: null,
  city: 'Montréal',
  zipcode: null,
  state: 'QC',
  country: 'CA',
  latitude: 45.50884,
  longitude: -73.58781,
  precision: 'city',
};
const door: Place = {
  label: '175 Rue Sainte-Catherine Ouest, Montréal, QC H2X 1Z8',
  address: '175 Rue Sainte-Catherine Ouest',
  city: 'Montréal',
  zipcode: 'H2X 1Z8',
  state: 'QC',
  country: 'CA',
  latitude: 45.50811,
  longitude: -73.56641,
  precision: 'address',
};

/** The API: `answers` by the search text; the globals name `geocoder`. */
function mockGeocoder(geocoder: 'builtin' | 'photon', answers: Record<string, Place[]>) {
  return mockApi(({ path }) => {
    if (path.startsWith('/public/places/autocomplete')) {
      const q = new URLSearchParams(path.split('?')[1]).get('q') ?? '';
      return { body: { places: answers[q] ?? [] } };
    }
    if (path === '/public/globals') {
      return {
        body: {
          categories: [],
          map: { tileUrl: 'https://tiles.test/{z}/{x}/{y}.png', tileAttribution: 'Tiles' },
          places: {
            source: geocoder === 'builtin' ? 'geonames' : 'openstreetmap',
            geocoder,
            streetAddresses: geocoder !== 'builtin',
          },
        },
      };
    }
    return { status: 404, body: { errors: { global: 'Not found' } } };
  });
}

const hidden = true;
const searchBox = () => screen.getByRole('combobox', { name: /^(Search a place|Rechercher un lieu)/ });
const inputValue = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

afterEach(() => vi.unstubAllGlobals());

describe('the pin', () => {
  it('moves with the arrow keys, about 10 m a step (100 m with Shift), the coordinates read out politely', async () => {
    mockGeocoder('builtin', {});
    const submit = vi.fn(async (_values: Values) => ({}));
    const { user } = await renderUi(<Form values={{ latitude: 45.5, longitude: -73.6 }} submit={submit} />);
    const map = screen.getByRole('application', { name: 'Map of the event’s place, with its pin' });
    expect(map.getAttribute('tabindex')).toBe('0');
    expect(screen.getByText(/Drag the pin or click the map/)).toBeTruthy();
    map.focus();
    await user.keyboard('{ArrowUp}');
    const status = screen.getByText(/^Coordinates:/);
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.textContent).toBe('Coordinates: 45.50009, -73.6');
    await user.keyboard('{Shift>}{ArrowRight}{/Shift}');
    const moved = movePoint({ lat: 45.50009, lng: -73.6 }, 1, 0, 100);
    expect(status.textContent).toBe(`Coordinates: 45.50009, ${Number(moved.lng.toFixed(5))}`);
    expect(screen.getByText('Pin placed by you.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(submit).toHaveBeenCalled());
    expect(submit.mock.calls[0]?.[0]).toMatchObject({ latitude: 45.50009, longitude: moved.lng });
  });

  it('is placed by the first arrow key when there is no point yet', async () => {
    mockGeocoder('builtin', {});
    const { user } = await renderUi(<Form />);
    screen.getByRole('application').focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByText('Coordinates: 46, -73')).toBeTruthy();
  });

  it('moves a step north and east by the metres asked', () => {
    const next = movePoint({ lat: 45, lng: -73 }, 1, 1, 1000);
    expect(next.lat).toBeCloseTo(45.00898, 4);
    expect(next.lng).toBeCloseTo(-73 + 1000 / (111_320 * Math.cos(Math.PI / 4)), 4);
  });
});

describe('the street typed and the geocoder said', () => {
  it('keeps the street address typed when a city is chosen, and says the pin is at the city centre', async () => {
    mockGeocoder('builtin', { Montréal: [montreal] });
    const { user } = await renderUi(<Form />);
    // The built-in gazetteer says what it cannot find.
    expect(await screen.findByText(/this list knows no street addresses or venues/)).toBeTruthy();
    await user.type(screen.getByLabelText('Address'), '175 rue Sainte-Catherine');
    await user.type(searchBox(), 'Montréal');
    await user.click(await screen.findByRole('option', { name: 'Montréal, QC', hidden }));
    expect(inputValue('Address')).toBe('175 rue Sainte-Catherine');
    expect(inputValue('City')).toBe('Montréal');
    expect(
      screen.getByText('City centre, from the built-in list of Canadian towns: move the pin to the door.'),
    ).toBeTruthy();
    // No street search to ask the built-in gazetteer.
    expect(screen.queryByRole('button', { name: 'Find the address on the map' })).toBeNull();
  });

  it('takes the street typed in the search when the address field is empty', async () => {
    const withStreet = {
      ...montreal,
      label: '175 rue Sainte-Catherine, Montréal, QC',
      address: '175 rue Sainte-Catherine',
    };
    mockGeocoder('builtin', { '175 rue Sainte-Catherine, Montréal': [withStreet] });
    const { user } = await renderUi(<Form />);
    await user.type(searchBox(), '175 rue Sainte-Catherine, Montréal');
    await user.click(await screen.findByRole('option', { name: withStreet.label, hidden }));
    expect(inputValue('Address')).toBe('175 rue Sainte-Catherine');
    expect(typedStreet('175 rue Sainte-Catherine, Montréal')).toBe('175 rue Sainte-Catherine');
    expect(typedStreet('Montréal')).toBe('');
  });

  it('with a geocoder that finds streets, searches the typed address in the chosen city and puts the pin at the door', async () => {
    const calls = mockGeocoder('photon', {
      Montréal: [montreal],
      '175 rue Sainte-Catherine, Montréal, QC': [door],
    });
    const { user } = await renderUi(<Form />);
    await user.type(screen.getByLabelText('Address'), '175 rue Sainte-Catherine');
    await user.type(searchBox(), 'Montréal');
    await user.click(await screen.findByRole('option', { name: 'Montréal, QC', hidden }));
    await waitFor(() => expect(screen.getByText('Coordinates: 45.50811, -73.56641')).toBeTruthy());
    const searched = calls.map((c) => new URLSearchParams(c.path.split('?')[1]).get('q'));
    expect(searched).toContain('175 rue Sainte-Catherine, Montréal, QC');
    // The address stays as typed; the postal code found fills the empty field.
    expect(inputValue('Address')).toBe('175 rue Sainte-Catherine');
    expect(inputValue('Postal code')).toBe('H2X 1Z8');
    expect(
      screen.getByText('Street address found by Photon (OpenStreetMap): check that the pin is at the door.'),
    ).toBeTruthy();
  });

  it('says when the street address is not found, in French, and the button searches it again', async () => {
    mockGeocoder('photon', {});
    const { user } = await renderUi(<Form values={{ address: '9999 rue Inconnue', city: 'Montréal' }} />, {
      lang: 'fr',
    });
    await user.click(await screen.findByRole('button', { name: 'Trouver l’adresse sur la carte' }));
    expect(
      await screen.findByText(
        'Photon (OpenStreetMap) n’a pas trouvé cette adresse : déplacez le repère jusqu’à la porte.',
      ),
    ).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('application', { name: 'Carte du lieu de l’événement, avec son repère' }), {
      key: 'ArrowLeft',
    });
    expect(screen.getByText('Repère placé par vous.')).toBeTruthy();
  });
});
