/**
 * Deleting an account (DELETE /connected/me, and an administrator's DELETE /connected/admin/users/id/:id), under
 * PIPEDA and Québec's Law 25: what identifies the person is erased, what the law requires for invoices is kept.
 *
 * - The user row stays (invoices, plan history and the organisation's deleted events refer to its id) but holds
 *   nothing personal any more: name, email (replaced by `deleted-<id>@deleted.invalid`, so the address can sign up
 *   again), pending email, password hash, phone, website, addresses, billing address, avatar, customer reference
 *   and search text are erased; every token stops working.
 * - Favourites, verification codes, password-reset links, contact-form messages and the newsletter subscription of
 *   the address are deleted.
 * - The organisation's events are deleted for good, as an owner's deletion does (they leave the map and the lists;
 *   the admin list shows them as deleted), images included.
 * - The uploads (avatar, event images) nobody else shows are deleted, rows and files (local or S3).
 * - Billing: cards and customer removed at the provider, the subscription ended, card rows deleted; invoices keep
 *   their number, lines, amounts, taxes and the business name and billing address printed on them, not the email.
 */

import type { FastifyInstance } from 'fastify';
import { notFound } from '../../errors';
import { foldText } from '../../lib/text';
import type { AccountDeps } from '../auth/auth.types';
import { closeBilling, forgetAtProvider } from '../billing/account-closure';
import { lockUser } from '../billing/subscriptions.repository';
import { softDeleteEvent } from '../events/event-write.service';
import { discardUserUploads, purgeNow } from '../uploads/uploads-gc';
import { findUserById, revokeTokens, updateUser } from '../users/users.repository';
import { deletePersonalRows, dropFromEventsSearchText, liveEventsOf } from './account-deletion.repository';

export type AccountDeletionDeps = AccountDeps & Pick<FastifyInstance, 'payments'>;

/** The email a deleted account keeps: unique, undeliverable (RFC 2606), and naming nobody. */
export const erasedEmail = (userId: number) => `deleted-${userId}@deleted.invalid`;
/** Never an argon2 hash: no password matches it. */
const NO_PASSWORD = '!deleted';

/** Erases user `userId` (see above); `by` is who asks. Deleting an already deleted account erases it again. */
export async function eraseUser(
  deps: AccountDeletionDeps,
  userId: number,
  by: { id: number; admin: boolean },
): Promise<void> {
  const before = await findUserById(deps.db, userId);
  if (!before) throw notFound();
  await forgetAtProvider(deps.db, deps.payments, before);

  await deps.db.transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    if (!user) throw notFound();
    const now = new Date();
    const addresses = [user.email, user.unverifiedEmail].filter((e): e is string => Boolean(e));

    const owned = await liveEventsOf(tx, userId);
    for (const event of owned) await softDeleteEvent(tx, event);
    // The admin search text of the organisation's events carried its email.
    const folded = foldText(user.email);
    if (folded) await dropFromEventsSearchText(tx, userId, folded);

    await deletePersonalRows(tx, userId, addresses);
    const { planType } = await closeBilling(tx, user, by, now);

    await updateUser(tx, userId, {
      name: null,
      email: erasedEmail(userId),
      unverifiedEmail: null,
      passwordHash: NO_PASSWORD,
      phoneNumber: null,
      website: null,
      address: null,
      city: null,
      zipcode: null,
      state: null,
      country: null,
      billingAddress: null,
      billingCity: null,
      billingZipcode: null,
      billingState: null,
      billingCountry: null,
      planType,
      trialNoticeSentAt: null,
      acceptCommunications: false,
      imagePath: null,
      imageFormats: [],
      providerCustomerId: null,
      searchText: '',
      deletedAt: user.deletedAt ?? now,
    });
    await revokeTokens(tx, userId);
    await discardUserUploads(tx, userId);
  });
  await purgeNow(deps);
}
