/** The event writes of an import: create, update (keeping what an administrator edited), deactivate. */
import type { AdminEventInput } from '@evmap/contract/events';
import type { Tx } from '../../db/client';
import type { UserRow } from '../../plugins/auth';
import { refreshEventDays } from '../events/event-days.repository';
import { saveEvent } from '../events/event-write.service';
import { eventsChanged, findEventById, updateEventColumns } from '../events/events.repository';
import { EDITABLE_FIELDS, type EditableField } from '../events/imported-edits';

/**
 * Creates the event of a new record under the source's organisation, published or waiting as the source says.
 * `indexLater`: its search index and change signal are written with the batch's (indexSavedEvents), before the
 * transaction ends.
 */
export async function createImported(
  tx: Tx,
  owner: UserRow,
  event: AdminEventInput,
  active: boolean,
  images: Array<{ imagePath: string; orderIdx: number }> = [],
  options: { indexLater?: boolean } = {},
) {
  // saveEvent alone: no plan rule, no publication charge (imported events count for no plan and no invoice).
  return saveEvent(tx, owner, { ...event, images, creatorId: owner.id, active }, undefined, options);
}

/** Updates an imported event from its record; the fields an administrator edited keep their value. */
export async function updateImported(
  tx: Tx,
  owner: UserRow,
  id: number,
  event: AdminEventInput,
  keep: readonly string[],
  active: boolean | undefined,
  /** The record's new picture, in place of the event's; the event's own kept otherwise. */
  images?: Array<{ imagePath: string; orderIdx: number }>,
): Promise<void> {
  const existing = await findEventById(tx, id);
  if (!existing) return;
  const merged: Record<string, unknown> = { ...event };
  for (const field of keep) {
    if ((EDITABLE_FIELDS as readonly string[]).includes(field)) merged[field] = existing[field as EditableField];
  }
  await saveEvent(
    tx,
    owner,
    {
      ...(merged as AdminEventInput),
      // The images are the event's own (an administrator may have added some), unless its picture changed.
      images: images ?? existing.images.map((i) => ({ imagePath: i.imagePath, orderIdx: i.orderIdx })),
      creatorId: existing.creatorId,
      active,
    },
    existing,
  );
}

/** Takes an event off the map (a record gone from its source twice, a paused or deleted source); never deletes it. */
export async function deactivate(tx: Tx, event: { id: number; uuid: string }): Promise<void> {
  await updateEventColumns(tx, event.id, { active: false, updatedAt: new Date() });
  await refreshEventDays(tx, [event.id]);
  await eventsChanged(tx, { type: 'deactivated', id: event.id, uuid: event.uuid });
}

/** Puts an event back on the map (a resumed source that publishes at once). */
export async function reactivate(tx: Tx, event: { id: number; uuid: string }): Promise<void> {
  await updateEventColumns(tx, event.id, { active: true, updatedAt: new Date() });
  await refreshEventDays(tx, [event.id]);
  await eventsChanged(tx, { type: 'updated', id: event.id, uuid: event.uuid });
}
