/** The signed-in user's own account: profile, email change, avatar, upgrade, password, deletion. */

import { isPendingVerification } from '@evmap/contract/account-rules';
import type { UpdateMeBody } from '@evmap/contract/users';
import { conflict, forbidden, validationError } from '../../errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { searchText } from '../../lib/text';
import type { UserRow } from '../../plugins/auth';
import { sendChangeNotice } from '../auth/account-links';
import { trialEnd } from '../auth/auth.service';
import type { AccountDeps } from '../auth/auth.types';
import { issueVerificationCode, reserveCodeSend } from '../auth/verification.service';
import { insertPlanChange } from '../billing/subscriptions.repository';
import { findOwnUpload, holdUploads } from '../uploads/uploads.repository';
import { assertPostalCodesAgree } from '../users/address-rules';
import { findUserByEmail, revokeTokens, type UserPatch, updateUser } from '../users/users.repository';
import { type AccountDeletionDeps, eraseUser } from './account-deletion.service';

type UpdateMe = Omit<UpdateMeBody, 'type'> & { type?: 'viewer' | 'event-manager' };

/**
 * PUT /connected/me. A new email waits in unverifiedEmail until its code is confirmed. Becoming an event-manager
 * needs a verified address, as signing up as one does: the account waits for the code mailed to its address
 * (isPendingVerification), and may not publish until it is entered.
 */
export async function updateMe(deps: AccountDeps, user: UserRow, body: UpdateMe): Promise<UserRow> {
  const { email, imagePath, type, ...profile } = body;
  const patch: UserPatch = { ...(profile as UserPatch) };
  assertPostalCodesAgree(user, patch);

  if (type === 'viewer' && user.type === 'event-manager') throw forbidden('cannotDowngrade');
  const becomesManager = type === 'event-manager' && user.type === 'viewer';
  if (becomesManager) {
    // The one trial of an account: one that had it already (made a viewer by an administrator) starts it ended.
    const trialEndedAt = user.trialUsed ? new Date() : trialEnd(deps.config.trialMonths);
    Object.assign(patch, { type, planType: 'trial', trialEndedAt });
  }
  // A viewer's address was never verified: an organisation's first verification starts now.
  const firstVerification = isPendingVerification(user) || (becomesManager && !user.isAdmin);

  let codeTo: string | undefined;
  if (email !== undefined && email !== user.email) {
    const owner = await findUserByEmail(deps.db, email);
    if (owner && owner.id !== user.id) throw conflict('email', 'emailExists');
    codeTo = email;
    patch.unverifiedEmail = email;
    // Before the first verification there is no verified address to keep: the new one replaces it, still
    // waiting for its code (otherwise a new address would lift the first verification without any code).
    if (firstVerification) patch.email = email;
  } else if (becomesManager && !user.isAdmin) {
    codeTo = user.email;
    patch.unverifiedEmail = user.email;
  }
  // The code limits are checked before anything is saved: a refused change keeps the account as it was.
  if (codeTo) await reserveCodeSend(deps, user, codeTo);

  if (imagePath !== undefined) {
    if (imagePath === null || imagePath === '') {
      Object.assign(patch, { imagePath: null, imageFormats: [] });
    } else {
      const upload = await findOwnUpload(deps.db, user.id, 'users', imagePath);
      if (!upload) throw validationError({ imagePath: { key: 'fieldInvalid', params: { field: 'imagePath' } } });
      Object.assign(patch, { imagePath: upload.path, imageFormats: upload.formats });
    }
  }

  const name = patch.name === undefined ? user.name : patch.name;
  patch.searchText = searchText(name, patch.email ?? user.email);
  const updated = await deps.db.transaction(async (tx) => {
    // The new avatar, held until saved: the uploads' collection job skips it meanwhile, or has discarded it.
    if (patch.imagePath) {
      const [held] = await holdUploads(tx, [patch.imagePath]);
      if (!held) throw validationError({ imagePath: { key: 'fieldInvalid', params: { field: 'imagePath' } } });
    }
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
  if (codeTo) await issueVerificationCode(deps, updated, codeTo, { reserved: true });
  return updated;
}

/** PUT /connected/me/password: the current password must match; every other session ends; the address is told. */
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
  // The account's address is told, with a way back if this was not its owner.
  await sendChangeNotice(deps, updated, 'password', updated.email);
  return { user: updated, jwt: deps.signToken(updated) };
}

/** DELETE /connected/me: the account is erased (account-deletion.service.ts); never an administrator's. */
export async function deleteMe(deps: AccountDeletionDeps, user: UserRow): Promise<void> {
  if (user.isAdmin || user.id === 1) throw forbidden('cannotDeleteAdmin');
  await eraseUser(deps, user.id, { id: user.id, admin: false });
}
