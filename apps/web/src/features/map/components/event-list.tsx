/**
 * The list view of the home (issue 24): the events of the day, category and area the map shows, as a list of links
 * under a heading, for people who cannot or would rather not use a map. It reads the map's own data (the marker
 * answers of the area's tiles: use-map-markers) and, a page at a time, the details of the events it shows
 * (api/event-details), never another search. Sorted by start time, or by distance when the location is known. A
 * polite live region says how many events there are; "Show more events" (and scrolling to the end) grows the list.
 */
import { accessOfMask } from '@evmap/contract/access-features';
import type { CategoryHandle, Lang } from '@evmap/contract/enums';
import type { Event } from '@evmap/contract/events';
import type { Marker } from '@evmap/contract/marker-tiles';
import { Box, Button, Group, Image, Loader, Stack, Text, Title } from '@mantine/core';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { AccessibilityList } from '@/components/accessibility-list';
import { CategoryIcon } from '@/components/category-icon';
import { MaybeTranslated } from '@/components/untranslated';
import { localeOf } from '@/i18n/i18n';
import { useLang } from '@/i18n/use-lang';
import { useTranslation } from '@/i18n/use-translation';
import { placeLine } from '@/lib/event-place';
import { eventTitle } from '@/lib/event-title';
import { useGlobals } from '@/lib/get-globals';
import { dateTimeFormat } from '@/lib/intl-cache';
import { useSession } from '@/lib/session';
import { eventsByIdsQueryOptions } from '../api/event-details';
import { type MapView, useMapMarkers } from '../hooks/use-map-markers';
import { type LatLng, useSearchStore } from '../hooks/use-search-store';
import { areaAround, distanceKm } from '../utils/area';
import classes from './event-list.module.css';

/** Events shown at first, and added by each "Show more". */
export const LIST_PAGE = 30;

/** The list's order: by distance when the location is known, else by start time (those begun earlier first). */
export function sortForList(markers: readonly Marker[], location: LatLng | null): Marker[] {
  const list = [...markers];
  if (location) {
    const distance = new Map(list.map((m) => [m.id, distanceKm(location, { lat: m.latitude, lng: m.longitude })]));
    return list.sort((a, b) => distance.get(a.id)! - distance.get(b.id)! || a.id - b.id);
  }
  return list.sort((a, b) => a.start - b.start || a.title.localeCompare(b.title) || a.id - b.id);
}

/** The markers inside the area's bounds (the answers' tiles reach beyond it). */
function inside(markers: readonly Marker[], area: MapView): Marker[] {
  const b = area.bounds;
  return markers.filter(
    (m) => m.latitude <= b.northLat && m.latitude >= b.southLat && m.longitude <= b.eastLng && m.longitude >= b.westLng,
  );
}

/** "18:30" in the reader's language, or "Started earlier" for an event begun the day before. */
function startText(start: number, lang: Lang, earlier: string): string {
  if (start < 0) return earlier;
  const date = new Date(Date.UTC(2000, 0, 1, Math.floor(start / 60), start % 60));
  return dateTimeFormat(localeOf(lang), { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(date);
}

type ItemProps = {
  marker: Marker;
  event: Event | undefined;
  category: { name: string; handle: CategoryHandle } | undefined;
};

function EventListItem({ marker, event, category }: ItemProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const access = accessOfMask(marker.access);
  const title = event ? eventTitle(event, lang) : marker.title;
  const place = event ? placeLine(event) : '';
  return (
    <Link
      to={`/events/${marker.handle}?view=list`}
      state={{ from: 'list' }}
      className={classes.item}
      data-handle={marker.handle}
    >
      <Group align="flex-start" wrap="nowrap" gap="sm">
        {marker.image ? (
          <Image src={marker.image} alt="" w={64} h={64} radius="sm" className={classes.cover} />
        ) : (
          <Box w={64} h={64} className={classes.cover} aria-hidden="true" />
        )}
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600} className={classes.title}>
            <MaybeTranslated event={event} field="title" lang={lang}>
              {title}
            </MaybeTranslated>
          </Text>
          <Text size="sm">
            {startText(marker.start, lang, t('list.startedEarlier'))}
            {place && ` · ${place}`}
          </Text>
          {event?.price && (
            <Text size="sm">
              {t('event.price')} {event.price}
            </Text>
          )}
          {category && (
            <Group gap={4} wrap="nowrap">
              <CategoryIcon handle={category.handle} size={16} />
              <Text size="sm">{category.name}</Text>
            </Group>
          )}
          <AccessibilityList stepFree={access.stepFree} features={access.features} size="xs" />
        </Stack>
      </Group>
    </Link>
  );
}

export type EventListProps = {
  /** The handle of the event open over the list, if any (its link gets the focus back when it closes). */
  selected?: string;
  /** Each new value (the skip link's counter) focuses the heading. */
  focusHeading?: number;
};

/** The list of the area's events, growing a page at a time. */
export function EventList({ selected, focusHeading = 0 }: EventListProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const queryClient = useQueryClient();
  const viewer = useSession((s) =>
    s.user?.isAdmin ? 'admin' : s.user?.type === 'event-manager' ? 'manager' : 'public',
  );
  const location = useSearchStore((s) => s.location);
  const day = useSearchStore((s) => s.selectedDay);
  const categoryId = useSearchStore((s) => s.categoryId);
  const storedArea = useSearchStore((s) => s.area);
  const area = useMemo(() => storedArea ?? areaAround(location), [storedArea, location]);
  const { markers, isLoading } = useMapMarkers(area);
  const sorted = useMemo(() => sortForList(inside(markers, area), location), [markers, area, location]);
  const categories = useGlobals().data?.categories ?? [];

  const [shown, setShown] = useState(LIST_PAGE);
  // Another day, category or area: from the first page again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: resets on these changes only
  useEffect(() => setShown(LIST_PAGE), [day, categoryId, area]);
  const page = sorted.slice(0, shown);

  // The details of the events shown, a query per page of LIST_PAGE (kept while the list stays the same).
  const pages: number[][] = [];
  for (let i = 0; i < page.length; i += LIST_PAGE) pages.push(page.slice(i, i + LIST_PAGE).map((m) => m.id));
  const details = useQueries({ queries: pages.map((ids) => eventsByIdsQueryOptions(ids, queryClient, viewer)) });
  const byId: Record<number, Event> = {};
  for (const answer of details) Object.assign(byId, answer.data);

  // Scrolling to the end shows more (the button does the same for the keyboard and switches).
  const end = useRef<HTMLDivElement>(null);
  const more = shown < sorted.length;
  useEffect(() => {
    const sentinel = end.current;
    if (!more || !sentinel || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setShown((n) => n + LIST_PAGE);
    });
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [more]);

  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusHeading > 0) heading.current?.focus();
  }, [focusHeading]);

  // The modal closed: the focus back on the link that opened it.
  const list = useRef<HTMLUListElement>(null);
  const wasSelected = useRef(selected);
  useEffect(() => {
    const before = wasSelected.current;
    wasSelected.current = selected;
    if (!before || selected) return;
    const link = list.current?.querySelector<HTMLElement>(`a[data-handle="${CSS.escape(before)}"]`);
    link?.focus();
  }, [selected]);

  const categoryOf = (marker: Marker) => {
    const category = categories.find((c) => c.id === marker.categoryId);
    return category
      ? { name: lang === 'fr' ? category.titleFr : category.titleEn, handle: category.handle }
      : undefined;
  };

  return (
    <Box component="section" aria-labelledby="event-list-heading" className={classes.list} id="event-list">
      <Title ref={heading} order={2} id="event-list-heading" tabIndex={-1} size="h3">
        {t('list.heading')}
      </Title>
      <Text role="status" aria-live="polite" size="sm" c="dimmed">
        {isLoading ? t('common.loading') : t('list.count', { count: sorted.length })}
      </Text>
      {isLoading && <Loader size="sm" aria-hidden="true" />}
      {!isLoading && sorted.length === 0 && <Text>{t('list.empty')}</Text>}
      <ul ref={list} className={classes.items}>
        {page.map((marker) => {
          return (
            <li key={marker.id}>
              <EventListItem marker={marker} event={byId[marker.id]} category={categoryOf(marker)} />
            </li>
          );
        })}
      </ul>
      {more && (
        <>
          <Button variant="light" onClick={() => setShown((n) => n + LIST_PAGE)}>
            {t('list.more')}
          </Button>
          <div ref={end} aria-hidden="true" />
        </>
      )}
    </Box>
  );
}
