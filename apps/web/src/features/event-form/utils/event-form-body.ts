/**
 * The event form's values and the event body, without zod: the screen's values (days and times apart, see
 * event-form-values.ts) turned into the contract's event body, an answered event turned into values, and where an
 * API error lands. The form's first load takes these; the schema that checks them (event-form-schema.ts, with zod
 * and the contract's body schemas) loads with the form's first check.
 */
import { ACCESS_FEATURES } from '@evmap/contract/access-features';
import type { Event } from '@evmap/contract/events';
import { compareText } from '@/lib/compare-text';
import { fromWallClock, toWallClock } from './date-rules';
import type { EventFormValues } from './event-form-values';

/** Which body the form sends: an owner's event, or an administrator's new or edited one. */
export type EventBodyKind = 'owner' | 'admin-create' | 'admin-edit';

/** The screen's values → the event body (admin fields only for admin bodies). */
export function toEventBody(values: EventFormValues, kind: EventBodyKind) {
  const body = {
    titleFr: values.titleFr,
    titleEn: values.titleEn,
    descriptionFr: values.descriptionFr,
    descriptionEn: values.descriptionEn,
    categoryId: values.categoryId,
    address: values.address,
    city: values.city,
    zipcode: values.zipcode,
    state: values.state,
    country: values.country,
    latitude: values.latitude,
    longitude: values.longitude,
    price: values.price,
    phoneNumber: values.phoneNumber,
    website: values.website,
    externalLink: values.externalLink,
    images: values.images.map((image, orderIdx) => ({ imagePath: image.imagePath, orderIdx })),
    dates: values.dates.map(toWallClock),
    recurring: values.recurring,
    accessibility: {
      stepFree: values.accessibility.stepFree === 'unknown' ? null : values.accessibility.stepFree,
      // In the list's order, whatever the order they were ticked in.
      features: ACCESS_FEATURES.filter((feature) => values.accessibility.features.includes(feature)),
      noteFr: values.accessibility.noteFr,
      noteEn: values.accessibility.noteEn,
    },
  };
  return kind === 'owner' ? body : { ...body, active: values.active, creatorId: values.creatorId };
}

/**
 * The form field of an API error key: `dates.2.endDate` → `dates.2.endTime`, `images.0.imagePath` →
 * `images`; the other keys are the fields' own names.
 */
export function eventServerField(key: string): string {
  const date = /^dates\.(\d+)\.(startDate|endDate)$/.exec(key);
  if (date) return `dates.${date[1]}.${date[2] === 'startDate' ? 'startTime' : 'endTime'}`;
  if (key.startsWith('images')) return 'images';
  if (key.startsWith('accessibility.features')) return 'accessibility.features';
  return key;
}

/** The form's values for an existing event, as the API answered it. */
export function eventToValues(event: Event): EventFormValues {
  return {
    titleFr: event.titleFr,
    // The API answers the French title as the English one when there is none: show the field empty then.
    titleEn: event.titleEn === event.titleFr ? '' : event.titleEn,
    descriptionFr: event.descriptionFr ?? '',
    descriptionEn: event.descriptionEn === event.descriptionFr ? '' : (event.descriptionEn ?? ''),
    categoryId: event.categoryId,
    price: event.price ?? '',
    phoneNumber: event.phoneNumber ?? '',
    website: event.website ?? '',
    externalLink: event.externalLink ?? '',
    images: [...event.images]
      .sort((a, b) => a.orderIdx - b.orderIdx)
      .map((image) => ({ imagePath: image.imagePath, imageUrl: image.imageUrl })),
    address: event.address ?? '',
    city: event.city ?? '',
    zipcode: event.zipcode ?? '',
    state: event.state as EventFormValues['state'],
    country: 'CA',
    latitude: event.latitude,
    longitude: event.longitude,
    dates: [...event.dates].sort((a, b) => compareText(a.startDate, b.startDate)).map(fromWallClock),
    recurring: event.recurring ?? 'none',
    accessibility: {
      stepFree: event.accessibility.stepFree ?? 'unknown',
      features: [...event.accessibility.features],
      noteFr: event.accessibility.noteFr ?? '',
      // The API answers the French note as the English one when there is none: show the field empty then.
      noteEn: event.accessibility.noteEn === event.accessibility.noteFr ? '' : (event.accessibility.noteEn ?? ''),
    },
    active: event.active,
    creatorId: event.creatorId,
  };
}
