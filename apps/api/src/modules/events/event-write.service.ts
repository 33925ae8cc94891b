/** The write path shared by owners and administrators: columns, images, dates, handle, search index, change signal. */

import { accessMask } from '@evmap/contract/accessibility';
import { PROVINCES, type Province } from '@evmap/contract/enums';
import type { AdminEventInput } from '@evmap/contract/events';
import type { Tx } from '../../db/client';
import { validationError } from '../../errors';
import { searchText, slugify } from '../../lib/text';
import type { UserRow } from '../../plugins/auth';
import { categoryExists } from '../globals/globals.repository';
import { holdUploads } from '../uploads/uploads.repository';
import { discardPaths } from '../uploads/uploads-gc';
import { findUserById } from '../users/users.repository';
import { refreshEventDays } from './event-days.repository';
import {
  type EventRecord,
  eventsChanged,
  eventsChangedMany,
  insertEvent,
  markEventDeleted,
  replaceDates,
  replaceImages,
  updateEventColumns,
} from './events.repository';

export type EventInput = Omit<AdminEventInput, 'active' | 'creatorId'> & {
  active?: boolean;
  creatorId?: number | null;
};

/**
 * The uploads the event shows, read FOR SHARE until the event is saved: the uploads' collection job skips them
 * meanwhile, and an upload it already discarded is refused here (uploads-gc.ts).
 */
async function resolveImages(tx: Tx, actor: UserRow, input: EventInput) {
  const paths = input.images.map((i) => i.imagePath);
  if (paths.length === 0) return [];
  const owned = await holdUploads(tx, paths, { folder: 'events', userId: actor.isAdmin ? undefined : actor.id });
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
  if (!(await categoryExists(tx, categoryId)))
    throw validationError({ categoryId: { key: 'fieldInvalid', params: { field: 'categoryId' } } });
}

/** Checks what saveEvent would refuse in the database (category, images), without writing anything. */
export async function checkEventInput(tx: Tx, actor: UserRow, input: EventInput): Promise<void> {
  await checkCategory(tx, input.categoryId);
  await resolveImages(tx, actor, input);
}

/** A creator must be an event-manager who is neither an administrator nor deleted. */
export async function eligibleCreator(tx: Tx, creatorId: number) {
  const creator = await findUserById(tx, creatorId);
  if (!creator || creator.isAdmin || creator.deletedAt || creator.type !== 'event-manager') {
    throw validationError({ creatorId: 'creatorNotAllowed' });
  }
  return creator;
}

/**
 * Creates (no `existing`) or updates an event in `tx` and everything that derives from it.
 * `creatorId` is the owner for owner writes; administrators may pass another one.
 * `indexLater` (an import's new events): the search index and the change signal are left to the caller, which writes
 * them for many events at once with `indexSavedEvents` before its transaction ends.
 */
export async function saveEvent(
  tx: Tx,
  actor: UserRow,
  input: EventInput,
  existing?: EventRecord,
  options: { indexLater?: boolean } = {},
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
    access: accessMask(input.accessibility ?? {}),
    accessNoteFr: input.accessibility?.noteFr ?? null,
    accessNoteEn: input.accessibility?.noteEn ?? null,
    creatorId,
    timeZone: PROVINCES[state],
    searchText: searchText(input.titleFr, input.titleEn, input.city, input.address, creatorEmail),
    ...(input.active === undefined ? {} : { active: input.active }),
    updatedAt: new Date(),
  };

  const row = existing
    ? await updateEventColumns(tx, existing.id, columns)
    : await insertEvent(tx, slugify(input.titleFr), columns);
  await replaceDates(tx, row.id, input.dates);
  // A replaced image is left unused: the uploads' collection job deletes it after its grace period.
  await replaceImages(tx, row.id, images);
  if (options.indexLater && !existing) return { ...row, titleFr: input.titleFr, created: true };
  await refreshEventDays(tx, [row.id]);
  const deactivated = existing?.active && input.active === false;
  await eventsChanged(tx, { type: existing ? (deactivated ? 'deactivated' : 'updated') : 'created', ...row });
  return { ...row, titleFr: input.titleFr, created: !existing };
}

/**
 * Deletion, for good (no route brings a deleted event back): the event leaves the map and the lists, its row stays
 * (the admin list shows it as deleted; its statistics and invoices refer to it), and its images go: their rows now,
 * their uploads discarded in this transaction when nothing else shows them, their files once it commits
 * (`purgeNow`, or the uploads' collection job).
 */
export async function softDeleteEvent(tx: Tx, event: { id: number; uuid: string }): Promise<void> {
  const now = new Date();
  await discardPaths(tx, await markEventDeleted(tx, event.id, now));
  await refreshEventDays(tx, [event.id]);
  await eventsChanged(tx, { type: 'deleted', id: event.id, uuid: event.uuid });
}

/**
 * The search index and the change signal of events created with `indexLater`, in a few statements for all of them
 * (an import writes hundreds a transaction: one statement each was most of a run's time).
 */
export async function indexSavedEvents(tx: Tx, created: Array<{ id: number; uuid: string }>): Promise<void> {
  if (created.length === 0) return;
  await refreshEventDays(
    tx,
    created.map((event) => event.id),
  );
  await eventsChangedMany(
    tx,
    created.map((event) => ({ type: 'created' as const, id: event.id, uuid: event.uuid })),
  );
}
