/**
 * "Your calendar feed" (issue 26), on an organisation's /profile: the addresses of its feeds, each with a copy
 * button, "Subscribe" (to try it in one's own calendar), and a link to its public page, so that it can share them
 * (its website, its newsletter).
 */
import type { FeedFormat } from '@evmap/contract/feeds';
import { Anchor, Button, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router';
import { SubscribeButton } from '@/components/subscribe-button';
import { useLang } from '@/i18n/use-lang';
import { useTranslation } from '@/i18n/use-translation';
import { feedLinks } from '@/lib/feed-links';
import { FEED_FORMATS_SHOWN, organisationPath } from '@/lib/organisation-links';
import { toast } from '@/lib/toast';

const LABEL_KEYS = {
  ics: 'organisation.feed.ics',
  rss: 'organisation.feed.rss',
  atom: 'organisation.feed.atom',
  json: 'organisation.feed.json',
} as const satisfies Record<FeedFormat, string>;

export function CalendarFeed({ organisation }: { organisation: { id: number; handle?: string | undefined } }) {
  const { t } = useTranslation();
  const lang = useLang();
  const id = useId();
  const links = feedLinks({ lang, organisation: organisation.id });
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('organisation.copied'));
    } catch {
      toast.error(t('organisation.copyFailed'));
    }
  };
  return (
    <Paper component="section" withBorder p="md" radius="md" mt="xl" aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={2} size="h3" id={id}>
          {t('organisation.yourFeed')}
        </Title>
        <Text size="sm">{t('organisation.yourFeedHint')}</Text>
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {FEED_FORMATS_SHOWN.map((format) => {
            const url = links[format];
            const label = t(LABEL_KEYS[format]);
            return (
              <Stack component="li" key={format} gap={4} data-feed={format}>
                <Text size="sm" fw={600}>
                  {label}
                </Text>
                <Group gap="xs" wrap="nowrap" align="center">
                  <Code style={{ overflowWrap: 'anywhere', flex: 1 }}>{url}</Code>
                  <Button
                    size="compact-sm"
                    variant="default"
                    aria-label={t('organisation.copyLabel', { feed: label })}
                    onClick={() => void copy(url)}
                  >
                    {t('organisation.copy')}
                  </Button>
                </Group>
              </Stack>
            );
          })}
        </Stack>
        <Group gap="md" align="center">
          <SubscribeButton
            filters={{ lang, organisation: organisation.id }}
            scope={t('organisation.yourScope')}
            size="sm"
          />
          {organisation.handle ? (
            <Anchor component={Link} to={organisationPath(organisation.handle)}>
              {t('organisation.publicPage')}
            </Anchor>
          ) : (
            <Text size="sm" c="dimmed">
              {t('organisation.noPublicPage')}
            </Text>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
