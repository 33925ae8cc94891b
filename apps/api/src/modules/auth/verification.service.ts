/**
 * Email verification codes: 6 digits, mailed, stored hashed, single use, valid 10 minutes (OWASP ASVS 5,
 * 6.5.5), locked after 5 wrong tries; a new code at most once a minute per user.
 */
import type { Lang } from '@evmap/contract/enums';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { verificationCodes } from '../../db/schema/verification-codes';
import { badRequest, conflict, forbidden, rateLimited, validationError } from '../../errors';
import { verificationCodeMail } from '../../lib/mail-templates';
import { newVerificationCode, sameHash, secretHash } from '../../lib/secrets';
import type { UserRow } from '../../plugins/auth';
import { findUserByEmail, updateUser } from '../users/users.repository';
import type { AccountDeps } from './deps';

export const CODE_TTL_MINUTES = 10;
export const CODE_MAX_TRIES = 5;
const RESEND_WINDOW_MS = 60_000;

const userLang = (user: UserRow): Lang => (user.preferredLang === 'fr' ? 'fr' : 'en');

/**
 * Counts one code sent to the user, at most one a minute (429 "codeRateLimit" otherwise). Called before any
 * write that a code must follow, so a refused code leaves nothing half done.
 */
export async function reserveCodeSend(deps: AccountDeps, user: UserRow): Promise<void> {
  const window = await deps.rateLimiter.store.hit(`code-send:${user.id}`, RESEND_WINDOW_MS);
  if (window.count > 1) throw rateLimited('codeRateLimit', (window.resetAt - Date.now()) / 1000);
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
  if (!reserved) await reserveCodeSend(deps, user);
  const code = newVerificationCode();
  await deps.db.transaction(async (tx) => {
    await tx
      .update(verificationCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(verificationCodes.userId, user.id), isNull(verificationCodes.usedAt)));
    await tx.insert(verificationCodes).values({
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
  const [pending] = await deps.db
    .select()
    .from(verificationCodes)
    .where(
      and(eq(verificationCodes.userId, user.id), eq(verificationCodes.email, email), isNull(verificationCodes.usedAt)),
    )
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  if (!pending || pending.expiresAt.getTime() < Date.now() || pending.attempts >= CODE_MAX_TRIES) {
    throw validationError({ code: 'codeInvalid' });
  }
  if (!sameHash(pending.codeHash, secretHash(deps.config.jwtSecret, String(code)))) {
    await deps.db
      .update(verificationCodes)
      .set({ attempts: sql`${verificationCodes.attempts} + 1` })
      .where(eq(verificationCodes.id, pending.id));
    throw validationError({ code: 'codeInvalid' });
  }
  return deps.db.transaction(async (tx) => {
    const used = await tx
      .update(verificationCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(verificationCodes.id, pending.id), isNull(verificationCodes.usedAt)))
      .returning({ id: verificationCodes.id });
    if (used.length === 0) throw validationError({ code: 'codeInvalid' });
    if (email !== user.email) {
      const owner = await findUserByEmail(tx, email);
      if (owner && owner.id !== user.id) throw conflict('email', 'emailExists');
    }
    // Another account taking the address meanwhile is answered 409 by the error handler (lib/db-errors.ts).
    return updateUser(tx, user.id, { email, unverifiedEmail: null });
  });
}

/** DELETE /connected/auth/unverified-email: drops the pending address and its codes. */
export async function cancelUnverifiedEmail(deps: AccountDeps, user: UserRow): Promise<UserRow> {
  // Only an email change can be cancelled: the first verification of an event-manager cannot be skipped.
  if (user.unverifiedEmail && user.unverifiedEmail === user.email) throw forbidden('verificationRequired');
  return deps.db.transaction(async (tx) => {
    await tx
      .update(verificationCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(verificationCodes.userId, user.id), isNull(verificationCodes.usedAt)));
    return updateUser(tx, user.id, { unverifiedEmail: null });
  });
}
