/** The schema.org Event of a shared event (JSON-LD), with instants carrying the UTC offset of the event's zone. */

import { wallClockToIso } from '@evmap/contract/wall-clock';
import { ACCESSIBILITY_HEADING, accessibilityText } from './accessibility-text';
import type { SharedEventView } from './shared-event.presenter';
import type { SharedEvent } from './sharing.repository';

const FREE = /^(gratuit|gratuite|free|entrée libre|entree libre|libre)\b/i;

/** "25 $", "$25.50", "25,50 $" -> 25.5; "Gratuit" / "Free" -> 0; anything else undefined. */
export function parsePrice(price: string): number | undefined {
  const text = price.trim();
  if (FREE.test(text)) return 0;
  const match = /(\d+(?:[.,]\d{1,2})?)/.exec(text.replace(/\s(?=\d{3}\b)/g, ''));
  if (!match?.[1]) return undefined;
  const value = Number(match[1].replace(',', '.'));
  return Number.isFinite(value) ? value : undefined;
}

/** The accessibility attributes as schema.org LocationFeatureSpecifications, in the page's language. */
function amenities(event: SharedEvent, view: SharedEventView): Array<Record<string, unknown>> | undefined {
  const access = accessibilityText(event, view.lang);
  if (!access) return undefined;
  const feature = (name: string, value: boolean | string) => ({ '@type': 'LocationFeatureSpecification', name, value });
  return [
    ...access.items.map((item) => feature(item.label, item.available)),
    ...(access.note ? [feature(ACCESSIBILITY_HEADING[view.lang], access.note)] : []),
  ];
}

export function eventJsonLd(event: SharedEvent, view: SharedEventView): Record<string, unknown> {
  const occurrence = view.occurrence;
  const hasGeo = event.latitude !== null && event.longitude !== null;
  const location =
    view.placeText || hasGeo
      ? {
          '@type': 'Place',
          name: event.address?.trim() || event.city?.trim() || view.placeText || undefined,
          address: {
            '@type': 'PostalAddress',
            streetAddress: event.address || undefined,
            addressLocality: event.city || undefined,
            postalCode: event.zipcode || undefined,
            addressRegion: event.state,
            addressCountry: event.country,
          },
          geo: hasGeo ? { '@type': 'GeoCoordinates', latitude: event.latitude, longitude: event.longitude } : undefined,
          amenityFeature: amenities(event, view),
        }
      : undefined;
  const price = event.price?.trim() ? parsePrice(event.price) : undefined;
  const offers = event.price?.trim()
    ? {
        '@type': 'Offer',
        url: event.externalLink || view.canonicalUrl,
        description: event.price.trim(),
        ...(price !== undefined ? { price, priceCurrency: 'CAD' } : {}),
      }
    : undefined;
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: view.title,
    description: view.description ?? undefined,
    url: view.canonicalUrl,
    inLanguage: view.lang === 'fr' ? 'fr-CA' : 'en-CA',
    startDate: occurrence ? wallClockToIso(occurrence.startDate, event.timeZone) : undefined,
    endDate: occurrence?.endDate ? wallClockToIso(occurrence.endDate, event.timeZone) : undefined,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location,
    image: view.imageUrl ? [view.imageUrl] : undefined,
    offers,
    organizer: event.organizerName?.trim()
      ? { '@type': 'Organization', name: event.organizerName.trim(), url: event.website || undefined }
      : undefined,
  };
}

/** JSON safe inside a <script> element: no '<', '>', '&' or line separators can end or break it. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
