/**
 * The event-manager's side of `/profile`: their events split into upcoming and passed, a create
 * button, an empty state, and the plan-required popup when their plan does not allow managing events.
 */
import type { Event } from '@evmap/contract/events';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { type MouseEvent, memo, type ReactNode, useDeferredValue, useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { EmptyList, ListStatus } from '@/components/list-status';
import { useLang } from '@/i18n/use-lang';
import { useTranslation } from '@/i18n/use-translation';
import { eventTitle } from '@/lib/event-title';
import { useOwnEvents } from '@/lib/get-own-events';
import { PATHS } from '@/lib/paths';
import { useSession } from '@/lib/session';
import { useProgressiveCount } from '@/lib/use-progressive-count';
import { useOwnEventViews } from '../api/get-own-event-views';
import { planRequirement } from '../utils/plan-requirement';
import { splitEvents } from '../utils/sort-events';
import { EventCard, FIRST_CARDS } from './event-card';
import { OwnerEventActions, OwnerEventStatusLine, OwnerEventViews } from './owner-event-extras';
import { PlanRequiredModal } from './plan-required-modal';

/** The edit page of an own event. */
const editPath = (uuid: string) => `${PATHS.profile}/events/${uuid}`;

/** An own event's card: its status, the week's views and quick actions (memoised: see EventSection). */
const OwnerEventCard = memo(function OwnerEventCard({
  event,
  views,
  firstCard,
}: {
  event: Event;
  views: number | undefined;
  firstCard: boolean;
}) {
  const lang = useLang();
  return (
    <EventCard
      event={event}
      firstCard={firstCard}
      to={editPath(event.uuid)}
      headingOrder={3}
      ownerNotices
      status={<OwnerEventStatusLine event={event} />}
      extras={
        <>
          <OwnerEventViews views={views} />
          <OwnerEventActions event={event} title={eventTitle(event, lang)} editPath={editPath(event.uuid)} />
        </>
      }
    />
  );
});

/**
 * A titled section of event cards. A long list is added in slices after the first cards (use-progressive-count.ts):
 * the cards already shown are not rendered again.
 */
function EventSection({
  title,
  events,
  empty,
  views,
  firstCards = 0,
}: {
  title: string;
  events: Event[];
  empty?: string;
  views: Map<number, number> | undefined;
  /** How many of its first cards are on screen when the page opens (EventCard's firstCard). */
  firstCards?: number;
}) {
  const id = useId();
  const shown = useProgressiveCount(events.length);
  return (
    <Stack component="section" gap="sm" aria-labelledby={id}>
      <Title order={2} size="h3" id={id}>
        {title}
      </Title>
      {events.length === 0 && empty ? (
        <Text size="sm">{empty}</Text>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {events.slice(0, shown).map((event, i) => (
            <OwnerEventCard
              key={event.id}
              event={event}
              views={views ? (views.get(event.id) ?? 0) : undefined}
              firstCard={i < firstCards}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** The own events, the create button and the plan-required popup. */
export function ManagerEvents() {
  const { t } = useTranslation();
  const user = useSession((state) => state.user);
  const requirement = user ? planRequirement(user) : null;
  // Opens with the page when a plan is required, and again whenever the requirement changes.
  const [popupOpened, setPopupOpened] = useState(requirement !== null);
  useEffect(() => setPopupOpened(requirement !== null), [requirement]);
  const query = useOwnEvents();
  // The cards are rendered in the background, in slices the browser can interrupt (one long task otherwise).
  const events = useDeferredValue(query.data);
  const views = useOwnEventViews(Boolean(query.data?.length)).data;

  // Without a usable plan, the create button opens the popup instead of the form.
  const onCreate = (event: MouseEvent) => {
    if (!requirement) return;
    event.preventDefault();
    setPopupOpened(true);
  };
  const createButton = (
    <Button component={Link} to={PATHS.eventCreate} onClick={onCreate}>
      {t('profile.create')}
    </Button>
  );

  let content: ReactNode;
  if (events === undefined || query.isError) {
    content = (
      <ListStatus
        status={query.isError ? 'error' : 'pending'}
        message={t('profile.ownLoadFailed')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  } else if (events.length === 0) {
    content = (
      <EmptyList title={t('profile.emptyManager')} hint={t('profile.emptyManagerHint')} action={createButton} />
    );
  } else {
    const { upcoming, passed } = splitEvents(events);
    content = (
      <Stack gap="lg">
        <Group justify="flex-end">{createButton}</Group>
        <EventSection
          title={t('profile.upcoming')}
          events={upcoming}
          empty={t('profile.noUpcoming')}
          views={views}
          firstCards={FIRST_CARDS}
        />
        {passed.length > 0 && <EventSection title={t('profile.passed')} events={passed} views={views} />}
      </Stack>
    );
  }

  return (
    <>
      {content}
      <PlanRequiredModal requirement={requirement} opened={popupOpened} onClose={() => setPopupOpened(false)} />
    </>
  );
}
