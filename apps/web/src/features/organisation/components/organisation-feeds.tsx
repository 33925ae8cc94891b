/**
 * "Follow these events": an organisation's feeds, for a calendar (iCalendar) or a feed reader (RSS, Atom, JSON
 * Feed), in the page's language.
 */
import type { FeedFormat } from '@evmap/contract/feeds';
import type { PublicOrganisation } from '@evmap/contract/organisations';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '@/i18n/use-lang';
import { FEED_FORMATS_SHOWN, organisationFeedUrl } from '@/lib/feed-urls';

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
  return (
    <Stack component="section" gap="sm" aria-labelledby={id}>
      <Title order={2} size="h3" id={id}>
        {t('organisation.follow')}
      </Title>
      <Text size="sm">{t('organisation.followHint')}</Text>
      <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }}>
        {FEED_FORMATS_SHOWN.map((format) => (
          <li key={format}>
            <Anchor href={organisationFeedUrl(organisation.id, format, lang)} data-feed={format}>
              {t(LABEL_KEYS[format])}
            </Anchor>
          </li>
        ))}
      </Stack>
    </Stack>
  );
}
