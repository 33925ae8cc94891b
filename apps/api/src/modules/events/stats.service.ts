/** Statistics of an event: counted from public pages, read by its owner and by administrators. */

import type { statBodySchema } from '@evmap/contract/events';
import { isUuid } from '@evmap/contract/uuid';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { notFound } from '../../errors';
import type { UserRow } from '../../plugins/auth';
import { findEventById } from './events.repository';
import { ownEvent } from './owner-events.service';
import { countStat, listStats, type StatRow, viewsLastSevenDays } from './stats.repository';

export type StatsDeps = Pick<FastifyInstance, 'db' | 'rateLimiter'>;

/** Hits of one address on the statistics call: a page sends a few per visit; a script cannot inflate counts cheaply. */
export const STATS_LIMIT = { limit: 300, windowMs: 60_000 };

/** POST /public/events/{uuid}/stats: 'click' and 'btn_click' are the same counter. */
export async function recordStat(
  deps: StatsDeps,
  ip: string,
  uuid: string,
  body: z.output<typeof statBodySchema>,
): Promise<void> {
  await deps.rateLimiter.consume({ key: `stats-ip:${ip}`, ...STATS_LIMIT });
  const type = body.type === 'view' ? 'view' : 'btn_click';
  if (!isUuid(uuid) || !(await countStat(deps.db, uuid, { type, value: body.value }))) throw notFound();
}

/** GET /connected/events/{id}/stats: the caller's own, not deleted event. */
export async function ownerEventStats(deps: Pick<StatsDeps, 'db'>, user: UserRow, id: number): Promise<StatRow[]> {
  const event = ownEvent(user, await findEventById(deps.db, id));
  return listStats(deps.db, event.id);
}

/** GET /connected/events/views: the caller's events' views over the last 7 days, for the profile's list. */
export function ownEventViews(deps: Pick<StatsDeps, 'db'>, user: UserRow) {
  return viewsLastSevenDays(deps.db, user.id);
}

/** GET /connected/admin/events/{id}/stats: any event, deleted ones included. */
export async function adminEventStats(deps: Pick<StatsDeps, 'db'>, id: number): Promise<StatRow[]> {
  const event = await findEventById(deps.db, id);
  if (!event) throw notFound();
  return listStats(deps.db, event.id);
}
