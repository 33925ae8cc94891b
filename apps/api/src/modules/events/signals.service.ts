/**
 * Reports ("signals") of an event: raised once per client address and once per signed-in user, cleared by an
 * administrator after review. A client chooses its X-Session-Id, not its address (docs/security.md, "Rate limits and
 * proxies"): the session id counts for nothing. Addresses are kept only as keyed hashes.
 */
import { isUuid } from '@evmap/contract/event-actions';
import type { SignalReason } from '@evmap/contract/signal-reasons';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../errors';
import { addressNetwork } from '../../lib/client-address';
import { secretHash } from '../../lib/secrets';
import { type EventRecord, eventsChanged, findEventById } from './events.repository';
import { clearSignals, insertSignal } from './signals.repository';

export type SignalDeps = Pick<FastifyInstance, 'db' | 'rateLimiter' | 'config'>;

/** Reports of one address: enough for a family or an office behind one address, not for a script. */
export const SIGNAL_LIMIT = { limit: 30, windowMs: 60 * 60_000 };

/**
 * The keys a report is recorded under: `ip:<HMAC-SHA256 of the address, an IPv6 one by its /64>`, and `user:<id>` when signed in.
 * It counts only when none of them reported the event before.
 */
export function reporterKeys(secret: string, ip: string, userId: number | undefined): string[] {
  const keys = [`ip:${secretHash(secret, ip)}`];
  if (userId !== undefined) keys.push(`user:${userId}`);
  return keys;
}

/** POST /public/events/{uuid}/signal */
export async function signalEvent(
  deps: SignalDeps,
  reporter: { ip: string; userId: number | undefined },
  uuid: string,
  reason?: SignalReason,
): Promise<void> {
  // An IPv6 client is counted by its /64, as one subscriber.
  const network = addressNetwork(reporter.ip);
  await deps.rateLimiter.consume({ key: `signal-ip:${network}`, ...SIGNAL_LIMIT });
  if (!isUuid(uuid)) throw notFound();
  const keys = reporterKeys(deps.config.jwtSecret, network, reporter.userId);
  await deps.db.transaction(async (tx) => {
    const event = await insertSignal(tx, uuid, keys, reason ?? null);
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
