/**
 * The dialog of "Subscribe" (subscribe-button.tsx), loaded when first opened: the feed of the filters given, to add
 * to Google Calendar, to Apple Calendar or Outlook (webcal:), to copy, or to follow in a feed reader.
 */
import '@/styles/lazy.css';
import { FEED_DAYS } from '@evmap/contract/constants';
import { Anchor, Button, Group, Modal, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import type { FeedLinks } from '@/lib/feed-links';

export type SubscribeDialogProps = {
  opened: boolean;
  onClose: () => void;
  links: FeedLinks;
  /** What the feed holds, said first. */
  scope: string;
};

export function SubscribeDialog({ opened, onClose, links, scope }: SubscribeDialogProps) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(links.ics);
      setCopied('yes');
    } catch {
      setCopied('no');
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('subscribe.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="sm">
        <Text size="sm">{scope}</Text>
        <Text size="sm">{t('subscribe.window', { days: FEED_DAYS })}</Text>
        <Button component="a" href={links.google} target="_blank" rel="noopener noreferrer">
          {t('subscribe.google')}
          <VisuallyHidden>{t('common.newTab')}</VisuallyHidden>
        </Button>
        <Button component="a" href={links.webcal} variant="light">
          {t('subscribe.webcal')}
        </Button>
        <TextInput
          label={t('subscribe.address')}
          value={links.ics}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
        />
        <Group gap="sm">
          <Button variant="default" onClick={copy}>
            {t('subscribe.copy')}
          </Button>
          <Text size="sm" role="status" c={copied === 'no' ? 'red.8' : undefined}>
            {copied === 'yes' ? t('subscribe.copied') : copied === 'no' ? t('subscribe.notCopied') : ''}
          </Text>
        </Group>
        <Group gap="md">
          <Text size="sm">{t('subscribe.readers')}</Text>
          <Anchor href={links.rss} type="application/rss+xml" size="sm">
            RSS
          </Anchor>
          <Anchor href={links.atom} type="application/atom+xml" size="sm">
            Atom
          </Anchor>
          <Anchor href={links.json} type="application/feed+json" size="sm">
            JSON Feed
          </Anchor>
        </Group>
      </Stack>
    </Modal>
  );
}
