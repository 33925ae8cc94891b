/**
 * The event's actions: call, website, share link (copied to the clipboard), reserve online,
 * directions and add to calendar; each records its click statistic.
 */
import type { Event } from '@evmap/contract/events';
import { eventRoutes } from '@evmap/contract/routes/events';
import { urlOf } from '@evmap/contract/routes/route';
import { Button, Group } from '@mantine/core';
import { useTranslation } from '@/i18n/use-translation';
import { toast } from '@/lib/toast';
import { recordStat, type StatBody } from '../api/record-stat';

type Click = Extract<StatBody, { type: 'btn_click' }>['value'];

/**
 * Call, website, share, booking, directions and calendar, each shown when the event has what it needs; the clicks
 * are counted for the event's statistics.
 */
export function EventActions({ event }: { event: Event }) {
  const { t } = useTranslation();
  const click = (value: Click) => recordStat(event.uuid, { type: 'btn_click', value });
  const link = { component: 'a' as const, target: '_blank', rel: 'noopener noreferrer', variant: 'light', size: 'xs' };
  const shareUrl = `${window.location.origin}/events/${event.handle}`;
  const directions =
    event.latitude != null && event.longitude != null
      ? `https://www.google.com/maps/dir/?api=1&destination=${event.latitude},${event.longitude}`
      : null;

  const share = async () => {
    click('share_url');
    try {
      await navigator.clipboard.writeText(shareUrl);
      toast.success(t('event.linkCopied'));
    } catch {
      toast.error(t('event.linkNotCopied'));
    }
  };

  return (
    <Group gap="xs">
      {event.phoneNumber && (
        <Button {...link} target={undefined} href={`tel:${event.phoneNumber}`} onClick={() => click('phone')}>
          {t('event.call')}
        </Button>
      )}
      {event.website && (
        <Button {...link} href={event.website} onClick={() => click('website')}>
          {t('event.website')}
        </Button>
      )}
      <Button variant="light" size="xs" onClick={share}>
        {t('event.share')}
      </Button>
      {event.externalLink && (
        <Button {...link} href={event.externalLink} onClick={() => click('external')}>
          {t('event.reserve')}
        </Button>
      )}
      {directions && (
        <Button {...link} href={directions} onClick={() => click('directions')}>
          {t('event.directions')}
        </Button>
      )}
      {event.dates.length > 0 && (
        <Button {...link} target={undefined} href={urlOf(eventRoutes.ics, { uuid: event.uuid })} download>
          {t('event.addToCalendar')}
        </Button>
      )}
    </Group>
  );
}
