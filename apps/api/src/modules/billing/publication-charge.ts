/**
 * The billing side of publishing (plugged into the owner events routes as their PublicationCharge): under the
 * unit plan each publication is a charge intent holding the event as sent; the event is saved (created, or
 * changed for a new publication) by the intent once paid, so a refused payment ("An error occurred during payment",
 * 402) saves nothing, and a crash at any point is finished by the retry, the webhook or the billing job, with one
 * charge. A publication asked again (the same body, for the same event) while or shortly after its intent was paid
 * answers the event that intent saved: the retry of a request whose answer was lost charges nothing more.
 */
import { createHash } from 'node:crypto';
import type { OwnerEventInput } from '@evmap/contract/events';
import type { PublicationCoverage } from '@evmap/contract/unit-publication';
import { notFound } from '../../errors';
import { checkEventInput } from '../events/event-write.service';
import type { PublicationCharge } from '../plans/publication.port';
import { findUserById } from '../users/users.repository';
import { lastPaidPublication, recentPaidPublication } from './charge-intents.repository';
import { chargeNow, finishPendingIntents, type IntentDeps, openIntent } from './charge-intents.service';
import { lockUser } from './subscriptions.repository';

/** A publication asked again within this time after it was paid is taken for a retry of the same request. */
const RETRY_WINDOW_MS = 15 * 60_000;

/** JSON with sorted keys: the same body always has the same fingerprint. */
function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, v]) => `${JSON.stringify(k)}:${stable(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export function publicationCharge(deps: IntentDeps): PublicationCharge {
  return {
    async publish(user, input, existingId) {
      // The plan as committed now, not as it was when the request was authenticated.
      const fresh = await findUserById(deps.db, user.id);
      if (fresh?.planType !== 'unit') return null;
      const { confirmCharge: _confirm, ...body } = input as OwnerEventInput & { confirmCharge?: boolean };
      const fingerprint = createHash('sha256')
        .update(stable({ eventId: existingId ?? null, body }))
        .digest('hex');

      await finishPendingIntents(deps, user.id);
      const retried = await recentPaidPublication(
        deps.db,
        user.id,
        fingerprint,
        new Date(Date.now() - RETRY_WINDOW_MS),
      );
      if (retried?.eventId) return retried.eventId;

      const intent = await deps.db.transaction(async (tx) => {
        const locked = await lockUser(tx, user.id);
        if (!locked) throw notFound();
        await checkEventInput(tx, locked, { ...body, creatorId: locked.id });
        return openIntent(tx, deps, locked, {
          subject: existingId === undefined ? `publication:${fingerprint}` : `event:${existingId}`,
          payload: { kind: 'publication', eventId: existingId ?? null, body, fingerprint },
          purchase: { plan: 'unit', eventTitle: body.titleFr },
          eventId: existingId ?? null,
        });
      });
      const paid = await chargeNow(deps, intent);
      // Paid but not saved (logged by settlePaid): never fall back on an uncharged save.
      if (paid.eventId === null) throw new Error(`publication intent ${paid.id} paid but its event not saved`);
      return paid.eventId;
    },

    async coverage(eventId): Promise<PublicationCoverage | undefined> {
      const last = await lastPaidPublication(deps.db, eventId);
      if (last?.payload.kind !== 'publication') return undefined;
      return last.payload.body as unknown as PublicationCoverage;
    },
  };
}
