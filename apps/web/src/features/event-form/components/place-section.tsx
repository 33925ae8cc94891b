/**
 * The place of the event form (spec section 5): an autocomplete among places in Canada that fills
 * the address, city, postal code, province and coordinates; the address fields under it, still
 * editable; the country fixed to Canada; the coordinates editable by administrators only; a small map.
 */
import { PROVINCE_CODES } from '@evmap/contract/enums';
import type { Place } from '@evmap/contract/places';
import { Group, SimpleGrid, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectField, TextField } from '@/lib/form/fields';
import { PlaceField } from '@/lib/form/place-field';
import { useFormField } from '@/lib/form/use-form-field';
import type { EventFormMode, EventFormValues } from '../utils/event-form-values';
import { formatCoordinate, PlaceMap } from './place-map';

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
  const { control, setValue } = useFormContext<EventFormValues>();
  const [latitude, longitude] = useWatch({ control, name: ['latitude', 'longitude'] });
  // The whole form may be read-only (a past event): then nothing is searched either.
  const formState = useFormState({ control });
  const locked = disabled || formState.disabled;

  const pick = (place: Place) => {
    const options = { shouldDirty: true, shouldValidate: true };
    setValue('address', placeAddress(place), options);
    setValue('city', place.city ?? '', options);
    setValue('zipcode', place.zipcode ?? '', options);
    setValue('state', place.state, options);
    setValue('latitude', place.latitude, options);
    setValue('longitude', place.longitude, options);
  };

  const provinces = PROVINCE_CODES.map((code) => ({
    value: code,
    label: t('placeField.provinceOption', { code, name: t(`placeField.provinces.${code}`) }),
  }));

  return (
    <>
      <PlaceField onPick={pick} disabled={locked} description={t('placeField.description')} />
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
      <PlaceMap latitude={latitude} longitude={longitude} />
    </>
  );
}
