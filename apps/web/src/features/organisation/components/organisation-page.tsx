/**
 * `/organisations/:handle` (issue 26): an organisation's public page: its name as the heading, its website, its
 * upcoming events as links opening each event, a page at a time (the page in the URL), and its feeds to follow
 * them in a calendar or a feed reader. An unknown handle and a removed organisation each get their own message.
 */
import '@/styles/lazy.css';
import type { OrganisationPage as Page } from '@evmap/contract/organisations';
import { Anchor, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { ListStatus } from '@/components/list-status';
import { PageHeading } from '@/components/page-heading';
import { MaybeTranslated } from '@/components/untranslated';
import { localeOf } from '@/i18n/i18n';
import { useLang } from '@/i18n/use-lang';
import { useTranslation } from '@/i18n/use-translation';
import { ApiError } from '@/lib/api-client';
import { formatDateRange, listedDates } from '@/lib/event-dates-display';
import { eventTitle } from '@/lib/event-title';
import { PATHS } from '@/lib/paths';
import { useOrganisationPage } from '../api/get-organisation-page';
import { OrganisationFeeds } from './organisation-feeds';

/** The page number of `?page=`: a whole number from 1, else 1. */
function pageOf(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** One upcoming event: its title as the link that opens it (marked when not translated), its next date and city. */
function EventItem({ event }: { event: Page['events'][number] }) {
  const lang = useLang();
  const { t } = useTranslation();
  const { dates, more } = listedDates(event.dates, event.timeZone, new Date(), 1);
  const next = dates[0];
  return (
    <Stack component="li" gap={2} data-event-id={event.id}>
      <Anchor component={Link} to={`/events/${encodeURIComponent(event.handle)}`} fw={600}>
        <MaybeTranslated event={event} field="title" lang={lang}>
          {eventTitle(event, lang)}
        </MaybeTranslated>
      </Anchor>
      {next && (
        <Text size="sm">
          {formatDateRange(next, localeOf(lang), 'short')}
          {more ? ` ${t('organisation.andMore')}` : ''}
        </Text>
      )}
      {event.city && (
        <Text size="sm" c="dimmed">
          {event.city}
        </Text>
      )}
    </Stack>
  );
}

/** Earlier and later pages of the events, as links (the page is in the URL). */
function Pages({ pagination }: { pagination: Page['pagination'] }) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  if (pagination.totalPages <= 1) return null;
  const to = (page: number) => {
    const next = new URLSearchParams(search);
    if (page === 1) next.delete('page');
    else next.set('page', String(page));
    const text = next.toString();
    return text ? `?${text}` : '?';
  };
  return (
    <Group component="nav" aria-label={t('organisation.pages')} gap="sm">
      {pagination.page > 1 && (
        <Button component={Link} to={to(pagination.page - 1)} variant="default" size="xs">
          {t('organisation.previous')}
        </Button>
      )}
      <Text size="sm">{t('organisation.pageOf', { page: pagination.page, pages: pagination.totalPages })}</Text>
      {pagination.page < pagination.totalPages && (
        <Button component={Link} to={to(pagination.page + 1)} variant="default" size="xs">
          {t('organisation.next')}
        </Button>
      )}
    </Group>
  );
}

/** The organisation, its events and its feeds. */
function Loaded({ data }: { data: Page }) {
  const { t } = useTranslation();
  const eventsId = useId();
  const { organisation, events, pagination } = data;
  return (
    <Stack gap="xl">
      <Stack gap="xs">
        <PageHeading title={organisation.name} />
        {organisation.website && (
          <Text size="sm">
            {t('organisation.website')}{' '}
            <Anchor href={organisation.website} target="_blank" rel="noopener noreferrer">
              {organisation.website.replace(/^https?:\/\//, '')}
            </Anchor>
          </Text>
        )}
      </Stack>
      <Stack component="section" gap="sm" aria-labelledby={eventsId}>
        <Title order={2} size="h3" id={eventsId}>
          {t('organisation.upcoming')}
        </Title>
        {events.length === 0 ? (
          <Text>{t('organisation.empty')}</Text>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {t('organisation.count', { count: pagination.totalCount })}
            </Text>
            <Stack component="ul" gap="md" p={0} m={0} style={{ listStyle: 'none' }}>
              {events.map((event) => (
                <EventItem key={event.id} event={event} />
              ))}
            </Stack>
          </>
        )}
        <Pages pagination={pagination} />
      </Stack>
      <OrganisationFeeds organisation={organisation} />
    </Stack>
  );
}

/** A page that cannot be shown (unknown or removed organisation): the reason and the way back to the map. */
function Missing({ title, text }: { title: string; text: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" align="flex-start">
      <PageHeading title={title} />
      <Text>{text}</Text>
      <Anchor component={Link} to={PATHS.home}>
        {t('organisation.backToMap')}
      </Anchor>
    </Stack>
  );
}

export function OrganisationPage() {
  const { t } = useTranslation();
  const { handle = '' } = useParams();
  const [search] = useSearchParams();
  const query = useOrganisationPage(handle, pageOf(search.get('page')));
  const status = query.error instanceof ApiError ? query.error.status : undefined;
  let content: React.ReactNode;
  if (query.data) content = <Loaded data={query.data} />;
  else if (status === 404 || status === 400)
    content = <Missing title={t('organisation.notFoundTitle')} text={t('organisation.notFound')} />;
  else if (status === 410) content = <Missing title={t('organisation.goneTitle')} text={t('organisation.gone')} />;
  else
    content = (
      <ListStatus
        status={query.isError ? 'error' : 'pending'}
        message={t('organisation.loadFailed')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  return (
    <Container component="main" size="md" py="xl">
      {content}
    </Container>
  );
}
