// @vitest-environment happy-dom
import type { Place } from '@evmap/contract/places';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ContractFormView } from '@/lib/form/contract-form';
import { useContractForm } from '@/lib/form/use-contract-form';
import { mockApi, renderUi } from '@/test/render';
import type { EventFormMode } from '../utils/event-form-values';
import { PlaceSection } from './place-section';

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

const empty: Values = {
  address: '',
  city: '',
  zipcode: '',
  state: 'QC',
  country: 'CA',
  latitude: null,
  longitude: null,
};

function Form({
  mode,
  submit,
  disabled,
}: {
  mode: EventFormMode;
  submit: (v: Values) => Promise<unknown>;
  disabled?: boolean;
}) {
  const { form, onSubmit, formMessage } = useContractForm({ schema, defaultValues: empty, submit, disabled });
  return (
    <ContractFormView form={form} onSubmit={onSubmit} formMessage={formMessage}>
      <PlaceSection mode={mode} />
      <button type="submit">Save</button>
    </ContractFormView>
  );
}

const hall: Place = {
  label: '1 Rue Notre-Dame E, Montréal, QC',
  address: '1 Rue Notre-Dame E',
  city: 'Montréal',
  zipcode: 'H2Y 1B6',
  state: 'QC',
  country: 'CA',
  latitude: 45.5088,
  longitude: -73.5542,
};
const lake: Place = {
  label: 'Lac Louise, Lake Louise, AB',
  address: null,
  city: 'Lake Louise',
  zipcode: null,
  state: 'AB',
  country: 'CA',
  latitude: 51.41667,
  longitude: -116.21806,
};

function mockPlaces(places: Place[]) {
  return mockApi(({ path }) => {
    if (path.startsWith('/public/places/autocomplete')) return { body: { places } };
    if (path === '/public/globals') {
      return {
        body: {
          categories: [],
          map: { tileUrl: 'https://tiles.test/{z}/{x}/{y}.png', tileAttribution: 'Tiles' },
          places: { source: 'geonames' },
        },
      };
    }
    return { status: 404, body: { errors: { global: 'Not found' } } };
  });
}

// happy-dom has no layout, so the suggestion list is display: none there (see place-field.test.tsx).
const hidden = true;

async function pickPlace(user: Awaited<ReturnType<typeof renderUi>>['user'], search: string, label: string) {
  await user.type(screen.getByRole('combobox', { name: /^(Search a place|Rechercher un lieu)/ }), search);
  await user.click(await screen.findByRole('option', { name: label, hidden }));
}

const inputValue = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

afterEach(() => vi.unstubAllGlobals());

describe('PlaceSection', () => {
  it('fills the address, city, postal code, province and coordinates from a picked place (owner: no coordinate inputs)', async () => {
    const calls = mockPlaces([hall, lake]);
    const submit = vi.fn(async () => ({}));
    const { user } = await renderUi(<Form mode="owner" submit={submit} />);
    expect(screen.getByText('No coordinates yet: choose a place to show it on the map.')).toBeTruthy();
    expect(screen.queryByLabelText('Latitude')).toBeNull();
    expect(screen.queryByLabelText('Longitude')).toBeNull();

    await pickPlace(user, 'notre-dame', hall.label);
    expect(inputValue('Address')).toBe('1 Rue Notre-Dame E');
    expect(inputValue('City')).toBe('Montréal');
    expect(inputValue('Postal code')).toBe('H2Y 1B6');
    expect(inputValue('Province')).toBe('QC');
    expect(inputValue('Country')).toBe('Canada');
    expect(screen.getByLabelText('Country')).toHaveProperty('readOnly', true);
    expect(screen.getByText('Coordinates: 45.5088, -73.5542')).toBeTruthy();
    expect(calls.filter((c) => c.path.startsWith('/public/places'))).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(submit).toHaveBeenCalledWith({
        address: '1 Rue Notre-Dame E',
        city: 'Montréal',
        zipcode: 'H2Y 1B6',
        state: 'QC',
        country: 'CA',
        latitude: 45.5088,
        longitude: -73.5542,
      }),
    );
  });

  it('takes the first part of the label when the place has no street address, and clears what it lacks', async () => {
    mockPlaces([lake]);
    const { user } = await renderUi(<Form mode="owner" submit={async () => ({})} />);
    await user.type(screen.getByLabelText('Postal code'), 'H0H 0H0');
    await pickPlace(user, 'lac louise', lake.label);
    expect(inputValue('Address')).toBe('Lac Louise');
    expect(inputValue('City')).toBe('Lake Louise');
    expect(inputValue('Postal code')).toBe('');
    expect(inputValue('Province')).toBe('AB');
    expect(screen.getByText('Coordinates: 51.41667, -116.21806')).toBeTruthy();
  });

  it('lets an administrator see and type the coordinates', async () => {
    mockPlaces([hall]);
    const submit = vi.fn(async () => ({}));
    const { user } = await renderUi(<Form mode="admin" submit={submit} />);
    const latitude = screen.getByLabelText('Latitude') as HTMLInputElement;
    const longitude = screen.getByLabelText('Longitude') as HTMLInputElement;
    expect(latitude.value).toBe('');

    await pickPlace(user, 'notre-dame', hall.label);
    expect(latitude.value).toBe('45.5088');
    expect(longitude.value).toBe('-73.5542');

    await user.clear(latitude);
    await user.type(latitude, '46.81');
    expect(latitude.value).toBe('46.81');
    expect(screen.getByText('Coordinates: 46.81, -73.5542')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(submit).toHaveBeenCalledWith(expect.objectContaining({ latitude: 46.81, longitude: -73.5542 })),
    );

    await user.clear(longitude);
    expect(screen.getByText('No coordinates yet: choose a place to show it on the map.')).toBeTruthy();
  });

  it('speaks French, with the provinces by code and name', async () => {
    mockPlaces([hall]);
    const { user } = await renderUi(<Form mode="admin" submit={async () => ({})} />, { lang: 'fr' });
    for (const label of ['Rechercher un lieu', 'Adresse', 'Ville', 'Code postal', 'Province', 'Pays', 'Latitude']) {
      expect(screen.getByLabelText(label)).toBeTruthy();
    }
    const province = screen.getByLabelText('Province') as HTMLSelectElement;
    expect(province.options).toHaveLength(13);
    expect(province.selectedOptions[0]?.textContent).toBe('QC – Québec');
    expect([...province.options].map((o) => o.textContent)).toContain('BC – Colombie-Britannique');
    expect(inputValue('Pays')).toBe('Canada');
    await pickPlace(user, 'notre-dame', hall.label);
    expect(screen.getByText('Coordonnées : 45.5088, -73.5542')).toBeTruthy();
  });

  it('searches nothing in a read-only form', async () => {
    const calls = mockPlaces([hall]);
    await renderUi(<Form mode="owner" submit={async () => ({})} disabled />);
    expect(screen.getByRole('combobox', { name: 'Search a place' })).toHaveProperty('disabled', true);
    expect(screen.getByLabelText('Address')).toHaveProperty('disabled', true);
    expect(calls.filter((c) => c.path.startsWith('/public/places'))).toHaveLength(0);
  });
});
