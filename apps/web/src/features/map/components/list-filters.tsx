/**
 * The list's search and filters (issue 24): words in French or English (the marker answers' `q`: titles,
 * descriptions, organisers and places, accents and word endings ignored), and the accessibility attributes every
 * event must have. Both are choices kept with the day and the category (use-search-store), so the map follows them.
 * The words go to the store 400 ms after the last keystroke: nothing is asked, or announced, on every key.
 */
import { ACCESS_FILTERS, type AccessFilter } from '@evmap/contract/access-features';
import { SEARCH_TEXT_MAX } from '@evmap/contract/constants';
import { Checkbox, SimpleGrid, Stack, TextInput } from '@mantine/core';
import debounce from 'es-toolkit/compat/debounce';
import { useEffect, useMemo, useState } from 'react';
import { AccessIcon } from '@/components/accessibility-list';
import { useTranslation } from '@/i18n/use-translation';
import { useSearchStore } from '../hooks/use-search-store';
import classes from './event-list.module.css';

/** How long typing must pause before the words are searched. */
const TYPING_PAUSE_MS = 400;

/**
 * `inDialog`: shown in the map's "Search and filters" dialog, where Escape closes the dialog and keeps the words
 * (in the list, Escape in the field clears it, as a search field does).
 */
export function ListFilters({ inDialog = false }: { inDialog?: boolean }) {
  const { t } = useTranslation();
  const text = useSearchStore((s) => s.text);
  const access = useSearchStore((s) => s.access);
  const setText = useSearchStore((s) => s.setText);
  const setAccess = useSearchStore((s) => s.setAccess);
  const [typed, setTyped] = useState(text);
  const searchSoon = useMemo(() => debounce(setText, TYPING_PAUSE_MS), [setText]);
  // Closed or left while a search waits for its pause (the map's dialog): the words typed still count.
  useEffect(() => () => searchSoon.flush(), [searchSoon]);
  // Cleared elsewhere (the map's "clear" button): the field follows.
  useEffect(() => {
    if (text === '') setTyped((current) => (current.trim() === '' ? current : ''));
  }, [text]);

  const toggle = (filter: AccessFilter, on: boolean) => {
    const chosen = new Set(access);
    if (on) chosen.add(filter);
    else chosen.delete(filter);
    // The contract's order: one choice, one URL.
    setAccess(ACCESS_FILTERS.filter((f) => chosen.has(f)));
  };

  return (
    <Stack gap="xs" className={classes.filters}>
      <TextInput
        type="search"
        label={t('list.search')}
        description={t('list.searchHint')}
        value={typed}
        maxLength={SEARCH_TEXT_MAX}
        onChange={(event) => {
          setTyped(event.currentTarget.value);
          searchSoon(event.currentTarget.value);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') searchSoon.flush();
          if (event.key === 'Escape' && inDialog) event.preventDefault();
        }}
      />
      <details className={classes.details} open={access.length > 0}>
        <summary>{t('list.filters')}</summary>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={6} mt="xs">
          {ACCESS_FILTERS.map((filter) => (
            <Checkbox
              key={filter}
              checked={access.includes(filter)}
              onChange={(event) => toggle(filter, event.currentTarget.checked)}
              label={
                <span className={classes.filterLabel}>
                  <AccessIcon name={filter === 'stepFree' ? 'stepFree' : filter} size={16} />
                  {filter === 'stepFree' ? t('access.stepFree.yes') : t(`access.features.${filter}`)}
                </span>
              }
            />
          ))}
        </SimpleGrid>
      </details>
    </Stack>
  );
}
