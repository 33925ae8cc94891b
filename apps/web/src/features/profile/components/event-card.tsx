/**
 * One event of the profile lists: cover, title (the link), next dates and notices; for its owner, the status,
 * the week's views and quick actions (`owner`).
 */
import type { Event } from '@evmap/contract/events';
import { Anchor, Box, Card, Group, Image, Stack, Text, Title, type TitleOrder } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { localeOf } from '@/i18n/i18n';
import { useLang } from '@/i18n/use-lang';
import { useTranslation } from '@/i18n/use-translation';
import { formatDateRange, listedDates } from '@/lib/event-dates-display';
import { eventTitle } from '@/lib/event-title';
import { imageUrl } from '@/lib/image-url';
import classes from './event-card.module.css';

/** Width of the cover thumbnail (spec section 9: thumbnails of 100 or 512 px). */
const COVER_WIDTH = 512;

/** How many cards of a list a phone shows when the page opens, under its heading: the ones passed `firstCard`. */
export const FIRST_CARDS = 2;

export type EventCardProps = {
  event: Event;
  /** Where the card leads (the edit page for the owner, the map's event modal for a viewer). */
  to: string;
  /** Level of the title heading, below the heading of the list it is in. */
  headingOrder: TitleOrder;
  /**
   * The owner's view: the status line (on the map or why not, past, inactive) instead of the past notice,
   * the reports, and `extras` (views, quick actions) under the dates.
   */
  ownerNotices?: boolean;
  /** A control beside the content (kept above the card's link). */
  action?: ReactNode;
  /** The owner's status line (replaces the past notice). */
  status?: ReactNode;
  /** Shown under the dates and notices, above the card's link (views, quick actions). */
  extras?: ReactNode;
  /**
   * One of the list's first cards, on screen when the page opens: its cover is asked for at once and before the
   * page's other images (on /profile the first cover is the page's largest paint), not lazily once laid out.
   */
  firstCard?: boolean;
};

/**
 * The notices of an event as text (red for a signalled one, as the spec asks). The owner's status line says
 * past, inactive and off the map; everyone else sees the past notice here.
 */
function Notices({ event, ownerNotices }: { event: Event; ownerNotices: boolean }) {
  const { t } = useTranslation();
  const notices = [
    { key: 'past', shown: !ownerNotices && event.isPast, text: t('profile.past') },
    {
      key: 'signaled',
      shown: ownerNotices && event.signaledCount > 0,
      text: t('profile.signaled', { count: event.signaledCount }),
      color: 'red.9',
    },
  ].filter((notice) => notice.shown);
  if (notices.length === 0) return null;
  return (
    <Stack gap={0}>
      {notices.map((notice) => (
        <Text key={notice.key} size="sm" fw={600} c={notice.color}>
          {notice.text}
        </Text>
      ))}
    </Stack>
  );
}

/** The dates still to come (at most a few, with a mention when more follow), or the last one of a past event. */
function Dates({ event }: { event: Event }) {
  const { t } = useTranslation();
  const locale = localeOf(useLang());
  if (event.dates.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('profile.noDates')}
      </Text>
    );
  }
  const { dates, more } = listedDates(event.dates, event.timeZone);
  return (
    <Stack gap={0}>
      {dates.map((date) => (
        <Text key={date.startDate} size="sm">
          {formatDateRange(date, locale, 'short')}
        </Text>
      ))}
      {more && (
        <Text size="sm" fs="italic">
          {t('profile.andMore')}
        </Text>
      )}
    </Stack>
  );
}

/** An event as a list item whose link is named by the title in the current language. */
export function EventCard({
  event,
  to,
  headingOrder,
  ownerNotices = false,
  action,
  status,
  extras,
  firstCard = false,
}: EventCardProps) {
  const lang = useLang();
  const title = eventTitle(event, lang);
  const cover = imageUrl(event.images, COVER_WIDTH);

  return (
    <Card component="li" withBorder padding="sm" radius="md" className={classes.card} data-event-id={event.id}>
      <Group wrap="nowrap" align="flex-start" gap="md">
        {cover ? (
          <Image
            src={cover}
            alt=""
            loading={firstCard ? 'eager' : 'lazy'}
            fetchPriority={firstCard ? 'high' : 'auto'}
            className={classes.cover}
          />
        ) : (
          <Box className={`${classes.cover} ${classes.placeholder}`} aria-hidden="true" />
        )}
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Title order={headingOrder} size="h4">
            <Anchor component={Link} to={to} className={classes.link}>
              {title}
            </Anchor>
          </Title>
          {status}
          <Dates event={event} />
          <Notices event={event} ownerNotices={ownerNotices} />
          {extras && <Box className={classes.action}>{extras}</Box>}
        </Stack>
        {action && <Box className={classes.action}>{action}</Box>}
      </Group>
    </Card>
  );
}
