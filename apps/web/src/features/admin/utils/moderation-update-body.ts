/**
 * The whole body of `PUT /connected/admin/events/{id}` rebuilt from an event as the API answered it, so an
 * administrator can change one flag (deactivate a reported event) without opening the event form: the
 * PUT replaces every field, and what it is not sent is cleared.
 */
import type { adminUpdateEventBodySchema, Event } from '@evmap/contract/events';
import type { z } from 'zod';
import { compareText } from '@/lib/compare-text';

export type AdminUpdateBody = z.input<typeof adminUpdateEventBodySchema>;

/**
 * The event as an update body, unchanged. The English texts the API fills in from the French ones are
 * sent empty (as the event form does), so they keep following the French. The creator is named as it is
 * (an unchanged creator is kept by the API, and an unassigned event must say `null`, or it would become
 * the administrator's). An event without a category is sent as it is: the API refuses it with its message.
 */
export function toAdminUpdateBody(event: Event): AdminUpdateBody {
  return {
    titleFr: event.titleFr,
    titleEn: event.titleEn === event.titleFr ? '' : event.titleEn,
    descriptionFr: event.descriptionFr ?? '',
    descriptionEn: event.descriptionEn === event.descriptionFr ? '' : (event.descriptionEn ?? ''),
    categoryId: event.categoryId as number,
    address: event.address ?? '',
    city: event.city ?? '',
    zipcode: event.zipcode ?? '',
    state: event.state as AdminUpdateBody['state'],
    country: 'CA',
    latitude: event.latitude,
    longitude: event.longitude,
    price: event.price ?? '',
    phoneNumber: event.phoneNumber ?? '',
    website: event.website ?? '',
    externalLink: event.externalLink ?? '',
    images: [...event.images]
      .sort((a, b) => a.orderIdx - b.orderIdx)
      .map((image, orderIdx) => ({ imagePath: image.imagePath, orderIdx })),
    dates: [...event.dates]
      .sort((a, b) => compareText(a.startDate, b.startDate))
      .map((date) => ({ startDate: date.startDate, endDate: date.endDate })),
    recurring: event.recurring,
    active: event.active,
    creatorId: event.creatorId,
  };
}
