/** The signed-in user's own account: profile, email change, avatar, upgrade, password, deletion. */

import { isPendingVerification } from '@evmap/contract/account-rules';
import type { UpdateMeBody } from '@evmap/contract/users';
import { and, eq, isNull } from 'drizzle-orm';
import { events } from '../../db/schema/events';
import { uploads } from '../../db/schema/uploads';
import { conflict, forbidden, validationError } from '../../errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { searchText } from '../../lib/text';
import type { UserRow } from '../../plugins/auth';
import { trialEnd } from '../auth/auth.service';
import type { AccountDeps } from '../auth/deps';
import { issueVerificationCode, reserveCodeSend } from '../auth/verification.service';
import { insertPlanChange } from '../billing/subscriptions.repository';
import { refreshEventDays } from '../events/event-days.repository';
import { eventsChanged } from '../events/events.repository';
import { findUserByEmail, revokeTokens, type UserPatch, updateUser } from '../users/users.repository';

type UpdateMe = Omit<UpdateMeBody, 'type'> & { type?: 'viewer' | 'event-manager' };

/** PUT /connected/me. A new email waits in unverifiedEmail until its code is confirmed. */
export async function updateMe(deps: AccountDeps, user: UserRow, body: UpdateMe): Promise<UserRow> {
  const { email, imagePath, type, ...profile } = body;
  const patch: UserPatch = { ...(profile as UserPatch) };

  if (type === 'viewer' && user.type === 'event-manager') throw forbidden('cannotDowngrade');
  if (type === 'event-manager' && user.type === 'viewer') {
    Object.assign(patch, { type, planType: 'trial', trialEndedAt: trialEnd(deps.config.trialMonths) });
  }

  let newEmail: string | undefined;
  if (email !== undefined && email !== user.email) {
    const owner = await findUserByEmail(deps.db, email);
    if (owner && owner.id !== user.id) throw conflict('email', 'emailExists');
    newEmail = email;
    patch.unverifiedEmail = email;
    // Before the first verification there is no verified address to keep: the new one replaces it, still
    // waiting for its code (otherwise a new address would lift the first verification without any code).
    if (isPendingVerification(user)) patch.email = email;
    // The code limit is checked before anything is saved: a refused change keeps the account as it was.
    await reserveCodeSend(deps, user);
  }

  if (imagePath !== undefined) {
    if (imagePath === null || imagePath === '') {
      Object.assign(patch, { imagePath: null, imageFormats: [] });
    } else {
      const [upload] = await deps.db
        .select()
        .from(uploads)
        .where(and(eq(uploads.path, imagePath), eq(uploads.userId, user.id), eq(uploads.folder, 'users')));
      if (!upload) throw validationError({ imagePath: { key: 'fieldInvalid', params: { field: 'imagePath' } } });
      Object.assign(patch, { imagePath: upload.path, imageFormats: upload.formats });
    }
  }

  const name = patch.name === undefined ? user.name : patch.name;
  patch.searchText = searchText(name, patch.email ?? user.email);
  const updated = await deps.db.transaction(async (tx) => {
    const row = await updateUser(tx, user.id, patch);
    // Becoming an event-manager starts a trial: a plan transition, recorded like every other one.
    if (patch.planType !== undefined && patch.planType !== user.planType) {
      await insertPlanChange(tx, {
        userId: user.id,
        changedBy: user.id,
        fromPlan: user.planType,
        toPlan: patch.planType,
        source: 'user',
      });
    }
    return row;
  });
  if (newEmail) await issueVerificationCode(deps, updated, newEmail, { reserved: true });
  return updated;
}

/** PUT /connected/me/password: the current password must match; every other session ends. */
export async function changeMyPassword(
  deps: AccountDeps,
  user: UserRow,
  body: { currentPassword: string; newPassword: string; confirmNewPassword: string },
) {
  if (body.newPassword !== body.confirmNewPassword)
    throw validationError({ confirmNewPassword: 'passwordsDoNotMatch' });
  await deps.rateLimiter.consume({ key: `password-change:${user.id}`, limit: 10, windowMs: 15 * 60_000 });
  if (!(await verifyPassword(user.passwordHash, body.currentPassword))) {
    throw validationError({ currentPassword: 'passwordInvalid' });
  }
  const passwordHash = await hashPassword(body.newPassword);
  const updated = await deps.db.transaction(async (tx) => {
    await updateUser(tx, user.id, { passwordHash });
    return revokeTokens(tx, user.id);
  });
  return { user: updated, jwt: deps.signToken(updated) };
}

/**
 * DELETE /connected/me (and admin deletion): soft delete. The email stays taken (signing in says the account
 * was deleted), the user's events leave the map, and every token stops working.
 */
export async function softDeleteUser(deps: Pick<AccountDeps, 'db'>, userId: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const now = new Date();
    await updateUser(tx, userId, { deletedAt: now });
    await revokeTokens(tx, userId);
    const removed = await tx
      .update(events)
      .set({ deletedAt: now, updatedAt: now })
      .where(and(eq(events.creatorId, userId), isNull(events.deletedAt)))
      .returning({ id: events.id, uuid: events.uuid });
    await refreshEventDays(
      tx,
      removed.map((e) => e.id),
    );
    // The map caches and open maps learn that these events are gone.
    for (const event of removed) await eventsChanged(tx, { type: 'deleted', ...event });
  });
}

export async function deleteMe(deps: AccountDeps, user: UserRow): Promise<void> {
  if (user.isAdmin || user.id === 1) throw forbidden('cannotDeleteAdmin');
  await softDeleteUser(deps, user.id);
}
