/**
 * Possible duplicates (issue 25): records an import linked to an existing event instead of creating another. An
 * administrator sees them in the moderation queue and may split one: the record becomes its own event at once,
 * through the import's write path, keyed by (source, external id) so that later runs update that event and never
 * link the record again.
 */

import type { ErrorKey } from '@evmap/contract/errors';
import { adminCreateEventBodySchema } from '@evmap/contract/events';
import type { ImportLink } from '@evmap/contract/import';
import { AppError, notFound, validationError } from '../../errors';
import { findEventById } from '../events/events.repository';
import { findUserById } from '../users/users.repository';
import { deleteLink, findSource, type LinkListRow, listLinks, lockLink, markImported } from './import.repository';
import type { ImportDeps } from './import.service';
import { createImported } from './import-events';

const iso = (value: Date | string) => new Date(value).toISOString();

function presentLink(row: LinkListRow): ImportLink {
  return {
    id: row.id,
    sourceId: row.sourceId,
    sourceName: row.sourceName,
    externalId: row.externalId,
    title: row.title,
    createdAt: iso(row.createdAt),
    splittable: row.splittable,
    event: {
      id: row.eventId,
      uuid: row.eventUuid,
      handle: row.eventHandle,
      titleFr: row.eventTitleFr,
      titleEn: row.eventTitleEn || row.eventTitleFr,
    },
  };
}

export async function listImportLinks(deps: ImportDeps): Promise<ImportLink[]> {
  return (await listLinks(deps.db)).map(presentLink);
}

/** Splits the link `id`; answers the event created from its record. */
export async function splitImportLink(deps: ImportDeps, id: number) {
  // Only the links the list shows (a live source, a live event).
  if ((await listLinks(deps.db, id)).length === 0) throw notFound();
  return deps.db.transaction(async (tx) => {
    const link = await lockLink(tx, id);
    if (!link) throw notFound();
    const source = await findSource(tx, link.sourceId);
    const owner = source && (await findUserById(tx, source.ownerId));
    if (!source || !owner || owner.deletedAt) throw notFound();
    if (!link.eventBody || !link.importHash) throw new AppError(409, { global: { key: 'importLinkNoRecord' } });
    const parsed = adminCreateEventBodySchema.safeParse(link.eventBody);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw validationError({ [issue.path.join('.') || 'global']: issue.message as ErrorKey });
    }
    const saved = await createImported(tx, owner, parsed.data, source.publishAtOnce && !source.paused);
    await markImported(tx, source.id, [{ id: saved.id, externalId: link.externalId, importHash: link.importHash }]);
    await deleteLink(tx, link.id);
    const event = (await findEventById(tx, saved.id))!;
    return { id: event.id, uuid: event.uuid, handle: event.handle, active: event.active };
  });
}
