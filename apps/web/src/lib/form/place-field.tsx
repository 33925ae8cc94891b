/**
 * Place autocomplete (spec section 5): the typed text is searched (debounced) among places in Canada,
 * and the suggestions are offered as a listbox, usable with the mouse and with the keyboard (arrow
 * keys, Enter, Escape). The field holds no form value: picking a place hands it to `onPick`, which
 * fills the fields it wants. Under it, the credit of the places' data (GeoNames for the built-in gazetteer,
 * OpenStreetMap for Photon and Nominatim), as their licences ask, named by the server's globals.
 */
import type { Lang } from '@evmap/contract/enums';
import type { PlaceSource } from '@evmap/contract/globals';
import type { Place } from '@evmap/contract/places';
import { globalsRoutes } from '@evmap/contract/routes/globals';
import { Anchor, Combobox, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLang } from '@/i18n/use-lang';
import { Trans, useTranslation } from '@/i18n/use-translation';
import { callEndpoint } from '@/lib/endpoint';
import { useGlobals } from '@/lib/get-globals';

/** Typing pauses this long before a search. */
export const PLACE_SEARCH_DEBOUNCE_MS = 250;
/** The contract's bounds of `q`. */
export const PLACE_QUERY_MIN = 2;
export const PLACE_QUERY_MAX = 200;

/** Query keys of place searches. */
export const placeKeys = {
  all: ['places'] as const,
  search: (q: string, lang: Lang) => ['places', q, lang] as const,
};

/** Query options of one search; places move rarely, so an answer stays fresh for a while. */
export const placesQueryOptions = (q: string, lang: Lang) =>
  queryOptions({
    queryKey: placeKeys.search(q, lang),
    queryFn: async ({ signal }) => (await callEndpoint(globalsRoutes.places, { query: { q, lang }, signal })).places,
    staleTime: 10 * 60_000,
  });

/** Where each credit links: the data's source and its licence. */
const CREDIT_LINKS: Record<PlaceSource, { site: string; licence: string }> = {
  geonames: { site: 'https://www.geonames.org/', licence: 'https://creativecommons.org/licenses/by/4.0/' },
  openstreetmap: {
    site: 'https://www.openstreetmap.org/copyright',
    licence: 'https://opendatacommons.org/licenses/odbl/',
  },
};

/** "Places from GeoNames, licence CC BY 4.0", with links; nothing until the globals name a source. */
function PlaceCredit() {
  const source = useGlobals().data?.places.source;
  if (!source) return null;
  const link = (href: string) => (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" inherit underline="always" />
  );
  return (
    <Text size="xs" c="dimmed">
      <Trans
        i18nKey={`placeField.credit.${source}`}
        components={{ site: link(CREDIT_LINKS[source].site), licence: link(CREDIT_LINKS[source].licence) }}
      />
    </Text>
  );
}

export type PlaceFieldProps = {
  /** Called with the place the user picked, and the text typed to find it. */
  onPick: (place: Place, typed: string) => void;
  /** The visible label ("Search a place" by default). */
  label?: string;
  description?: string;
  placeholder?: string;
  disabled?: boolean;
};

/** A text input suggesting places in Canada; picking one calls `onPick`. */
export function PlaceField({ onPick, label, description, placeholder, disabled }: PlaceFieldProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const [text, setText] = useState('');
  // The label of the place just picked stays in the input; it is not searched again.
  const [picked, setPicked] = useState<string | null>(null);
  const typed = text.trim();
  const [debounced] = useDebouncedValue(typed, PLACE_SEARCH_DEBOUNCE_MS);
  const searching = !disabled && debounced.length >= PLACE_QUERY_MIN && debounced !== picked;
  const query = useQuery({
    ...placesQueryOptions(debounced, lang),
    enabled: searching,
    // The previous suggestions stay listed while the next ones load, instead of flickering away.
    placeholderData: keepPreviousData,
  });
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });

  const places = searching ? (query.data ?? []) : [];
  const waiting =
    !disabled && typed.length >= PLACE_QUERY_MIN && typed !== picked && (typed !== debounced || query.isFetching);
  let status: string | undefined;
  if (places.length === 0 && searching) {
    if (query.isError) status = t('placeField.unavailable');
    else if (query.isSuccess && !query.isPlaceholderData) status = t('placeField.noResults');
    else if (waiting) status = t('placeField.searching');
  }

  const pick = (value: string) => {
    const place = places[Number(value)];
    if (!place) return;
    const searched = text;
    setText(place.label);
    setPicked(place.label);
    combobox.closeDropdown();
    onPick(place, searched);
  };

  return (
    <>
      <Combobox store={combobox} onOptionSubmit={pick} disabled={disabled} keepMounted={false}>
        <Combobox.Target withExpandedAttribute autoComplete="off">
          <TextInput
            label={label ?? t('placeField.label')}
            description={description}
            placeholder={placeholder ?? t('placeField.placeholder')}
            value={text}
            maxLength={PLACE_QUERY_MAX}
            disabled={disabled}
            rightSection={waiting ? <Loader size="xs" aria-hidden /> : null}
            onChange={(event) => {
              setText(event.currentTarget.value);
              setPicked(null);
              combobox.resetSelectedOption();
              combobox.openDropdown();
            }}
            onClick={() => combobox.openDropdown()}
            onFocus={() => combobox.openDropdown()}
            onBlur={() => combobox.closeDropdown()}
          />
        </Combobox.Target>
        <Combobox.Dropdown hidden={places.length === 0 && !status}>
          <Combobox.Options aria-label={t('placeField.suggestions')}>
            {places.map((place, index) => (
              // Two places may share a label: the option's value and key are its rank in this answer.
              // biome-ignore lint/suspicious/noArrayIndexKey: each answer is a new list, never reordered.
              <Combobox.Option value={String(index)} key={index}>
                {place.label}
              </Combobox.Option>
            ))}
            {status && <Combobox.Empty>{status}</Combobox.Empty>}
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>
      <PlaceCredit />
    </>
  );
}
