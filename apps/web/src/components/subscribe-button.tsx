/**
 * "Subscribe" (issue 26): a button opening the feed of the filters given (subscribe-dialog.tsx, loaded on first
 * use so that the map's first load stays small). Over the map and the list (the visitor's filters), on an
 * organisation's page and in the organiser's screens (one organisation's feed).
 */
import { Button } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { type FeedFilters, type FeedLinks, feedLinks } from '@/lib/feed-links';

const SubscribeDialog = lazy(() => import('./subscribe-dialog').then((m) => ({ default: m.SubscribeDialog })));

export type SubscribeButtonProps = {
  /** The feed's filters, read when the button is pressed (the area of a moving map is the one shown then). */
  filters: FeedFilters | (() => FeedFilters);
  /** What the feed holds, said first in the dialog (the visitor's filters by default). */
  scope?: string;
  size?: 'compact-sm' | 'sm';
  variant?: 'default' | 'light' | 'filled';
  mt?: number;
};

export function SubscribeButton({
  filters,
  scope,
  size = 'compact-sm',
  variant = 'default',
  mt,
}: SubscribeButtonProps) {
  const { t } = useTranslation();
  const [links, setLinks] = useState<FeedLinks | null>(null);
  const [opened, setOpened] = useState(false);
  const open = () => {
    setLinks(feedLinks(typeof filters === 'function' ? filters() : filters));
    setOpened(true);
  };
  return (
    <>
      <Button size={size} variant={variant} mt={mt} onClick={open} aria-haspopup="dialog">
        {t('subscribe.button')}
      </Button>
      {links && (
        <Suspense>
          <SubscribeDialog
            opened={opened}
            onClose={() => setOpened(false)}
            links={links}
            scope={scope ?? t('subscribe.scope')}
          />
        </Suspense>
      )}
    </>
  );
}
