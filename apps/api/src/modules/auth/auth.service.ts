/** Sign-up, sign-in and password reset by mailed link (spec sections 4, 5, 7 and 8). */
import type { Lang } from '@evmap/contract/enums';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { passwordResetTokens } from '../../db/schema/password-reset-tokens';
import { conflict, forbidden, validationError } from '../../errors';
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
export const LOGIN_LIMITS = {
  perAccountFailures: { limit: 5, windowMs: 15 * MINUTE },
  perIp: { limit: 30, windowMs: 15 * MINUTE },
};

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
  let user: UserRow;
  try {
    user = await insertUser(deps.db, {
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
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw conflict('email', 'emailExists');
    throw error;
  }
  if (manager) await issueVerificationCode(deps, user, body.email);
  return { jwt: deps.signToken(user), user };
}

/** POST /public/auth/login, with per-address and per-account limits on failures. */
export async function login(deps: AccountDeps, email: string, password: string, ip: string) {
  await deps.rateLimiter.consume({ key: `login-ip:${ip}`, ...LOGIN_LIMITS.perIp });
  const accountKey = `login-fail:${email}`;
  await deps.rateLimiter.check({ key: accountKey, limit: LOGIN_LIMITS.perAccountFailures.limit });
  const user = await findUserByEmail(deps.db, email);
  if (!user) {
    await deps.rateLimiter.store.hit(accountKey, LOGIN_LIMITS.perAccountFailures.windowMs);
    throw validationError({ email: 'emailNotFound' });
  }
  if (user.deletedAt) throw forbidden('accountDeleted');
  if (!(await verifyPassword(user.passwordHash, password))) {
    await deps.rateLimiter.store.hit(accountKey, LOGIN_LIMITS.perAccountFailures.windowMs);
    throw validationError({ password: 'passwordInvalid' });
  }
  await deps.rateLimiter.store.reset(accountKey);
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

/** PUT /public/auth/change-pwd: sets the password from a mailed token, signs the user in. */
export async function changePasswordByToken(deps: AccountDeps, token: string, password: string, ip: string) {
  await deps.rateLimiter.consume({ key: `reset-ip:${ip}`, limit: 20, windowMs: 15 * MINUTE });
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
  return { jwt: deps.signToken(user), user };
}
