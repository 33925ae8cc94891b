/**
 * The columns of the admin events table: what each shows and the server field it sorts by
 * (`ADMIN_EVENT_SORT_FIELDS`; the organiser's email is not sortable). The title names the row and carries
 * the event's flags: deleted, inactive, reported (with the count) and past.
 */
import type { Lang } from '@evmap/contract/enums';
import { Anchor, Badge, Group, Stack } from '@mantine/core';
import { useMemo } from 'react';
import { Link } from 'react-router';
import type { DataTableColumn } from '@/components/data-table/data-table';
import { useFormatNumber } from '@/components/data-table/use-format-number';
import { EmailText } from '@/components/email-text';
import { useLang } from '@/i18n/use-lang';
import { useTranslation } from '@/i18n/use-translation';
import { wallClockParts, writeDay } from '@/lib/calendar-text';
import { useFormatDate } from '@/lib/dates';
import { PATHS } from '@/lib/paths';
import type { AdminEventRow, AdminEventSortField } from '../api/admin-events-list';
import { lastEventDate } from '../utils/admin-events-last-date';

/** The edit page of an event in the admin area. */
export const adminEventPath = (uuid: string) => `${PATHS.adminEvents}/${uuid}`;

/** The flags of an event, as words (never colour alone). */
export function AdminEventFlags({ event }: { event: AdminEventRow }) {
  const { t } = useTranslation();
  const flags = [
    { key: 'deleted', shown: event.deletedAt !== null, text: t('adminEvents.flags.deleted'), color: 'red.9' },
    { key: 'inactive', shown: !event.active, text: t('adminEvents.flags.inactive'), color: 'gray.8' },
    {
      key: 'signaled',
      shown: event.signaledCount > 0,
      text: t('adminEvents.flags.signaled', { count: event.signaledCount }),
      color: 'orange.9',
    },
    { key: 'past', shown: event.isPast, text: t('adminEvents.flags.past'), color: 'gray.8' },
  ].filter((flag) => flag.shown);
  if (flags.length === 0) return null;
  return (
    <Group gap={4}>
      {flags.map((flag) => (
        <Badge key={flag.key} variant="outline" color={flag.color} size="sm" tt="none">
          {flag.text}
        </Badge>
      ))}
    </Group>
  );
}

/** A wall-clock day (`YYYY-MM-DD …`) in `lang`, as written (no zone conversion): "Dec 1, 2026", "1 déc. 2026". */
function formatDay(value: string, lang: Lang): string {
  const parts = wallClockParts(`${value.slice(0, 10)} 00:00`);
  return parts ? writeDay(parts, lang, { month: 'short', year: true }, false) : value;
}

/** The columns, in the current language. */
export function useAdminEventColumns(): DataTableColumn<AdminEventRow, AdminEventSortField>[] {
  const { t } = useTranslation();
  const lang = useLang();
  const formatDate = useFormatDate();
  const formatNumber = useFormatNumber();
  return useMemo(
    () => [
      { key: 'id', header: t('adminEvents.columns.id'), sortField: 'id', numeric: true, cell: (e) => e.id },
      {
        key: 'title',
        header: t('adminEvents.columns.title'),
        sortField: 'titleFr',
        rowHeader: true,
        cell: (e) => (
          <Stack gap={4} align="flex-start">
            <Anchor component={Link} to={adminEventPath(e.uuid)} fw={600}>
              {e.titleFr}
            </Anchor>
            <AdminEventFlags event={e} />
          </Stack>
        ),
      },
      { key: 'city', header: t('adminEvents.columns.city'), sortField: 'city', cell: (e) => e.city ?? '' },
      { key: 'state', header: t('adminEvents.columns.state'), sortField: 'state', cell: (e) => e.state },
      {
        key: 'creator',
        header: t('adminEvents.columns.creator'),
        cell: (e) => (e.creator ? <EmailText email={e.creator.email} /> : ''),
      },
      {
        key: 'lastDate',
        header: t('adminEvents.columns.lastDate'),
        sortField: 'lastEndsAt',
        cell: (e) => {
          const last = lastEventDate(e.dates);
          return last ? formatDay(last, lang) : t('adminEvents.noDate');
        },
      },
      {
        key: 'views',
        header: t('adminEvents.columns.views'),
        sortField: 'viewCount',
        numeric: true,
        cell: (e) => formatNumber(e.eventStatCount.viewCount),
      },
      {
        key: 'reports',
        header: t('adminEvents.columns.reports'),
        sortField: 'signaledCount',
        numeric: true,
        cell: (e) => formatNumber(e.signaledCount),
      },
      {
        key: 'active',
        header: t('adminEvents.columns.active'),
        sortField: 'active',
        cell: (e) => (e.active ? t('adminEvents.yes') : t('adminEvents.no')),
      },
      {
        key: 'updated',
        header: t('adminEvents.columns.updated'),
        sortField: 'updatedAt',
        cell: (e) => (e.updatedAt ? formatDate(e.updatedAt, { dateStyle: 'medium' }) : ''),
      },
    ],
    [t, lang, formatDate, formatNumber],
  );
}
