/**
 * Mailed links that let their holder choose a password (password_reset_tokens): reset links, and the
 * "this was not me" link of the notice mailed to the old address after an email or password change.
 * Tokens are 32 random bytes, stored as an HMAC under the server secret, single use, with an expiry.
 */
import type { Lang } from '@evmap/contract/enums';
import type { Executor } from '../../db/client';
import { accountChangedMail, type MailContent } from '../../lib/mail-templates';
import { newToken, sameHash, secretHash } from '../../lib/secrets';
import type { UserRow } from '../../plugins/auth';
import type { AccountDeps } from './auth.types';
import { endResetTokens, insertResetToken } from './reset-tokens.repository';

const HOUR = 60 * 60_000;
export const RESET_TOKEN_TTL_MS = HOUR;
/** A notice may be read days later: its "this was not me" link stays valid a week. */
export const NOT_ME_TTL_MS = 7 * 24 * HOUR;

type LinkDeps = Omit<AccountDeps, 'db'> & { db: Executor };
type Template = (lang: Lang, url: string) => MailContent;

const langOf = (user: UserRow): Lang => (user.preferredLang === 'fr' ? 'fr' : 'en');
const linkUrl = (deps: LinkDeps, token: string) =>
  `${deps.config.appUrl}/#/auth/change-pwd?token=${encodeURIComponent(token)}`;

/** A keyed hash of the account's email and password hash: any change of either changes it. */
export function accountStamp(secret: string, user: Pick<UserRow, 'id' | 'email' | 'passwordHash'>): string {
  return secretHash(secret, `account:${user.id}:${user.email}:${user.passwordHash}`);
}

/** True when a reset link was issued for the account as it is now (same email, same password). */
export function stampMatches(secret: string, stamp: string | null, user: UserRow): boolean {
  return stamp !== null && sameHash(stamp, accountStamp(secret, user));
}

/**
 * Creates a reset link for `user` and mails it with the given template. A newer link replaces the older ones,
 * and the link dies when the account's email or password changes (its stamp no longer matches).
 */
export async function sendPasswordLink(
  deps: LinkDeps,
  user: UserRow,
  template: Template,
  ttlMs = RESET_TOKEN_TTL_MS,
): Promise<void> {
  const token = newToken();
  const now = new Date();
  const issue = async (db: Executor) => {
    await endResetTokens(db, user.id, now, 'reset');
    await insertResetToken(db, {
      userId: user.id,
      tokenHash: secretHash(deps.config.jwtSecret, token),
      expiresAt: new Date(now.getTime() + ttlMs),
      purpose: 'reset',
      accountStamp: accountStamp(deps.config.jwtSecret, user),
    });
  };
  // In the caller's transaction, a savepoint.
  await deps.db.transaction(issue);
  await deps.mailer.send({ to: user.email, ...template(langOf(user), linkUrl(deps, token)) });
}

/**
 * Tells `oldEmail` that the account's email or password changed, with a "this was not me" link: choosing a
 * password through it gives the account back to that address and signs it out everywhere (changePasswordByToken).
 * Call it after the change is committed; `user` is the account as it is now.
 */
export async function sendChangeNotice(
  deps: LinkDeps,
  user: UserRow,
  change: 'email' | 'password',
  oldEmail: string,
): Promise<void> {
  const token = newToken();
  await insertResetToken(deps.db, {
    userId: user.id,
    tokenHash: secretHash(deps.config.jwtSecret, token),
    expiresAt: new Date(Date.now() + NOT_ME_TTL_MS),
    purpose: 'not-me',
    email: oldEmail,
  });
  await deps.mailer.send({ to: oldEmail, ...accountChangedMail(langOf(user), change, linkUrl(deps, token)) });
}
