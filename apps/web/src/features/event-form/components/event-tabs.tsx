/**
 * The tabs of an event's page, "infos" (`children`) and "stats", for its owner and for administrators.
 * The tab is kept in the URL (`?tab=stats`) so a reload or a shared link opens the same one.
 */
import { Tabs } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EventStats } from './event-stats';

export function EventTabs({
  eventId,
  scope,
  children,
}: {
  eventId: number;
  scope: 'owner' | 'admin';
  children: ReactNode;
}) {
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
        <EventStats eventId={eventId} scope={scope} />
      </Tabs.Panel>
    </Tabs>
  );
}
