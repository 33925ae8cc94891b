/**
 * Event management in the admin area (spec sections 5-7): list and search every event, read any event,
 * create and edit through the one write path (active flag, coordinates, creator), soft delete.
 * No plan rules apply to administrators.
 */
import type { AdminEventInput } from '@evmap/contract/events';
import type { FastifyInstance } from 'fastify';
import { readEventsVersion } from '../../db/app-meta';
import { notFound, validationError } from '../../errors';
import { foldText } from '../../lib/text';
import type { UserRow } from '../../plugins/auth';
import { purgeNow } from '../uploads/uploads-gc';
import {
  type AdminEventFilter,
  countEvents,
  eventsInOrder,
  pageOfEvents,
  searchIdsInOrder,
} from './admin-events.repository';
import type { AdminListCache } from './admin-list-cache';
import { saveEvent, softDeleteEvent } from './event-write.service';
import { type EventRecord, findEventById, findEventByUuid } from './events.repository';
import { keepEditedFields } from './imported-edits';

export type AdminEventDeps = Pick<FastifyInstance, 'db'>;

/**
 * GET /connected/admin/events. Without a search: one page from the sort column's index (or a top-N sort), and
 * the number of events. A search reads every match (its count needs them all anyway) once per search and sort.
 * Both are kept under the events version (see AdminListCache); the page's rows are always read fresh.
 */
export async function listAdminEvents(
  deps: AdminEventDeps,
  cache: AdminListCache,
  query: AdminEventFilter,
  nowMs = Date.now(),
) {
  const filter = { ...query, search: foldText(query.search) };
  const page = { page: query.page, limit: query.limit };
  if (!filter.search) {
    const [rows, totalCount] = await Promise.all([pageOfEvents(deps.db, filter), eventCount(deps, cache, nowMs)]);
    return { rows, totalCount, ...page };
  }
  const ids = await searchIds(deps, cache, filter, nowMs);
  const start = (query.page - 1) * query.limit;
  const rows = await eventsInOrder(deps.db, ids.subarray(start, start + query.limit));
  return { rows, totalCount: ids.length, ...page };
}

async function eventCount(deps: AdminEventDeps, cache: AdminListCache, nowMs: number): Promise<number> {
  const cached = cache.getTotal(await readEventsVersion(deps.db), nowMs);
  if (cached !== undefined) return cached;
  const { version, total } = await countEvents(deps.db);
  cache.setTotal(version, total, nowMs);
  return total;
}

async function searchIds(deps: AdminEventDeps, cache: AdminListCache, filter: AdminEventFilter, nowMs: number) {
  const key = JSON.stringify([filter.search, filter.sortField, filter.sortDirection]);
  const cached = cache.getSearch(key, await readEventsVersion(deps.db), nowMs);
  if (cached) return cached;
  const { version, ids } = await searchIdsInOrder(deps.db, filter);
  cache.setSearch(key, version, ids, nowMs);
  return ids;
}

/** GET /connected/admin/events/uuid/{uuid}: any event, deleted ones included. */
export async function getAdminEvent(deps: AdminEventDeps, uuid: string): Promise<EventRecord> {
  const event = await findEventByUuid(deps.db, uuid);
  if (!event) throw notFound();
  return event;
}

/** The creator choices exclude administrators, the acting one included (saveEvent checks the others). */
function checkCreator(admin: UserRow, input: AdminEventInput): void {
  if (input.creatorId === admin.id) throw validationError({ creatorId: 'creatorNotAllowed' });
}

/** POST /connected/admin/events: without a creator the event stays unassigned (never the administrator). */
export async function adminCreateEvent(
  deps: AdminEventDeps,
  admin: UserRow,
  input: AdminEventInput,
): Promise<EventRecord> {
  checkCreator(admin, input);
  const saved = await deps.db.transaction((tx) =>
    saveEvent(tx, admin, { ...input, creatorId: input.creatorId ?? null }),
  );
  return (await findEventById(deps.db, saved.id))!;
}

/** PUT /connected/admin/events/{id}: a deleted event is not edited any more. */
export async function adminUpdateEvent(
  deps: AdminEventDeps,
  admin: UserRow,
  id: number,
  input: AdminEventInput,
): Promise<EventRecord> {
  checkCreator(admin, input);
  const event = await findEventById(deps.db, id);
  if (!event || event.deletedAt) throw notFound();
  await deps.db.transaction(async (tx) => {
    await saveEvent(tx, admin, input, event);
    // An imported event keeps what the administrator changed on later imports (issue 25).
    if (event.importSourceId !== null) await keepEditedFields(tx, event, input);
  });
  return (await findEventById(deps.db, id))!;
}

/** DELETE /connected/admin/events/id/{id}: for good, images included (softDeleteEvent). */
export async function adminDeleteEvent(
  deps: AdminEventDeps & Pick<FastifyInstance, 'storage' | 'log'>,
  id: number,
): Promise<void> {
  const event = await findEventById(deps.db, id);
  if (!event || event.deletedAt) throw notFound();
  await deps.db.transaction((tx) => softDeleteEvent(tx, event));
  await purgeNow(deps);
}
