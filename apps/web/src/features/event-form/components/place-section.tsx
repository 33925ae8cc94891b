/**
 * The place of the event form (spec section 5): an autocomplete among places in Canada that fills
 * the address, city, postal code, province and coordinates; the address fields under it, still
 * editable; the country fixed to Canada; the coordinates typed by administrators; a small map whose pin
 * the organiser moves to where the event really is (drag, click, arrow keys).
 *
 * A city picked (a point at its centre) never overwrites the street address typed; with a geocoder that
 * finds street addresses, the address typed is then searched in that city to put the pin at the door. The
 * form says which geocoder answered and how precise the point is.
 */
import type { GeocoderName } from '@evmap/contract/globals';
import type { Place, PlacePrecision } from '@evmap/contract/places';
import { PROVINCE_CODES } from '@evmap/contract/provinces';
import { Button, Group, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { useLang } from '@/i18n/use-lang';
import { useTranslation } from '@/i18n/use-translation';
import { SelectField, TextField } from '@/lib/form/fields';
import { PlaceField, placesQueryOptions } from '@/lib/form/place-field';
import { useFormField } from '@/lib/form/use-form-field';
import { useGlobals } from '@/lib/get-globals';
import type { EventFormMode, EventFormValues } from '../utils/event-form-values';
import { formatCoordinate, PlaceMap } from './place-map';

/** Where the pin's point comes from, said under the map. */
export type PinOrigin =
  | { kind: 'geocoder'; precision: PlacePrecision | undefined }
  | { kind: 'moved' }
  | { kind: 'notFound' }
  | null;

/** A point at a city's or a postal area's centre: not the event's door. */
const isCoarse = (precision: PlacePrecision | undefined) => precision === 'city' || precision === 'postcode';

/** "175 rue Sainte-Catherine" from "175 rue Sainte-Catherine, Montréal": a typed text that starts with a number. */
export function typedStreet(typed: string): string {
  const first = typed.split(',')[0]?.trim() ?? '';
  return /^\d+[a-z]?\b.*\S\s+\S/i.test(first) ? first : '';
}

/** The address of a place: its street address, else the first part of its label (a venue, a park). */
export function placeAddress(place: Place): string {
  return place.address ?? place.label.split(',')[0]?.trim() ?? '';
}

/** A typed coordinate: a number (a decimal comma accepted), or null when empty or not a number. */
function parseCoordinate(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  const value = trimmed === '' ? Number.NaN : Number(trimmed);
  return Number.isFinite(value) ? value : null;
}

const coordinateText = (value: unknown) => (typeof value === 'number' ? formatCoordinate(value) : '');

/**
 * A latitude or longitude typed by an administrator. The text is kept while typed ("45.", "-") and
 * replaced when the value changes elsewhere (a picked place).
 */
function CoordinateField({ name, disabled }: { name: 'latitude' | 'longitude'; disabled?: boolean }) {
  const { field, label, error } = useFormField(name);
  const [shown, setShown] = useState({ value: field.value as unknown, text: coordinateText(field.value) });
  if (shown.value !== field.value) setShown({ value: field.value, text: coordinateText(field.value) });
  return (
    <TextInput
      ref={field.ref}
      name={field.name}
      onBlur={field.onBlur}
      value={shown.text}
      onChange={(event) => {
        const text = event.currentTarget.value;
        const value = parseCoordinate(text);
        setShown({ value, text });
        field.onChange(value);
      }}
      inputMode="decimal"
      autoComplete="off"
      label={label}
      error={error}
      disabled={disabled || field.disabled}
    />
  );
}

/** The place section of the event form; `admin` adds the coordinate fields. */
export function PlaceSection({ mode, disabled }: { mode: EventFormMode; disabled?: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  const queryClient = useQueryClient();
  const settings = useGlobals().data?.places;
  const { control, setValue, getValues } = useFormContext<EventFormValues>();
  const [latitude, longitude, address, city] = useWatch({
    control,
    name: ['latitude', 'longitude', 'address', 'city'],
  });
  // The whole form may be read-only (a past event): then nothing is searched either.
  const formState = useFormState({ control });
  const locked = disabled || formState.disabled;
  const [origin, setOrigin] = useState<PinOrigin>(null);
  const [locating, setLocating] = useState(false);
  const geocoder = settings?.geocoder;
  const findsStreets = settings?.streetAddresses === true;
  const options = { shouldDirty: true, shouldValidate: true };

  /** Searches the address typed in its city; the pin goes to the first street-level answer. */
  const locate = async (values: Pick<EventFormValues, 'address' | 'city' | 'state'>) => {
    const query = [values.address, values.city, values.state].filter(Boolean).join(', ');
    if (values.address.trim().length < 2) return;
    setLocating(true);
    try {
      const places = await queryClient.fetchQuery(placesQueryOptions(query, lang));
      const found = places.find((place) => place.precision !== undefined && !isCoarse(place.precision));
      if (!found) {
        setOrigin({ kind: 'notFound' });
        return;
      }
      setValue('latitude', found.latitude, options);
      setValue('longitude', found.longitude, options);
      if (!getValues('zipcode') && found.zipcode) setValue('zipcode', found.zipcode, options);
      setOrigin({ kind: 'geocoder', precision: found.precision });
    } catch {
      setOrigin({ kind: 'notFound' });
    } finally {
      setLocating(false);
    }
  };

  const pick = (place: Place, typed: string) => {
    const coarse = isCoarse(place.precision);
    // A city's centre keeps the street typed: the one in the search, else the one in the address field.
    const street = coarse ? place.address || getValues('address').trim() || typedStreet(typed) : placeAddress(place);
    setValue('address', street, options);
    setValue('city', place.city ?? '', options);
    setValue('zipcode', place.zipcode ?? '', options);
    setValue('state', place.state, options);
    setValue('latitude', place.latitude, options);
    setValue('longitude', place.longitude, options);
    setOrigin({ kind: 'geocoder', precision: place.precision });
    if (coarse && findsStreets && street) void locate({ address: street, city: place.city ?? '', state: place.state });
  };

  const moved = ({ lat, lng }: { lat: number; lng: number }) => {
    setValue('latitude', lat, options);
    setValue('longitude', lng, options);
    setOrigin({ kind: 'moved' });
  };

  const provinces = PROVINCE_CODES.map((code) => ({
    value: code,
    label: t('placeField.provinceOption', { code, name: t(`placeField.provinces.${code}`) }),
  }));

  return (
    <>
      <PlaceField
        onPick={pick}
        disabled={locked}
        description={findsStreets || !geocoder ? t('placeField.description') : t('placeField.descriptionTownsOnly')}
      />
      <TextField name="address" autoComplete="street-address" disabled={disabled} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField name="city" autoComplete="address-level2" disabled={disabled} />
        <TextField name="zipcode" autoComplete="postal-code" disabled={disabled} />
        <SelectField name="state" options={provinces} disabled={disabled} />
        <TextInput label={t('fields.country')} value={t('placeField.countryName')} readOnly />
      </SimpleGrid>
      {mode === 'admin' && (
        <Group grow align="flex-start">
          <CoordinateField name="latitude" disabled={disabled} />
          <CoordinateField name="longitude" disabled={disabled} />
        </Group>
      )}
      {findsStreets && !locked && (
        <Group>
          <Button
            variant="light"
            size="sm"
            loading={locating}
            disabled={!address?.trim() || !city?.trim()}
            onClick={() => void locate(getValues())}
          >
            {t('pin.locate')}
          </Button>
        </Group>
      )}
      <PlaceMap latitude={latitude} longitude={longitude} onMove={locked ? undefined : moved} />
      <PinNote origin={origin} geocoder={geocoder} />
    </>
  );
}

/** Which geocoder answered and how precise the pin is: "City centre: move the pin to the door". */
export function PinNote({ origin, geocoder }: { origin: PinOrigin; geocoder: GeocoderName | undefined }) {
  const { t } = useTranslation();
  if (!origin) return null;
  const name = t(`pin.geocoders.${geocoder ?? 'builtin'}`);
  let text: string;
  if (origin.kind === 'moved') text = t('pin.moved');
  else if (origin.kind === 'notFound') text = t('pin.notFound', { geocoder: name });
  else if (origin.precision === undefined) return null;
  else text = t(`pin.precision.${origin.precision}`, { geocoder: name });
  const warn = origin.kind === 'notFound' || (origin.kind === 'geocoder' && isCoarse(origin.precision));
  return (
    <Text size="sm" fw={warn ? 600 : undefined} role="status">
      {text}
    </Text>
  );
}
