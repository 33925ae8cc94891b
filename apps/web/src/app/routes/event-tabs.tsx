/**
 * The page of one event for its owner and for administrators: a heading, then the tabs "infos" (the event form's
 * editor, `children`) and "stats". The tab is kept in the URL (`?tab=stats`) so a reload or a shared link opens the
 * same one. The page composes two features, so it lives here: the form does not know the statistics, nor they the
 * form. The statistics and their chart library (about 100 KB gzipped) load only when the stats tab opens, so the
 * form comes first. An event that cannot be loaded sends the user back to `back` (spec section 7).
 */
import type { Event } from '@evmap/contract/events';
import { Center, Tabs } from '@mantine/core';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeading } from '@/components/page-heading';
import { Spinner } from '@/components/spinner';
import type { StatsScope } from '@/features/event-stats/api/get-event-stats';
import { useTranslation } from '@/i18n/use-translation';
import { toast } from '@/lib/toast';

const EventStats = lazy(() =>
  import('@/features/event-stats/components/event-stats').then((module) => ({ default: module.EventStats })),
);

type EventTabsPageProps = {
  title: string;
  /** The event's query: a loader until it answers. */
  query: { data?: Event; isError: boolean };
  /** Where a user goes when the event cannot be loaded. */
  back: string;
  /** Whose statistics call reads the figures. */
  scope: StatsScope;
  /** The "infos" tab of the loaded event. */
  children: (event: Event) => ReactNode;
};

export function EventTabsPage({ title, query, back, scope, children }: EventTabsPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();

  useEffect(() => {
    if (!query.isError) return;
    toast.error(t('eventForm.notFound'));
    navigate(back, { replace: true });
  }, [query.isError, navigate, back, t]);

  return (
    <>
      <PageHeading title={title} />
      {!query.data ? (
        <Center py="xl">
          <Spinner />
        </Center>
      ) : (
        <EventTabs eventId={query.data.id} scope={scope}>
          {children(query.data)}
        </EventTabs>
      )}
    </>
  );
}

function EventTabs({ eventId, scope, children }: { eventId: number; scope: StatsScope; children: ReactNode }) {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const tab = search.get('tab') === 'stats' ? 'stats' : 'infos';
  return (
    <Tabs
      value={tab}
      onChange={(value) => setSearch(value === 'stats' ? { tab: 'stats' } : {}, { replace: true })}
      keepMounted={false}
    >
      <Tabs.List mb="md">
        <Tabs.Tab value="infos">{t('eventForm.tabs.infos')}</Tabs.Tab>
        <Tabs.Tab value="stats">{t('eventForm.tabs.stats')}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="infos">{children}</Tabs.Panel>
      <Tabs.Panel value="stats">
        <Suspense
          fallback={
            <Center py="xl">
              <Spinner />
            </Center>
          }
        >
          <EventStats eventId={eventId} scope={scope} />
        </Suspense>
      </Tabs.Panel>
    </Tabs>
  );
}
