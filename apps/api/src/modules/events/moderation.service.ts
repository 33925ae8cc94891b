/**
 * The moderation queue (issue "Admin area", spec sections 6 and 8): events reported by visitors wait here
 * until an administrator acts. An event leaves the queue when its reports are validated
 * (DELETE /connected/admin/events/{id}/signals clears them) or when it is deleted (by an administrator, its
 * owner, or with its owner's account). A deactivated event stays, shown inactive, until it is validated or
 * deleted: deactivating hides it from the map but the reports still wait for a decision.
 */
import type { FastifyInstance } from 'fastify';
import { countReportedEvents, listReportedEvents, type ReportedEvent } from './moderation.repository';

export type ModerationDeps = Pick<FastifyInstance, 'db'>;

export type ModerationPage = { rows: ReportedEvent[]; totalCount: number; page: number; limit: number };

/** GET /connected/admin/moderation (administrators only: the route checks). */
export async function listModerationQueue(
  deps: ModerationDeps,
  query: { page: number; limit: number },
): Promise<ModerationPage> {
  const [rows, totalCount] = await Promise.all([
    listReportedEvents(deps.db, { limit: query.limit, offset: (query.page - 1) * query.limit }),
    countReportedEvents(deps.db),
  ]);
  return { rows, totalCount, page: query.page, limit: query.limit };
}
