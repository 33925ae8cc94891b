/**
 * "Follow these events": an organisation's feeds, for a calendar (iCalendar) or a feed reader (RSS, Atom, JSON
 * Feed), in the page's language: "Subscribe" (Google Calendar, Apple Calendar or Outlook, copy) and each address.
 */
import type { FeedFormat } from '@evmap/contract/feeds';
import type { PublicOrganisation } from '@evmap/contract/organisations';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { SubscribeButton } from '@/components/subscribe-button';
import { useLang } from '@/i18n/use-lang';
import { useTranslation } from '@/i18n/use-translation';
import { feedLinks } from '@/lib/feed-links';
import { FEED_FORMATS_SHOWN } from '@/lib/organisation-links';

const LABEL_KEYS = {
  ics: 'organisation.feed.ics',
  rss: 'organisation.feed.rss',
  atom: 'organisation.feed.atom',
  json: 'organisation.feed.json',
} as const satisfies Record<FeedFormat, string>;

export function OrganisationFeeds({ organisation }: { organisation: PublicOrganisation }) {
  const { t } = useTranslation();
  const lang = useLang();
  const id = useId();
  const links = feedLinks({ lang, organisation: organisation.id });
  return (
    <Stack component="section" gap="sm" aria-labelledby={id}>
      <Title order={2} size="h3" id={id}>
        {t('organisation.follow')}
      </Title>
      <Text size="sm">{t('organisation.followHint')}</Text>
      <div>
        <SubscribeButton
          filters={{ lang, organisation: organisation.id }}
          scope={t('organisation.subscribeScope', { name: organisation.name })}
          size="sm"
          variant="filled"
        />
      </div>
      <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }}>
        {FEED_FORMATS_SHOWN.map((format) => (
          <li key={format}>
            <Anchor href={links[format]} data-feed={format}>
              {t(LABEL_KEYS[format])}
            </Anchor>
          </li>
        ))}
      </Stack>
    </Stack>
  );
}
