/** The queries of an account's erasure (account-deletion.service.ts) on other modules' tables. */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { contactMessages } from '../../db/schema/contact-messages';
import { events } from '../../db/schema/events';
import { favorites } from '../../db/schema/favorites';
import { newsletterSubscriptions } from '../../db/schema/newsletter-subscriptions';
import { passwordResetTokens } from '../../db/schema/password-reset-tokens';
import { verificationCodes } from '../../db/schema/verification-codes';

/** The user's events not deleted yet. */
export function liveEventsOf(tx: Executor, userId: number): Promise<Array<{ id: number; uuid: string }>> {
  return tx
    .select({ id: events.id, uuid: events.uuid })
    .from(events)
    .where(and(eq(events.creatorId, userId), isNull(events.deletedAt)));
}

/** Takes `folded` (the folded email) out of the admin search text of the user's events. */
export async function dropFromEventsSearchText(tx: Executor, userId: number, folded: string): Promise<void> {
  await tx
    .update(events)
    .set({ searchText: sql`trim(replace(${events.searchText}, ${folded}, ''))` })
    .where(eq(events.creatorId, userId));
}

/**
 * Deletes the user's favourites, verification codes, password-reset links and contact-form messages, and the
 * newsletter subscriptions of `addresses`.
 */
export async function deletePersonalRows(tx: Executor, userId: number, addresses: string[]): Promise<void> {
  await tx.delete(favorites).where(eq(favorites.userId, userId));
  await tx.delete(verificationCodes).where(eq(verificationCodes.userId, userId));
  await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
  await tx.delete(contactMessages).where(eq(contactMessages.userId, userId));
  if (addresses.length > 0) {
    await tx.delete(newsletterSubscriptions).where(inArray(newsletterSubscriptions.email, addresses));
  }
}
