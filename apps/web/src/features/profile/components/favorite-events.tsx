/** The viewer's side of `/profile`: their favourite events, each with a remove button, and a way to the map. */
import type { Event } from '@evmap/contract/events';
import { ActionIcon, Button, Group, Stack } from '@mantine/core';
import { memo, type ReactNode, useDeferredValue } from 'react';
import { Link } from 'react-router';
import { EmptyList, ListStatus } from '@/components/list-status';
import { useLang } from '@/i18n/use-lang';
import { useTranslation } from '@/i18n/use-translation';
import { PATHS } from '@/lib/paths';
import { toast } from '@/lib/toast';
import { useProgressiveCount } from '@/lib/use-progressive-count';
import { useFavoriteEvents } from '../api/get-favorite-events';
import { useRemoveFavorite } from '../api/remove-favorite';
import { EventCard, FIRST_CARDS } from './event-card';

/** A filled heart: the event is a favourite; pressing removes it. */
function HeartOffIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M12 21s-7.5-4.6-9.5-9.2C1.2 8.6 3.3 5 6.8 5c2 0 3.4 1.1 4.2 2.4h2C13.8 6.1 15.2 5 17.2 5c3.5 0 5.6 3.6 4.3 6.8C19.5 16.4 12 21 12 21z"
        fill="currentColor"
      />
    </svg>
  );
}

/** The button removing one favourite, named after the event. */
function RemoveButton({ event }: { event: Event }) {
  const { t } = useTranslation();
  const lang = useLang();
  const remove = useRemoveFavorite();
  const title = lang === 'fr' ? event.titleFr : event.titleEn || event.titleFr;
  return (
    <ActionIcon
      variant="subtle"
      color="red.9"
      size="lg"
      aria-label={t('profile.removeFavorite', { title })}
      onClick={() =>
        remove.mutate(event.id, {
          onSuccess: () => toast.success(t('profile.removed')),
          onError: () => toast.error(t('profile.removeFailed')),
        })
      }
    >
      <HeartOffIcon />
    </ActionIcon>
  );
}

/** A favourite's card, with its remove button (memoised: see FavoriteCards). */
const FavoriteCard = memo(function FavoriteCard({ event, firstCard }: { event: Event; firstCard: boolean }) {
  return (
    <EventCard
      event={event}
      firstCard={firstCard}
      to={`/events/${encodeURIComponent(event.handle)}`}
      headingOrder={2}
      action={<RemoveButton event={event} />}
    />
  );
});

/** The favourites' cards; a long list is added in slices after the first ones (use-progressive-count.ts). */
function FavoriteCards({ events }: { events: Event[] }) {
  const shown = useProgressiveCount(events.length);
  return (
    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
      {events.slice(0, shown).map((event, i) => (
        <FavoriteCard key={event.id} event={event} firstCard={i < FIRST_CARDS} />
      ))}
    </Stack>
  );
}

/** The favourite events as cards leading to the map's event modal. */
export function FavoriteEvents() {
  const { t } = useTranslation();
  const query = useFavoriteEvents();
  // The cards are rendered in the background, in slices the browser can interrupt (one long task otherwise).
  const events = useDeferredValue(query.data);
  const mapButton = (
    <Button component={Link} to={PATHS.home} variant="light">
      {t('profile.goToMap')}
    </Button>
  );

  let content: ReactNode;
  if (events === undefined || query.isError) {
    content = (
      <ListStatus
        status={query.isError ? 'error' : 'pending'}
        message={t('profile.favoritesLoadFailed')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  } else if (events.length === 0) {
    content = <EmptyList title={t('profile.emptyViewer')} hint={t('profile.emptyViewerHint')} action={mapButton} />;
  } else {
    content = (
      <Stack gap="lg">
        <Group justify="flex-end">{mapButton}</Group>
        <FavoriteCards events={events} />
      </Stack>
    );
  }
  return content;
}
