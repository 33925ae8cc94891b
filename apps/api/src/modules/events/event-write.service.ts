/** The write path shared by owners and administrators: columns, images, dates, handle, search index, change signal. */

import { PROVINCES, type Province } from '@evmap/contract/enums';
import type { AdminEventInput } from '@evmap/contract/events';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { categories } from '../../db/schema/categories';
import { events } from '../../db/schema/events';
import { uploads } from '../../db/schema/uploads';
import { users } from '../../db/schema/users';
import { validationError } from '../../errors';
import { searchText, slugify } from '../../lib/text';
import type { UserRow } from '../../plugins/auth';
import { refreshEventDays } from './event-days.repository';
import { type EventRecord, eventsChanged, replaceDates, replaceImages, uniqueHandle } from './events.repository';

export type EventInput = Omit<AdminEventInput, 'active' | 'creatorId'> & {
  active?: boolean;
  creatorId?: number | null;
};

async function resolveImages(tx: Tx, actor: UserRow, input: EventInput) {
  const paths = input.images.map((i) => i.imagePath);
  if (paths.length === 0) return [];
  const owned = await tx
    .select({ path: uploads.path, formats: uploads.formats })
    .from(uploads)
    .where(
      and(
        inArray(uploads.path, paths),
        eq(uploads.folder, 'events'),
        actor.isAdmin ? undefined : eq(uploads.userId, actor.id),
      ),
    );
  const formats = new Map(owned.map((u) => [u.path, u.formats]));
  return input.images.map((image, index) => {
    const found = formats.get(image.imagePath);
    if (!found)
      throw validationError({ [`images.${index}.imagePath`]: { key: 'fieldInvalid', params: { field: 'imagePath' } } });
    return { imagePath: image.imagePath, orderIdx: image.orderIdx, formats: found };
  });
}

async function checkCategory(tx: Tx, categoryId: number | null | undefined) {
  if (!categoryId) return;
  const [found] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId));
  if (!found) throw validationError({ categoryId: { key: 'fieldInvalid', params: { field: 'categoryId' } } });
}

/** A creator must be an event-manager who is neither an administrator nor deleted. */
export async function eligibleCreator(tx: Tx, creatorId: number) {
  const [creator] = await tx.select().from(users).where(eq(users.id, creatorId));
  if (!creator || creator.isAdmin || creator.deletedAt || creator.type !== 'event-manager') {
    throw validationError({ creatorId: 'creatorNotAllowed' });
  }
  return creator;
}

/**
 * Creates (no `existing`) or updates an event in `tx` and everything that derives from it.
 * `creatorId` is the owner for owner writes; administrators may pass another one.
 */
export async function saveEvent(
  tx: Tx,
  actor: UserRow,
  input: EventInput,
  existing?: EventRecord,
): Promise<{ id: number; uuid: string; titleFr: string; created: boolean }> {
  await checkCategory(tx, input.categoryId);
  const images = await resolveImages(tx, actor, input);
  const creatorId = input.creatorId === undefined ? (existing?.creatorId ?? actor.id) : input.creatorId;
  let website = input.website ?? null;
  let phoneNumber = input.phoneNumber ?? null;
  let creatorEmail = creatorId === actor.id ? actor.email : null;
  if (creatorId !== null && creatorId !== actor.id) {
    if (creatorId === existing?.creatorId) {
      // An unchanged creator is kept as is, even if they have since become an admin or been deleted.
      creatorEmail = existing.creatorEmail;
    } else {
      const creator = await eligibleCreator(tx, creatorId);
      creatorEmail = creator.email;
      // Choosing a creator copies their website and phone, unless the body names its own.
      website ??= creator.website;
      phoneNumber ??= creator.phoneNumber;
    }
  }
  const state = (input.state ?? 'QC') as Province;
  const columns = {
    titleFr: input.titleFr,
    titleEn: input.titleEn ?? null,
    descriptionFr: input.descriptionFr ?? null,
    descriptionEn: input.descriptionEn ?? null,
    categoryId: input.categoryId ?? null,
    address: input.address ?? null,
    city: input.city ?? null,
    zipcode: input.zipcode ?? null,
    state,
    country: 'CA',
    latitude: input.latitude ?? null,
    longitude: input.longitude ?? null,
    price: input.price ?? null,
    phoneNumber,
    website,
    externalLink: input.externalLink ?? null,
    recurring: input.recurring ?? null,
    creatorId,
    timeZone: PROVINCES[state],
    searchText: searchText(input.titleFr, input.titleEn, input.city, input.address, creatorEmail),
    ...(input.active === undefined ? {} : { active: input.active }),
    updatedAt: new Date(),
  };

  let row: { id: number; uuid: string };
  if (existing) {
    [row] = (await tx.update(events).set(columns).where(eq(events.id, existing.id)).returning({
      id: events.id,
      uuid: events.uuid,
    })) as [{ id: number; uuid: string }];
  } else {
    const handle = await uniqueHandle(tx, slugify(input.titleFr));
    [row] = (await tx
      .insert(events)
      .values({ ...columns, handle })
      .returning({ id: events.id, uuid: events.uuid })) as [{ id: number; uuid: string }];
  }
  await replaceDates(tx, row.id, input.dates);
  await replaceImages(tx, row.id, images);
  await refreshEventDays(tx, [row.id]);
  const deactivated = existing?.active && input.active === false;
  await eventsChanged(tx, { type: existing ? (deactivated ? 'deactivated' : 'updated') : 'created', ...row });
  return { ...row, titleFr: input.titleFr, created: !existing };
}

/** Soft delete: the event leaves the map and lists, its rows stay. */
export async function softDeleteEvent(tx: Tx, event: { id: number; uuid: string }): Promise<void> {
  const now = new Date();
  await tx.update(events).set({ deletedAt: now, updatedAt: now }).where(eq(events.id, event.id));
  await refreshEventDays(tx, [event.id]);
  await eventsChanged(tx, { type: 'deleted', id: event.id, uuid: event.uuid });
}
