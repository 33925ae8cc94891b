/**
 * The calendar file of a shared event, through the one iCalendar writer (lib/icalendar.ts): one VEVENT for all the
 * event's dates, in its zone, with the same UID, SEQUENCE and texts as in the feeds (importing the file and
 * subscribing to a feed do not make two copies).
 */
import { writeCalendar } from '../../lib/icalendar';
import { ACCESSIBILITY_HEADING, accessibilityText } from './accessibility-text';
import type { SharedEventView } from './shared-event.presenter';
import type { SharedEvent } from './sharing.repository';

export function buildIcs(event: SharedEvent, view: SharedEventView): string {
  const access = accessibilityText(event, view.lang);
  const accessBlock = access
    ? [
        `${ACCESSIBILITY_HEADING[view.lang]}${view.lang === 'fr' ? '\u202f:' : ':'}`,
        ...access.items.map((item) => `- ${item.label}`),
        ...(access.note ? [access.note] : []),
      ].join('\n')
    : null;
  return writeCalendar({ name: view.title }, [
    {
      uid: `${event.uuid}@evmap`,
      sequence: event.revision,
      updatedAt: new Date(event.updatedAt),
      title: view.title,
      description: [view.description, accessBlock, view.canonicalUrl].filter(Boolean).join('\n\n'),
      location: view.placeText,
      geo: event.latitude !== null && event.longitude !== null ? { lat: event.latitude, lon: event.longitude } : null,
      url: view.canonicalUrl,
      timeZone: event.timeZone,
      dates: event.dates,
    },
  ]);
}
