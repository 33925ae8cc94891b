/**
 * Email verification codes: 6 digits, mailed, stored hashed, single use, valid 10 minutes (OWASP ASVS 5,
 * 6.5.5), locked after 5 wrong tries; a new code at most once a minute per user, and at most
 * CODE_ADDRESS_LIMIT codes a day to one address, whichever accounts ask (so nobody mails a stranger without end).
 */
import { CODE_RESEND_INTERVAL_MS } from '@evmap/contract/constants';
import type { Lang } from '@evmap/contract/enums';
import { badRequest, conflict, forbidden, rateLimited, validationError } from '../../errors';
import { verificationCodeMail } from '../../lib/mail-templates';
import { newVerificationCode, sameHash, secretHash } from '../../lib/secrets';
import type { UserRow } from '../../plugins/auth';
import { findUserByEmail, updateUser } from '../users/users.repository';
import { sendChangeNotice } from './account-links';
import type { AccountDeps } from './auth.types';
import {
  claimCode,
  countCodeAttempt,
  endUserCodes,
  insertCode,
  latestPendingCode,
} from './verification-codes.repository';

export const CODE_TTL_MINUTES = 10;
export const CODE_MAX_TRIES = 5;
const RESEND_WINDOW_MS = CODE_RESEND_INTERVAL_MS;
/** Codes mailed to one address in a day, across every account (sign-ups, email changes, resends). */
export const CODE_ADDRESS_LIMIT = { limit: 10, windowMs: 24 * 60 * 60_000 };

const userLang = (user: UserRow): Lang => (user.preferredLang === 'fr' ? 'fr' : 'en');

/** The limiter key of a destination address: a keyed hash, so that no address is stored in the limits. */
export const codeAddressKey = (secret: string, email: string) =>
  `code-address:${secretHash(secret, `code-address:${email.trim().toLowerCase()}`)}`;

/**
 * Counts one code sent to the user (at most one a minute: 429 "codeRateLimit") and to the address (at most
 * CODE_ADDRESS_LIMIT a day: 429 "codeAddressLimit"); either may be left out (a sign-up reserves the address before
 * the account exists). Called before any write that a code must follow, so a refused code leaves nothing half done.
 */
export async function reserveCodeSend(
  deps: AccountDeps,
  user: Pick<UserRow, 'id'> | undefined,
  email: string | undefined,
): Promise<void> {
  if (user) {
    const window = await deps.rateLimiter.store.hit(`code-send:${user.id}`, RESEND_WINDOW_MS);
    if (window.count > 1) throw rateLimited('codeRateLimit', (window.resetAt - Date.now()) / 1000);
  }
  if (email !== undefined) {
    const key = codeAddressKey(deps.config.jwtSecret, email);
    await deps.rateLimiter.consume({ key, ...CODE_ADDRESS_LIMIT, message: 'codeAddressLimit' });
  }
}

/**
 * Replaces any pending code of the user with a new one for `email` and mails it there; `reserved` when the
 * caller already counted it with reserveCodeSend.
 */
export async function issueVerificationCode(
  deps: AccountDeps,
  user: UserRow,
  email: string,
  { reserved = false } = {},
): Promise<void> {
  if (!reserved) await reserveCodeSend(deps, user, email);
  const code = newVerificationCode();
  await deps.db.transaction(async (tx) => {
    await endUserCodes(tx, user.id, new Date());
    await insertCode(tx, {
      userId: user.id,
      email,
      codeHash: secretHash(deps.config.jwtSecret, code),
      expiresAt: new Date(Date.now() + CODE_TTL_MINUTES * 60_000),
    });
  });
  await deps.mailer.send({ to: email, ...verificationCodeMail(userLang(user), code, CODE_TTL_MINUTES) });
}

/** POST /connected/auth/resend-code */
export async function resendCode(deps: AccountDeps, user: UserRow): Promise<void> {
  if (!user.unverifiedEmail) throw badRequest('resendCodeFailed');
  await issueVerificationCode(deps, user, user.unverifiedEmail);
}

/** POST /connected/auth/verify-email: confirms the pending address; an email change takes effect here. */
export async function verifyEmail(deps: AccountDeps, user: UserRow, email: string, code: number): Promise<UserRow> {
  if (!user.unverifiedEmail || user.unverifiedEmail !== email) throw validationError({ code: 'codeInvalid' });
  const pending = await latestPendingCode(deps.db, user.id, email);
  if (!pending || pending.expiresAt.getTime() < Date.now() || pending.attempts >= CODE_MAX_TRIES) {
    throw validationError({ code: 'codeInvalid' });
  }
  if (!sameHash(pending.codeHash, secretHash(deps.config.jwtSecret, String(code)))) {
    await countCodeAttempt(deps.db, pending.id);
    throw validationError({ code: 'codeInvalid' });
  }
  const updated = await deps.db.transaction(async (tx) => {
    if (!(await claimCode(tx, pending.id, new Date()))) throw validationError({ code: 'codeInvalid' });
    if (email !== user.email) {
      const owner = await findUserByEmail(tx, email);
      if (owner && owner.id !== user.id) throw conflict('email', 'emailExists');
    }
    // Another account taking the address meanwhile is answered 409 by the error handler (lib/db-errors.ts).
    return updateUser(tx, user.id, { email, unverifiedEmail: null });
  });
  // A verified address left: it is told, with a way back (reset links sent to it died with the change).
  if (email !== user.email) await sendChangeNotice(deps, updated, 'email', user.email);
  return updated;
}

/** DELETE /connected/auth/unverified-email: drops the pending address and its codes. */
export async function cancelUnverifiedEmail(deps: AccountDeps, user: UserRow): Promise<UserRow> {
  // Only an email change can be cancelled: the first verification of an event-manager cannot be skipped.
  if (user.unverifiedEmail && user.unverifiedEmail === user.email) throw forbidden('verificationRequired');
  return deps.db.transaction(async (tx) => {
    await endUserCodes(tx, user.id, new Date());
    return updateUser(tx, user.id, { unverifiedEmail: null });
  });
}
