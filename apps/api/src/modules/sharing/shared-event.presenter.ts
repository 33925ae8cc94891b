/** The texts of a shared event in one language: title, description, place, image and the occurrence to show. */
import type { Lang } from '@evmap/contract/enums';
import { nowWallClock, wallClockToInstant } from '@evmap/contract/wall-clock';
import { imageKey } from '../../lib/images';
import type { FileStorage } from '../../lib/storage';
import type { SharedEvent } from './sharing.repository';

/** The width preferred for previews (the modal's image), else the largest stored. */
const PREVIEW_WIDTH = 1440;

export type SharedEventView = {
  lang: Lang;
  title: string;
  /** The event's own description (French fallback), or null. */
  description: string | null;
  /** One line for previews: date, place, then the description, at most 300 characters. */
  summary: string;
  canonicalUrl: string;
  imageUrl: string | null;
  /** Street, city, province and postal code joined, or null when unknown. */
  placeText: string | null;
  /** The next occurrence not yet ended, else the last one; null without dates. */
  occurrence: { startDate: string; endDate: string | null } | null;
};

/** An absolute URL: storage URLs may be paths under the app's origin. */
export function absoluteUrl(appUrl: string, url: string): string {
  return /^https?:\/\//i.test(url) ? url : `${appUrl}${url.startsWith('/') ? '' : '/'}${url}`;
}

/** The French or English text, English falling back to French. */
export function localized(lang: Lang, fr: string | null, en: string | null): string | null {
  return lang === 'en' ? en?.trim() || fr?.trim() || null : fr?.trim() || null;
}

export function placeText(event: Pick<SharedEvent, 'address' | 'city' | 'state' | 'zipcode'>): string | null {
  const region = [event.state, event.zipcode].filter(Boolean).join(' ');
  const parts = [event.address, event.city, region].map((p) => p?.trim()).filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : null;
}

function chooseOccurrence(event: SharedEvent, nowMs: number): SharedEventView['occurrence'] {
  const now = nowWallClock(event.timeZone, nowMs);
  const next = event.dates.find((d) => (d.endDate ?? d.startDate) >= now);
  return next ?? event.dates.at(-1) ?? null;
}

/** "15 January 2025, 18:00" / "15 janvier 2025, 18 h 00": the wall clock shown as it is at the place. */
export function formatOccurrence(lang: Lang, occurrence: { startDate: string }, timeZone: string): string {
  const { utcMs } = wallClockToInstant(occurrence.startDate, timeZone);
  return new Intl.DateTimeFormat(lang === 'fr' ? 'fr-CA' : 'en-CA', {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone,
  }).format(new Date(utcMs));
}

function truncate(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

export function presentSharedEvent(
  event: SharedEvent,
  lang: Lang,
  deps: { appUrl: string; storage: FileStorage },
  nowMs = Date.now(),
): SharedEventView {
  const cover = event.images[0];
  const width = cover?.formats.includes(PREVIEW_WIDTH) ? PREVIEW_WIDTH : Math.max(...(cover?.formats ?? [0]));
  const imageUrl = cover ? absoluteUrl(deps.appUrl, deps.storage.url(imageKey(cover.imagePath, width))) : null;
  const description = localized(lang, event.descriptionFr, event.descriptionEn);
  const occurrence = chooseOccurrence(event, nowMs);
  const place = placeText(event);
  const summaryParts = [
    occurrence ? formatOccurrence(lang, occurrence, event.timeZone) : null,
    event.city?.trim() || place,
    description,
  ].filter(Boolean);
  return {
    lang,
    title: localized(lang, event.titleFr, event.titleEn) ?? event.titleFr,
    description,
    summary: truncate(summaryParts.join(' · '), 300),
    canonicalUrl: `${deps.appUrl}/events/${encodeURIComponent(event.handle)}`,
    imageUrl,
    placeText: place,
    occurrence,
  };
}
