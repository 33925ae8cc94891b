/**
 * User management in the admin area (spec sections 5, 6, 7 and 9): list and search, create with a mailed
 * link to choose a password, edit (type both ways, plan, trial end, email without verification), delete.
 */
import type { AdminUserValues } from '@evmap/contract/admin-users';
import type { Lang } from '@evmap/contract/enums';
import { conflict, forbidden, notFound } from '../../errors';
import { accountCreatedMail } from '../../lib/mail-templates';
import { hashPassword } from '../../lib/passwords';
import { newToken } from '../../lib/secrets';
import { foldText, searchText } from '../../lib/text';
import type { UserRow } from '../../plugins/auth';
import { sendChangeNotice, sendPasswordLink } from '../auth/account-links';
import { trialEnd } from '../auth/auth.service';
import type { AccountDeps } from '../auth/auth.types';
import { type AccountDeletionDeps, eraseUser } from '../me/account-deletion.service';
import { assertPostalCodesAgree } from '../users/address-rules';
import { findUserByEmail, findUserById, insertUser, type UserPatch, updateUser } from '../users/users.repository';
import { adminSetPlan } from './admin-plans.service';
import { listUsers, type UserListFilter } from './admin-users.repository';

/** The link of a created account stays valid a week. */
export const ACCOUNT_LINK_TTL_MS = 7 * 24 * 60 * 60_000;

async function existingUser(deps: Pick<AccountDeps, 'db'>, id: number): Promise<UserRow> {
  const user = await findUserById(deps.db, id);
  if (!user) throw notFound();
  return user;
}

/** GET /connected/admin/users */
export async function listUsersForAdmin(
  deps: Pick<AccountDeps, 'db'>,
  query: Omit<UserListFilter, 'search'> & { search?: string },
) {
  const search = query.search ? foldText(query.search) : undefined;
  const { rows, totalCount } = await listUsers(deps.db, { ...query, search });
  return { rows, totalCount, page: query.page, limit: query.limit };
}

/** GET /connected/admin/users/id/:id */
export const getUserForAdmin = existingUser;

/**
 * POST /connected/admin/users: an event-manager on a trial by default, terms accepted, in the admin's language.
 * The account gets a random password; the user is mailed a link (valid 7 days) to choose their own.
 */
export async function adminCreateUser(deps: AccountDeps, body: AdminUserValues, lang: Lang): Promise<UserRow> {
  const { email, type = 'event-manager', planType, trialEndedAt, ...profile } = body;
  assertPostalCodesAgree(undefined, profile);
  if (await findUserByEmail(deps.db, email)) throw conflict('email', 'emailExists');
  const plan = planType !== undefined ? planType : type === 'event-manager' ? 'trial' : null;
  // A concurrent create of the same email fails on the unique index: the error handler answers the same 409.
  const user = await insertUser(deps.db, {
    ...profile,
    email,
    type,
    isAdmin: false,
    passwordHash: await hashPassword(newToken()),
    preferredLang: profile.preferredLang ?? lang,
    acceptTerms: true,
    acceptCommunications: profile.acceptCommunications ?? false,
    country: profile.country === undefined ? 'CA' : profile.country,
    planType: plan,
    trialEndedAt:
      trialEndedAt !== undefined ? trialEndedAt : plan === 'trial' ? trialEnd(deps.config.trialMonths) : null,
    searchText: searchText(profile.name, email),
  });
  await sendPasswordLink(deps, user, accountCreatedMail, ACCOUNT_LINK_TTL_MS);
  return user;
}

/**
 * PUT /connected/admin/users/:id: the email changes at once (no verification), except that of user 1 or of another
 * administrator (403); a viewer made event-manager without a plan starts a trial; a plan change goes through
 * adminSetPlan.
 */
export async function adminUpdateUser(
  deps: AccountDeps,
  admin: UserRow,
  id: number,
  body: AdminUserValues,
): Promise<UserRow> {
  const user = await existingUser(deps, id);
  const { email, type, planType, trialEndedAt, ...profile } = body;
  const patch: UserPatch = { ...profile, searchText: searchText(profile.name, email) };
  assertPostalCodesAgree(user, patch);

  if (email !== user.email) {
    // An address set here counts as verified, and a reset link to it takes the account: never for user 1 or
    // another administrator, whose identity only they change (through their own settings).
    if (user.id !== admin.id && (user.id === 1 || user.isAdmin)) throw forbidden('identityProtected');
    const owner = await findUserByEmail(deps.db, email);
    if (owner && owner.id !== id) throw conflict('email', 'emailExists');
    patch.email = email;
    // An address set by an administrator counts as verified.
    if (user.unverifiedEmail === user.email || user.unverifiedEmail === email) patch.unverifiedEmail = null;
  }
  if (type !== undefined) patch.type = type;
  if (trialEndedAt !== undefined) patch.trialEndedAt = trialEndedAt;
  const becomesManager = type === 'event-manager' && user.type !== 'event-manager';
  const plan = planType !== undefined ? planType : becomesManager && !user.planType ? 'trial' : undefined;

  const updated = await deps.db.transaction(async (tx) => {
    const row = await updateUser(tx, id, patch);
    return plan === undefined ? row : adminSetPlan(deps, admin, id, plan, tx);
  });
  // The old address is told, with a way back if this was not wanted.
  if (patch.email !== undefined) await sendChangeNotice(deps, updated, 'email', user.email);
  return updated;
}

/**
 * DELETE /connected/admin/users/id/:id: the account is erased as its owner's deletion does (account-deletion.service);
 * never the administrator themselves nor user 1. An account deleted before erasure existed is erased again.
 */
export async function adminDeleteUser(deps: AccountDeletionDeps, admin: UserRow, id: number): Promise<void> {
  if (id === admin.id || id === 1) throw forbidden('cannotDeleteAdmin');
  await existingUser(deps, id);
  await eraseUser(deps, id, { id: admin.id, admin: true });
}
