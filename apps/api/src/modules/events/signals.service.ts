/**
 * Reports ("signals") of an event: raised once per visitor, cleared by an administrator after review.
 * A visitor is their X-Session-Id when it is a UUID, otherwise a keyed hash of their address (never the address).
 */
import { isUuid } from '@evmap/contract/event-actions';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../errors';
import { secretHash } from '../../lib/secrets';
import { type EventRecord, eventsChanged, findEventById } from './events.repository';
import { clearSignals, insertSignal } from './signals.repository';

export type SignalDeps = Pick<FastifyInstance, 'db' | 'rateLimiter' | 'config'>;

/** Reports of one address: enough for a family or an office behind one address, not for a script. */
export const SIGNAL_LIMIT = { limit: 30, windowMs: 60 * 60_000 };

/** The key a report is counted under: `session:<uuid>`, or `ip:<HMAC-SHA256 of the address>`. */
export function visitorKey(secret: string, sessionId: string | string[] | undefined, ip: string): string {
  const session = Array.isArray(sessionId) ? sessionId[0] : sessionId;
  return isUuid(session) ? `session:${session.toLowerCase()}` : `ip:${secretHash(secret, ip)}`;
}

/** POST /public/events/{uuid}/signal */
export async function signalEvent(
  deps: SignalDeps,
  visitor: { ip: string; sessionId: string | string[] | undefined },
  uuid: string,
): Promise<void> {
  await deps.rateLimiter.consume({ key: `signal-ip:${visitor.ip}`, ...SIGNAL_LIMIT });
  if (!isUuid(uuid)) throw notFound();
  const key = visitorKey(deps.config.jwtSecret, visitor.sessionId, visitor.ip);
  await deps.db.transaction(async (tx) => {
    const event = await insertSignal(tx, uuid, key);
    if (!event) throw notFound();
    // The count is shown with the event: maps and caches must see it.
    if (event.counted) await eventsChanged(tx, { type: 'updated', id: event.id, uuid: event.uuid });
  });
}

/** DELETE /connected/admin/events/{id}/signals: the reports were reviewed. */
export async function clearEventSignals(deps: Pick<SignalDeps, 'db'>, id: number): Promise<EventRecord> {
  await deps.db.transaction(async (tx) => {
    const event = await findEventById(tx, id);
    if (!event) throw notFound();
    await clearSignals(tx, event.id);
    await eventsChanged(tx, { type: 'updated', id: event.id, uuid: event.uuid });
  });
  return (await findEventById(deps.db, id))!;
}
