/**
 * What an organiser sees on each of their events in /profile, besides its title and dates (issue: "the
 * organiser's list is thin"): where it stands (on the map, not on the map and why, past, inactive), its views
 * of the last 7 days, and quick actions (edit, statistics, copy its public link).
 */
import type { Event } from '@evmap/contract/events';
import { Button, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '@/i18n/use-translation';
import { toast } from '@/lib/toast';
import { ownerEventStatus } from '../utils/owner-event-status';

/** The status line: one colour and one sentence per state. */
export function OwnerEventStatusLine({ event }: { event: Event }) {
  const { t } = useTranslation();
  const status = ownerEventStatus(event);
  const view = {
    // Darker than Mantine's green.9 and orange.9, which read below 4.5:1 on white.
    onMap: { text: t('profile.status.onMap'), color: '#1e6b30' },
    offMap: { text: status.kind === 'offMap' ? t(`mapReadiness.${status.reason}`) : '', color: '#9c3d0a' },
    past: { text: t('profile.past'), color: 'dimmed' },
    inactive: { text: t('profile.inactive'), color: 'red.9' },
  }[status.kind];
  return (
    <Text size="sm" fw={600} c={view.color} data-status={status.kind}>
      {view.text}
    </Text>
  );
}

/** "12 views in the last 7 days", once the views are known; their line is kept empty meanwhile (no layout shift). */
export function OwnerEventViews({ views }: { views: number | undefined }) {
  const { t } = useTranslation();
  if (views === undefined) {
    return (
      <Text size="sm" aria-hidden="true">
        &nbsp;
      </Text>
    );
  }
  return (
    <Text size="sm" c="dimmed">
      {t('profile.viewsWeek', { count: views })}
    </Text>
  );
}

/**
 * Edit, statistics and copy the public link, in a group named with the event ("Actions for “Jazz night”"), so
 * a screen reader says which event the short names are about.
 */
export function OwnerEventActions({ event, title, editPath }: { event: Event; title: string; editPath: string }) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(`${window.location.origin}/events/${event.handle}`);
      toast.success(t('profile.actions.copied'));
    } catch {
      toast.error(t('profile.actions.copyFailed'));
    }
  };
  return (
    <Group gap="xs" mt={4} role="group" aria-label={t('profile.actions.group', { title })}>
      <Button component={Link} to={editPath} size="compact-sm" variant="light">
        {t('profile.actions.edit')}
      </Button>
      <Button component={Link} to={`${editPath}?tab=stats`} size="compact-sm" variant="light">
        {t('profile.actions.stats')}
      </Button>
      <Button size="compact-sm" variant="light" onClick={() => void copy()}>
        {t('profile.actions.copy')}
      </Button>
    </Group>
  );
}
