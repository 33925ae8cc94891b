/** Sign-up, sign-in and password reset by mailed link (spec sections 4, 5, 7 and 8). */
import type { Lang } from '@evmap/contract/enums';
import { isUuid } from '@evmap/contract/uuid';
import { conflict, forbidden, rateLimited, validationError } from '../../errors';
import { passwordResetMail } from '../../lib/mail-templates';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { secretHash } from '../../lib/secrets';
import { searchText } from '../../lib/text';
import type { UserRow } from '../../plugins/auth';
import {
  findUserByEmail,
  findUserById,
  insertUser,
  revokeTokens,
  type UserPatch,
  updateUser,
} from '../users/users.repository';
import { sendChangeNotice, sendPasswordLink, stampMatches } from './account-links';
import type { AccountDeps } from './auth.types';
import { claimResetToken, endResetTokens, findResetToken } from './reset-tokens.repository';
import { issueVerificationCode, reserveCodeSend } from './verification.service';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Sign-in limits (OWASP Authentication Cheat Sheet: lockout per account and source, growing delays, device cookies):
 * - every attempt of one address counts (`perIp`), whatever the account;
 * - failures on one account from one source (its address, or a known device) lock that pair only: 5 failures
 *   are free, then the pair waits 15 minutes, 30 after the next failure, 60… at most a day, so a stranger's guesses
 *   never lock the owner out of their own address or device;
 * - failures on one account from everywhere (`perAccount`) stop a distributed guess: past it, only the account's
 *   known devices (an `X-Session-Id` that signed in or reset the password before) may still sign in.
 * A successful sign-in clears its pair; a password reset (or change) clears every lock of the account.
 */
export const LOGIN_LIMITS = {
  perIp: { limit: 30, windowMs: 15 * MINUTE },
  perPair: { freeFailures: 5, windowMs: DAY, lockMs: 15 * MINUTE, maxLockMs: DAY },
  perAccount: { limit: 100, windowMs: HOUR },
  knownDeviceMs: 180 * DAY,
};

/** Who signs in: their address and, when the web app sent one, their browser's X-Session-Id. */
export type LoginClient = { ip: string; sessionId?: string | string[] | undefined };

/** The end of a trial started now. */
export function trialEnd(months: number, from = new Date()): Date {
  const end = new Date(from);
  end.setUTCMonth(end.getUTCMonth() + months);
  return end;
}

type Signup = {
  type: 'viewer' | 'event-manager';
  name?: string | null;
  email: string;
  password: string;
  acceptCommunications: boolean;
  preferredLang?: Lang;
};

/** PUT /public/auth/signup: an event-manager starts a trial and must verify their email. */
export async function signup(deps: AccountDeps, body: Signup, lang: Lang, ip: string) {
  await deps.rateLimiter.consume({ key: `signup-ip:${ip}`, limit: 20, windowMs: 60 * MINUTE });
  if (await findUserByEmail(deps.db, body.email)) throw conflict('email', 'emailExists');
  const manager = body.type === 'event-manager';
  // The address's daily code cap is checked before the account exists: a refused code creates nothing.
  if (manager) await reserveCodeSend(deps, undefined, body.email);
  const name = body.name?.trim() || null;
  // A sign-up racing this one for the same email is answered 409 by the error handler (lib/db-errors.ts).
  const user = await insertUser(deps.db, {
    type: body.type,
    name,
    email: body.email,
    passwordHash: await hashPassword(body.password),
    preferredLang: body.preferredLang ?? lang,
    acceptTerms: true,
    acceptCommunications: body.acceptCommunications,
    country: 'CA',
    planType: manager ? 'trial' : null,
    trialEndedAt: manager ? trialEnd(deps.config.trialMonths) : null,
    unverifiedEmail: manager ? body.email : null,
    searchText: searchText(name, body.email),
  });
  if (manager) {
    await reserveCodeSend(deps, user, undefined);
    await issueVerificationCode(deps, user, body.email, { reserved: true });
  }
  return { jwt: deps.signToken(user), user };
}

/** The keyed hash of a client's X-Session-Id (a UUID), the id of a device; undefined without one. */
function deviceOf(deps: AccountDeps, client: LoginClient): string | undefined {
  const sessionId = Array.isArray(client.sessionId) ? client.sessionId[0] : client.sessionId;
  return isUuid(sessionId) ? secretHash(deps.config.jwtSecret, `device:${sessionId.toLowerCase()}`) : undefined;
}

const deviceKey = (userId: number, device: string) => `login-device:${userId}:${device}`;

/** Remembers the client's device as one the user signed in from, for LOGIN_LIMITS.knownDeviceMs. */
async function rememberDevice(deps: AccountDeps, user: UserRow, client: LoginClient): Promise<void> {
  const device = deviceOf(deps, client);
  if (!device) return;
  const key = deviceKey(user.id, device);
  await deps.rateLimiter.store.reset(key);
  await deps.rateLimiter.store.hit(key, LOGIN_LIMITS.knownDeviceMs);
}

/** POST /public/auth/login, under LOGIN_LIMITS. */
export async function login(deps: AccountDeps, email: string, password: string, client: LoginClient) {
  const { store } = deps.rateLimiter;
  await deps.rateLimiter.consume({ key: `login-ip:${client.ip}`, ...LOGIN_LIMITS.perIp });
  const user = await findUserByEmail(deps.db, email);
  // The token version is raised by a password reset or change: every lock of the older version is gone.
  const account = `${email}:${user?.tokenVersion ?? 0}`;
  const device = deviceOf(deps, client);
  const known = user !== undefined && device !== undefined && (await store.get(deviceKey(user.id, device))).count > 0;
  const source = known ? `device:${device}` : `ip:${client.ip}`;
  const pairKey = `login-pair:${account}:${source}`;
  const lockKey = `login-lock:${account}:${source}`;
  const accountKey = `login-account:${account}`;

  const lock = await store.get(lockKey);
  if (lock.count > 0) throw rateLimited('rateLimited', (lock.resetAt - Date.now()) / 1000);
  if (!known) await deps.rateLimiter.check({ key: accountKey, limit: LOGIN_LIMITS.perAccount.limit });

  const fail = async () => {
    const { freeFailures, windowMs, lockMs, maxLockMs } = LOGIN_LIMITS.perPair;
    const failures = await store.hit(pairKey, windowMs);
    await store.hit(accountKey, LOGIN_LIMITS.perAccount.windowMs);
    if (failures.count >= freeFailures) {
      await store.reset(lockKey);
      await store.hit(lockKey, Math.min(lockMs * 2 ** (failures.count - freeFailures), maxLockMs));
    }
  };
  if (!user) {
    await fail();
    throw validationError({ email: 'emailNotFound' });
  }
  if (user.deletedAt) throw forbidden('accountDeleted');
  if (!(await verifyPassword(user.passwordHash, password))) {
    await fail();
    throw validationError({ password: 'passwordInvalid' });
  }
  await store.reset(pairKey);
  await rememberDevice(deps, user, client);
  return { jwt: deps.signToken(user), user };
}

/**
 * POST /public/auth/forgot-pwd: mails a single-use link valid one hour. Answers the same whether the
 * address exists or not; only an existing, active account receives a mail.
 */
export async function forgotPassword(deps: AccountDeps, email: string, ip: string): Promise<void> {
  await deps.rateLimiter.consume({ key: `forgot-ip:${ip}`, limit: 10, windowMs: 60 * MINUTE });
  await deps.rateLimiter.consume({ key: `forgot-email:${email}`, limit: 5, windowMs: 60 * MINUTE });
  const user = await findUserByEmail(deps.db, email);
  if (!user || user.deletedAt) return;
  await sendPasswordLink(deps, user, passwordResetMail);
}

/**
 * PUT /public/auth/change-pwd: sets the password from a mailed link, signs the user in. The new token version
 * ends every other session and clears every sign-in lock of the account, and the device becomes a known one (its
 * owner reads the mailbox). A reset link works only while the account's email and password are those it was sent
 * for; a "this was not me" link also gives the account back to the address it was mailed to. Using a link ends the
 * other reset links (and, for a "not me" link, every link); a reset never ends a "not me" link, so whoever changed
 * the email cannot take the way back from the old address.
 */
export async function changePasswordByToken(deps: AccountDeps, token: string, password: string, client: LoginClient) {
  await deps.rateLimiter.consume({ key: `reset-ip:${client.ip}`, limit: 20, windowMs: 15 * MINUTE });
  const hash = secretHash(deps.config.jwtSecret, token);
  const row = await findResetToken(deps.db, hash);
  if (!row) throw validationError({ token: 'tokenNotFound' });
  if (row.usedAt || row.expiresAt.getTime() < Date.now()) throw validationError({ token: 'tokenInvalid' });
  const owner = await findUserById(deps.db, row.userId);
  if (!owner || owner.deletedAt) throw forbidden('accountDeleted');
  const notMe = row.purpose === 'not-me';
  if (!notMe && !stampMatches(deps.config.jwtSecret, row.accountStamp, owner)) {
    throw validationError({ token: 'tokenInvalid' });
  }
  const passwordHash = await hashPassword(password);
  const user = await deps.db.transaction(async (tx) => {
    if (!(await claimResetToken(tx, row.id, new Date()))) throw validationError({ token: 'tokenInvalid' });
    await endResetTokens(tx, row.userId, new Date(), notMe ? undefined : 'reset');
    const patch: UserPatch = { passwordHash };
    if (notMe) {
      // Back to the address the notice went to, unless another account has taken it since.
      patch.unverifiedEmail = null;
      const taken = row.email && row.email !== owner.email ? await findUserByEmail(tx, row.email) : undefined;
      if (row.email && row.email !== owner.email && !taken) {
        patch.email = row.email;
        patch.searchText = searchText(owner.name, row.email);
      }
    }
    await updateUser(tx, row.userId, patch);
    return revokeTokens(tx, row.userId);
  });
  await rememberDevice(deps, user, client);
  // The account's address is told, with its own way back (not after a "not me" link: its owner just used it).
  if (!notMe) await sendChangeNotice(deps, user, 'password', user.email);
  return { jwt: deps.signToken(user), user };
}
