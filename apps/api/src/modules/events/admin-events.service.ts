/**
 * Event management in the admin area (spec sections 5-7): list and search every event, read any event,
 * create and edit through the one write path (active flag, coordinates, creator), soft delete.
 * No plan rules apply to administrators.
 */
import type { AdminEventInput } from '@evmap/contract/events';
import type { FastifyInstance } from 'fastify';
import { notFound, validationError } from '../../errors';
import { foldText } from '../../lib/text';
import type { UserRow } from '../../plugins/auth';
import { type AdminEventFilter, listEventsForAdmin } from './admin-events.repository';
import { saveEvent, softDeleteEvent } from './event-write.service';
import { type EventRecord, findEventById, findEventByUuid } from './events.repository';

export type AdminEventDeps = Pick<FastifyInstance, 'db'>;

/** GET /connected/admin/events */
export async function listAdminEvents(deps: AdminEventDeps, query: AdminEventFilter) {
  const { rows, totalCount } = await listEventsForAdmin(deps.db, { ...query, search: foldText(query.search) });
  return { rows, totalCount, page: query.page, limit: query.limit };
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
  await deps.db.transaction((tx) => saveEvent(tx, admin, input, event));
  return (await findEventById(deps.db, id))!;
}

/** DELETE /connected/admin/events/id/{id} */
export async function adminDeleteEvent(deps: AdminEventDeps, id: number): Promise<void> {
  const event = await findEventById(deps.db, id);
  if (!event || event.deletedAt) throw notFound();
  await deps.db.transaction((tx) => softDeleteEvent(tx, event));
}
