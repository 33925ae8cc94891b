/** An event-manager's own events: list, read, create, edit, delete (spec sections 4-6). */
import type { OwnerEventInput } from '@evmap/contract/events';
import type { FastifyInstance } from 'fastify';
import { forbidden, notFound } from '../../errors';
import type { UserRow } from '../../plugins/auth';
import { assertActivePlan, assertMayModifyCurrent, assertRecurrenceAllowed } from '../plans/plan-rules';
import type { PublicationCharge } from '../plans/publication';
import { saveEvent, softDeleteEvent } from './event-write.service';
import { type EventRecord, findEventById, findEventByUuid, findEventsOfCreator } from './events.repository';

export type EventDeps = Pick<FastifyInstance, 'db' | 'storage'> & { chargePublication: PublicationCharge };

/** The caller's own, not deleted event; 404 when it does not exist, 403 when it is someone else's. */
export function ownEvent(user: UserRow, event: EventRecord | undefined): EventRecord {
  if (!event || event.deletedAt) throw notFound();
  if (event.creatorId !== user.id) throw forbidden();
  return event;
}

export const listOwnEvents = (deps: EventDeps, user: UserRow) => findEventsOfCreator(deps.db, user.id);

export async function getOwnEventByUuid(deps: EventDeps, user: UserRow, uuid: string) {
  return ownEvent(user, await findEventByUuid(deps.db, uuid));
}

export async function createOwnEvent(deps: EventDeps, user: UserRow, input: OwnerEventInput): Promise<EventRecord> {
  assertActivePlan(user);
  assertRecurrenceAllowed(user, input.recurring);
  const saved = await deps.db.transaction(async (tx) => {
    const event = await saveEvent(tx, user, { ...input, creatorId: user.id });
    await deps.chargePublication(tx, user, event);
    return event;
  });
  return (await findEventById(deps.db, saved.id))!;
}

export async function updateOwnEvent(
  deps: EventDeps,
  user: UserRow,
  id: number,
  input: OwnerEventInput,
): Promise<EventRecord> {
  const event = ownEvent(user, await findEventById(deps.db, id));
  if (event.isPast) throw forbidden('pastEventReadOnly');
  if (!event.active) throw forbidden('inactiveEventReadOnly');
  assertActivePlan(user);
  assertRecurrenceAllowed(user, input.recurring);
  assertMayModifyCurrent(user, event);
  await deps.db.transaction((tx) => saveEvent(tx, user, { ...input, creatorId: user.id }, event));
  return (await findEventById(deps.db, id))!;
}

export async function deleteOwnEvent(deps: EventDeps, user: UserRow, id: number): Promise<void> {
  const event = ownEvent(user, await findEventById(deps.db, id));
  await deps.db.transaction((tx) => softDeleteEvent(tx, event));
}
