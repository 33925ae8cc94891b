/**
 * The event modal of the map home (`/events/{handle}`): image, title, category, dates, place, price, description
 * (a text not written in the reader's language is marked "not translated"), the credit of an imported event,
 * notices, report button, actions and (for viewers) the favourite heart.
 * It fits a laptop's window (1280×800): the image takes at most 30% of the window's height, and the
 * actions and the report button stay in view at the bottom while a long description scrolls.
 */
import '@/styles/lazy.css';
import { MODAL_IMAGE_WIDTH } from '@evmap/contract/constants';
import type { Event } from '@evmap/contract/events';
import { Alert, Center, Group, Image, Modal, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { AccessibilityList } from '@/components/accessibility-list';
import { CategoryIcon } from '@/components/category-icon';
import { Spinner } from '@/components/spinner';
import { MaybeTranslated } from '@/components/untranslated';
import { useLang } from '@/i18n/use-lang';
import { useTranslation } from '@/i18n/use-translation';
import { formatWallClock, listedDates } from '@/lib/event-dates-display';
import { placeLine } from '@/lib/event-place';
import { useGlobals } from '@/lib/get-globals';
import { heldMarker } from '@/lib/held-marker';
import { imageUrl } from '@/lib/image-url';
import { useSession } from '@/lib/session';
import { useEvent } from '../api/get-event';
import { recordStat } from '../api/record-stat';
import { EventActions } from './event-actions';
import classes from './event-modal.module.css';
import { FavoriteButton } from './favorite-button';
import { ReportButton } from './report-button';

export type EventModalProps = {
  handleOrUuid: string;
  /**
   * How the event was opened: from a marker, or from a link (direct visit). A link from an embed on another
   * website (`?from=embed` in the URL) counts as `embed` whatever this says.
   */
  source: 'map_marker' | 'single_modal';
  onClose: () => void;
  /** The event is loaded (the map centres on it for a direct link). */
  onLoaded?: (event: Event) => void;
  /** The event cannot be loaded. */
  onMissing: () => void;
};

/** Shown to everyone: active and not deleted (otherwise only its owner or an administrator sees it). */
const isVisible = (event: Event) => event.active && !event.deletedAt;

/** The modal's title: the category icon and the event title. */
function EventTitle({ event }: { event: Event }) {
  const lang = useLang();
  const category = useGlobals().data?.categories.find((c) => c.id === event.categoryId);
  return (
    <Group gap="xs" wrap="nowrap" component="span">
      {category && (
        <span title={lang === 'fr' ? category.titleFr : category.titleEn} style={{ display: 'inline-flex' }}>
          <CategoryIcon handle={category.handle} />
        </span>
      )}
      <span>
        <MaybeTranslated event={event} field="title" lang={lang}>
          {lang === 'fr' ? event.titleFr : event.titleEn}
        </MaybeTranslated>
      </span>
    </Group>
  );
}

function EventDetails({ event }: { event: Event }) {
  const { t } = useTranslation();
  const lang = useLang();
  const locale = lang === 'fr' ? 'fr-CA' : 'en-CA';
  const description = lang === 'fr' ? event.descriptionFr : event.descriptionEn;
  const image = imageUrl(event.images, MODAL_IMAGE_WIDTH);
  const { dates, more } = listedDates(event.dates, event.timeZone);
  const place = placeLine(event);
  const access = event.accessibility;
  const accessNote = lang === 'fr' ? access.noteFr : access.noteEn;
  const hasAccess = access.stepFree !== null || access.features.length > 0 || Boolean(accessNote);
  const isAdmin = useSession((s) => s.user?.isAdmin === true);
  // An inactive or deleted event (its owner's or an administrator's preview) is not reported nor favourited.
  const isPublic = isVisible(event);

  return (
    <Stack gap="sm">
      {/* The cover's box has its size before the image arrives (16:9, as the cards crop it), so the details
          below do not jump down when it loads (a layout shift). */}
      {image && (
        <Image
          src={image}
          alt=""
          radius="md"
          w="100%"
          mah="min(320px, 30dvh)"
          fit="cover"
          style={{ aspectRatio: '16 / 9' }}
        />
      )}
      {isPublic && (
        <Group justify="flex-end">
          <FavoriteButton eventId={event.id} />
        </Group>
      )}
      {event.isPast && <Text c="red.8">{t('event.past')}</Text>}
      {!event.active && <Text c="red.8">{t('event.inactive')}</Text>}
      {event.deletedAt && isAdmin && <Text c="red.8">{t('event.deleted')}</Text>}
      {/* Reports are for administrators to review: one anonymous click must not mark an event for everyone. The
          visitor who reported it sees their own notice by the report button. */}
      {event.signaledCount > 0 && isAdmin && (
        <Text c="red.8">{t('event.signaledCount', { count: event.signaledCount })}</Text>
      )}
      <Stack gap={2} aria-label={t('event.dates')} role="group">
        {dates.map((date) => (
          <Text key={date.startDate} size="sm">
            {formatWallClock(date.startDate, locale)}
            {date.endDate
              ? ` – ${formatWallClock(date.endDate, locale, date.endDate.slice(0, 10) !== date.startDate.slice(0, 10))}`
              : ''}
          </Text>
        ))}
        {more && (
          <Text size="sm" fs="italic">
            {t('event.andMore')}
          </Text>
        )}
      </Stack>
      {place && (
        <Text size="sm">
          <strong>{t('event.place')}</strong> {place}
        </Text>
      )}
      {event.price && (
        <Text size="sm">
          <strong>{t('event.price')}</strong> {event.price}
        </Text>
      )}
      {description && (
        <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
          <MaybeTranslated event={event} field="description" lang={lang}>
            {description}
          </MaybeTranslated>
        </Text>
      )}
      {hasAccess && (
        <Stack gap={4} component="section" aria-labelledby={`access-${event.id}`}>
          <Text size="sm" fw={700} id={`access-${event.id}`}>
            {t('access.heading')}
          </Text>
          <AccessibilityList stepFree={access.stepFree} features={access.features} />
          {accessNote && (
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              <strong>{t('access.note')}</strong>{' '}
              <MaybeTranslated event={event} field="accessNote" lang={lang}>
                {accessNote}
              </MaybeTranslated>
            </Text>
          )}
        </Stack>
      )}
      {event.source && <SourceCredit source={event.source} />}
      <div className={classes.footer}>
        <EventActions event={event} />
        {isPublic && <ReportButton uuid={event.uuid} />}
      </div>
    </Stack>
  );
}

/** The credit of an imported event (issue 25): the source's name, its licence and its attribution text. */
function SourceCredit({ source }: { source: NonNullable<Event['source']> }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2} component="section" aria-label={t('sourceCredit.heading')}>
      <Text size="xs">{t('sourceCredit.importedFrom', { name: source.name })}</Text>
      {source.licence && (
        <Text size="xs">
          <strong>{t('sourceCredit.licence')}</strong> {source.licence}
        </Text>
      )}
      {source.attribution && (
        <Text size="xs" style={{ whiteSpace: 'pre-line' }}>
          {source.attribution}
        </Text>
      )}
    </Stack>
  );
}

/** The modal for one event, loading it by handle or uuid. */
export function EventModal({ handleOrUuid, source, onClose, onLoaded, onMissing }: EventModalProps) {
  const { t } = useTranslation();
  const query = useEvent(handleOrUuid);
  const recorded = useRef<string | null>(null);
  const [params] = useSearchParams();
  const viewSource = params.get('from') === 'embed' ? 'embed' : source;
  const event = query.data;
  // Opened from a marker: its title at once, while the details load.
  const queryClient = useQueryClient();
  const [marker] = useState(() => heldMarker(queryClient, handleOrUuid));

  useEffect(() => {
    if (query.isError) onMissing();
  }, [query.isError, onMissing]);

  useEffect(() => {
    if (!event || recorded.current === event.uuid) return;
    recorded.current = event.uuid;
    if (isVisible(event)) recordStat(event.uuid, { type: 'view', value: viewSource });
    onLoaded?.(event);
  }, [event, viewSource, onLoaded]);

  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      yOffset="3dvh"
      title={event ? <EventTitle event={event} /> : (marker?.title ?? t('common.loading'))}
      styles={{ title: { fontSize: 'var(--mantine-h3-font-size)', fontWeight: 700 } }}
      closeButtonProps={{ 'aria-label': t('event.close') }}
    >
      {event ? (
        <EventDetails event={event} />
      ) : query.isError ? (
        <Alert color="red">{t('event.notFound')}</Alert>
      ) : (
        <Center py="xl">
          <Spinner />
        </Center>
      )}
    </Modal>
  );
}
