/** An event-manager's own events: list, read, create, edit, delete (spec sections 4-6). */
import type { OwnerEventInput } from '@evmap/contract/events';
import { publicationCovers } from '@evmap/contract/unit-publication';
import type { FastifyInstance } from 'fastify';
import { AppError, forbidden, notFound } from '../../errors';
import type { UserRow } from '../../plugins/auth';
import {
  assertActivePlan,
  assertDatesInPlan,
  assertMayModifyCurrent,
  assertRecurrenceAllowed,
} from '../plans/plan-rules';
import type { PublicationCharge } from '../plans/publication.port';
import { purgeNow } from '../uploads/uploads-gc';
import { saveEvent, softDeleteEvent } from './event-write.service';
import { type EventRecord, findEventById, findEventByUuid, findEventsOfCreator } from './events.repository';

export type EventDeps = Pick<FastifyInstance, 'db' | 'storage' | 'log'> & { chargePublication: PublicationCharge };

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
  assertDatesInPlan(user, input.dates);
  const charged = await deps.chargePublication.publish(user, input);
  const id = charged ?? (await deps.db.transaction((tx) => saveEvent(tx, user, { ...input, creatorId: user.id }))).id;
  return (await findEventById(deps.db, id))!;
}

/**
 * Under the unit plan, a change beyond what the event's publication covers (a new place, or dates beyond the
 * published ones) is a new publication: refused (409) unless the owner confirmed its charge, then charged.
 */
async function republishes(deps: EventDeps, user: UserRow, event: EventRecord, input: OwnerEventInput) {
  if (user.planType !== 'unit') return false;
  const covered = (await deps.chargePublication.coverage(event.id)) ?? event;
  if (publicationCovers(covered, input)) return false;
  if (!input.confirmCharge) throw new AppError(409, { global: { key: 'republicationUnconfirmed' } });
  return true;
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
  assertDatesInPlan(user, input.dates);
  if (
    !(await republishes(deps, user, event, input)) ||
    (await deps.chargePublication.publish(user, input, id)) === null
  ) {
    await deps.db.transaction((tx) => saveEvent(tx, user, { ...input, creatorId: user.id }, event));
  }
  return (await findEventById(deps.db, id))!;
}

export async function deleteOwnEvent(deps: EventDeps, user: UserRow, id: number): Promise<void> {
  const event = ownEvent(user, await findEventById(deps.db, id));
  await deps.db.transaction((tx) => softDeleteEvent(tx, event));
  await purgeNow(deps);
}
