/**
 * The columns of the moderation queue: the event (its title to its admin page, and a link to it on the
 * map in a new tab), its report count and latest report, and its flags. The actions are the table's
 * action cell (see moderation-queue).
 */
import type { ModerationList } from '@evmap/contract/admin-dashboard';
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { Link } from 'react-router';
import type { DataTableColumn } from '@/components/data-table/data-table';
import { ExternalIcon } from '@/components/icons';
import { useTranslation } from '@/i18n/use-translation';
import { useFormatDate } from '@/lib/dates';
import { PATHS } from '@/lib/paths';

/** An event of the moderation queue (with the time of its latest report). */
export type ReportedEvent = ModerationList['events'][number];

/** The flags of spec section 3 an administrator reviews an event with: inactive, deleted, past. */
function EventFlags({ event }: { event: ReportedEvent }) {
  const { t } = useTranslation();
  const flags = [
    !event.active && { key: 'inactive', color: 'gray' },
    event.deletedAt && { key: 'deleted', color: 'red' },
    event.isPast && { key: 'past', color: 'indigo' },
  ].filter((flag): flag is { key: 'inactive' | 'deleted' | 'past'; color: string } => Boolean(flag));
  return (
    <Group gap={4}>
      {flags.map((flag) => (
        <Badge key={flag.key} color={flag.color} variant="light">
          {t(`moderation.flags.${flag.key}`)}
        </Badge>
      ))}
    </Group>
  );
}

/** The columns, in the current language; `titleOf` gives an event's title in that language. */
export function useModerationColumns(titleOf: (event: ReportedEvent) => string): DataTableColumn<ReportedEvent>[] {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  return useMemo(
    () => [
      {
        key: 'event',
        header: t('moderation.columns.event'),
        cell: (event) => {
          const title = titleOf(event);
          return (
            <Stack gap={2}>
              <Anchor component={Link} to={`${PATHS.adminEvents}/${event.uuid}`} fw={600}>
                {title}
              </Anchor>
              <Anchor
                href={`/events/${event.uuid}`}
                target="_blank"
                rel="noopener"
                size="sm"
                aria-label={`${t('moderation.openOnMapLabel', { title })}${t('common.newTab')}`}
              >
                <Group component="span" gap={4} wrap="nowrap">
                  {t('moderation.openOnMap')}
                  <ExternalIcon size={12} />
                </Group>
              </Anchor>
            </Stack>
          );
        },
      },
      {
        key: 'reports',
        header: t('moderation.columns.reports'),
        cell: (event) => (
          <Text fw={700} c="red.9" size="sm">
            {event.signaledCount}
          </Text>
        ),
      },
      {
        key: 'reasons',
        header: t('moderation.columns.reasons'),
        cell: (event) => (
          <Stack gap={0}>
            {event.signalReasons.map(({ reason, count }) => (
              <Text key={reason} size="sm">
                {t(`moderation.reasons.${reason}`)} ({count})
              </Text>
            ))}
          </Stack>
        ),
      },
      {
        key: 'lastReport',
        header: t('moderation.columns.lastReport'),
        cell: (event) => (
          <time dateTime={event.lastSignaledAt}>
            {formatDate(event.lastSignaledAt, { dateStyle: 'medium', timeStyle: 'short' })}
          </time>
        ),
      },
      { key: 'flags', header: t('moderation.columns.flags'), cell: (event) => <EventFlags event={event} /> },
    ],
    [t, formatDate, titleOf],
  );
}
