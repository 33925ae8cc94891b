/** The event as the API shows it. English texts fall back to French; the creator only for owner and admins. */

import { accessOfMask } from '@evmap/contract/accessibility';
import type { Recurring } from '@evmap/contract/enums';
import type { Event, TranslatedField } from '@evmap/contract/events';
import { imageKey } from '../../lib/images';
import type { FileStorage } from '../../lib/storage';
import type { EventRecord } from './events.repository';

export function presentEvent(
  record: EventRecord,
  storage: FileStorage,
  options: { withCreator?: boolean } = {},
): Event {
  return {
    id: record.id,
    uuid: record.uuid,
    handle: record.handle,
    active: record.active,
    titleFr: record.titleFr,
    titleEn: record.titleEn || record.titleFr,
    descriptionFr: record.descriptionFr,
    descriptionEn: record.descriptionEn || record.descriptionFr,
    categoryId: record.categoryId,
    address: record.address,
    city: record.city,
    zipcode: record.zipcode,
    state: record.state,
    country: record.country,
    latitude: record.latitude,
    longitude: record.longitude,
    price: record.price,
    phoneNumber: record.phoneNumber,
    website: record.website,
    externalLink: record.externalLink,
    images: record.images.map((image) => ({
      imagePath: image.imagePath,
      imageUrl: storage.url(imageKey(image.imagePath, Math.max(...image.formats))),
      orderIdx: image.orderIdx,
      formats: image.formats,
    })),
    dates: record.dates.map((d) => ({ startDate: d.startDate, endDate: d.endDate ?? null })),
    recurring: (record.recurring as Recurring | null) ?? null,
    creatorId: record.creatorId,
    ...(options.withCreator
      ? {
          creator:
            record.creatorId && record.creatorEmail ? { id: record.creatorId, email: record.creatorEmail } : null,
          createdAt: record.createdAt,
          updatedAt: record.updatedAt,
        }
      : {}),
    signaledCount: record.signaledCount,
    deletedAt: record.deletedAt,
    externalSource: record.externalSource,
    externalId: record.externalId,
    eventStatCount: { viewCount: record.viewCount },
    timeZone: record.timeZone,
    isPast: record.isPast,
    accessibility: {
      ...accessOfMask(record.access),
      noteFr: record.accessNoteFr,
      noteEn: record.accessNoteEn || record.accessNoteFr,
    },
    ...(record.source
      ? {
          source: {
            name: record.source.name,
            licence: record.source.licence,
            attribution: record.source.attribution,
            url: record.source.url,
          },
        }
      : {}),
    untranslated: { en: untranslatedEn(record), fr: untranslatedFr(record) },
  };
}

/**
 * The French texts that are an English source's original (issue 25): an English source fills both languages (French
 * is required), so a French text equal to the English one from such a source is its original, not a translation.
 * Once an administrator writes a French text of its own, it differs and is no longer marked.
 */
export function untranslatedFr(record: EventRecord): TranslatedField[] {
  if (record.source?.language !== 'en') return [];
  const same = (fr: string | null, en: string | null) => Boolean(fr?.trim()) && fr?.trim() === en?.trim();
  const fields: TranslatedField[] = [];
  if (same(record.titleFr, record.titleEn)) fields.push('title');
  if (same(record.descriptionFr, record.descriptionEn)) fields.push('description');
  if (same(record.accessNoteFr, record.accessNoteEn)) fields.push('accessNote');
  return fields;
}

/** The English texts that fall back to the French original (empty in English, written in French). */
export function untranslatedEn(record: EventRecord): TranslatedField[] {
  const missing = (en: string | null, fr: string | null) => !en?.trim() && Boolean(fr?.trim());
  const fields: TranslatedField[] = [];
  if (missing(record.titleEn, record.titleFr)) fields.push('title');
  if (missing(record.descriptionEn, record.descriptionFr)) fields.push('description');
  if (missing(record.accessNoteEn, record.accessNoteFr)) fields.push('accessNote');
  return fields;
}
