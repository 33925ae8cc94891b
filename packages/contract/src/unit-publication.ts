/**
 * What one unit publication covers (spec section 9: the unit plan is charged per publication, without recurrence):
 * one event at its place, on the dates as published, at most UNIT_EVENT_DATES_MAX of them. Editing the event within
 * that (its texts, images, category, price, links; the same place; dates moved or removed within the published
 * days) is the same publication. A new place, or dates beyond the published ones (more of them, or a day before
 * the first or after the last), is a new publication, charged like the first once the owner confirms it. Shared by
 * the API (which refuses such a save unless `confirmCharge` is sent) and the web form (which asks before saving).
 */
import { dayOf, type EventDate } from './event-date-rules';

export type PublicationPlace = {
  address?: string | null;
  city?: string | null;
  zipcode?: string | null;
  state?: string | null;
  latitude?: number | null;
  longitude?: number | null;
};
export type PublicationCoverage = PublicationPlace & { dates: EventDate[] };

/** About a kilometre: coordinates moved further are another place. */
const SAME_PLACE_DEGREES = 0.01;

const fold = (value: string | null | undefined) =>
  (value ?? '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

const near = (a: number | null | undefined, b: number | null | undefined) =>
  a == null || b == null ? a == null && b == null : Math.abs(a - b) <= SAME_PLACE_DEGREES;

/** The same place: address, city, postal code and province alike (case, accents and punctuation aside), and nearby. */
export function samePlace(a: PublicationPlace, b: PublicationPlace): boolean {
  return (
    fold(a.address) === fold(b.address) &&
    fold(a.city) === fold(b.city) &&
    fold(a.zipcode) === fold(b.zipcode) &&
    (a.state ?? 'QC') === (b.state ?? 'QC') &&
    near(a.latitude, b.latitude) &&
    near(a.longitude, b.longitude)
  );
}

/** True when `next` stays within what the publication `covered` paid for (see above). */
export function publicationCovers(covered: PublicationCoverage, next: PublicationCoverage): boolean {
  if (!samePlace(covered, next)) return false;
  if (next.dates.length > Math.max(covered.dates.length, 1)) return false;
  if (covered.dates.length === 0) return next.dates.length === 0;
  const days = covered.dates.flatMap((d) => [dayOf(d.startDate), dayOf(d.endDate ?? d.startDate)]).sort();
  const first = days[0]!;
  const last = days.at(-1)!;
  return next.dates.every((d) => dayOf(d.startDate) >= first && dayOf(d.endDate ?? d.startDate) <= last);
}
