/** Queries on password_reset_tokens (the mailed reset and "this was not me" links). */
import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { passwordResetTokens } from '../../db/schema/password-reset-tokens';

export type ResetTokenRow = typeof passwordResetTokens.$inferSelect;
export type NewResetToken = typeof passwordResetTokens.$inferInsert;

export async function findResetToken(db: Executor, tokenHash: string): Promise<ResetTokenRow | undefined> {
  const [row] = await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.tokenHash, tokenHash));
  return row;
}

export async function insertResetToken(db: Executor, values: NewResetToken): Promise<void> {
  await db.insert(passwordResetTokens).values(values);
}

/** Marks the token used unless it already was; answers whether this call did. */
export async function claimResetToken(db: Executor, id: number, now: Date): Promise<boolean> {
  const claimed = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.id, id), isNull(passwordResetTokens.usedAt)))
    .returning({ id: passwordResetTokens.id });
  return claimed.length > 0;
}

/** Ends the user's unused links: the reset links only, or (`purpose` undefined) every link. */
export async function endResetTokens(db: Executor, userId: number, now: Date, purpose?: 'reset'): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResetTokens.userId, userId),
        isNull(passwordResetTokens.usedAt),
        purpose ? eq(passwordResetTokens.purpose, purpose) : undefined,
      ),
    );
}
