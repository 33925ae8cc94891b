/** Sign-up, sign-in and password reset by mailed link (spec sections 4, 5, 7 and 8). */
import type { Lang } from '@evmap/contract/enums';
import { isUuid } from '@evmap/contract/event-actions';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { passwordResetTokens } from '../../db/schema/password-reset-tokens';
import { conflict, forbidden, rateLimited, validationError } from '../../errors';
import { passwordResetMail } from '../../lib/mail-templates';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { newToken, secretHash } from '../../lib/secrets';
import { searchText } from '../../lib/text';
import type { UserRow } from '../../plugins/auth';
import { findUserByEmail, findUserById, insertUser, revokeTokens, updateUser } from '../users/users.repository';
import type { AccountDeps } from './deps';
import { issueVerificationCode } from './verification.service';

const MINUTE = 60_000;
const RESET_TOKEN_TTL_MS = 60 * MINUTE;
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
  if (manager) await issueVerificationCode(deps, user, body.email);
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

/** Creates a reset token for `user` and mails its link with the given template. */
export async function sendPasswordLink(
  deps: Omit<AccountDeps, 'db'> & { db: Executor },
  user: UserRow,
  template: (lang: Lang, url: string) => { subject: string; text: string; html: string },
  ttlMs = RESET_TOKEN_TTL_MS,
): Promise<void> {
  const token = newToken();
  await deps.db.insert(passwordResetTokens).values({
    userId: user.id,
    tokenHash: secretHash(deps.config.jwtSecret, token),
    expiresAt: new Date(Date.now() + ttlMs),
  });
  const url = `${deps.config.appUrl}/#/auth/change-pwd?token=${encodeURIComponent(token)}`;
  await deps.mailer.send({ to: user.email, ...template(user.preferredLang === 'fr' ? 'fr' : 'en', url) });
}

/**
 * PUT /public/auth/change-pwd: sets the password from a mailed token, signs the user in. The new token version
 * clears every sign-in lock of the account, and the device becomes a known one (its owner reads the mailbox).
 */
export async function changePasswordByToken(deps: AccountDeps, token: string, password: string, client: LoginClient) {
  await deps.rateLimiter.consume({ key: `reset-ip:${client.ip}`, limit: 20, windowMs: 15 * MINUTE });
  const hash = secretHash(deps.config.jwtSecret, token);
  const [row] = await deps.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.tokenHash, hash));
  if (!row) throw validationError({ token: 'tokenNotFound' });
  if (row.usedAt || row.expiresAt.getTime() < Date.now()) throw validationError({ token: 'tokenInvalid' });
  if ((await findUserById(deps.db, row.userId))?.deletedAt) throw forbidden('accountDeleted');
  const passwordHash = await hashPassword(password);
  const user = await deps.db.transaction(async (tx) => {
    const claimed = await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResetTokens.id, row.id), isNull(passwordResetTokens.usedAt)))
      .returning({ userId: passwordResetTokens.userId });
    if (claimed.length === 0) throw validationError({ token: 'tokenInvalid' });
    // Every other outstanding link of this user stops working too.
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResetTokens.userId, row.userId),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, new Date()),
        ),
      );
    await updateUser(tx, row.userId, { passwordHash });
    return revokeTokens(tx, row.userId);
  });
  await rememberDevice(deps, user, client);
  return { jwt: deps.signToken(user), user };
}
