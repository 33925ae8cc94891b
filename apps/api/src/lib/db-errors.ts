/**
 * What PostgreSQL refused, as the answer the client should get. Checks before a write cannot see a concurrent
 * request (two identical sign-ups at once both find the email free): the database's unique index decides, and
 * its duplicate-key error becomes the same 409 the check gives. The error handler asks here before any 500.
 */
import type { ErrorKey } from '@evmap/contract/errors';
import { AppError } from '../errors';

type PostgresError = { code: string; constraint?: string };

/** The driver's error under `error`: drizzle wraps it (the pg error is the cause), a transaction may wrap it again. */
export function postgresError(error: unknown): PostgresError | undefined {
  let current = error as { code?: unknown; severity?: unknown; constraint?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; current && depth < 5; depth++, current = current.cause as typeof current) {
    // The server's answer has a severity and a five-character SQLSTATE; Node's own errors (EPERM...) have neither.
    if (
      typeof current.severity === 'string' &&
      typeof current.code === 'string' &&
      /^[0-9A-Z]{5}$/.test(current.code)
    ) {
      return {
        code: current.code,
        constraint: typeof current.constraint === 'string' ? current.constraint : undefined,
      };
    }
  }
  return undefined;
}

/** Unique indexes whose duplicates have a message of their own, on their field (the same as the check before). */
const UNIQUE_CONFLICTS: Record<string, { field: string; key: ErrorKey }> = {
  users_email_key: { field: 'email', key: 'emailExists' },
};

/**
 * The answer for a database refusal the client caused, or undefined for a server fault:
 * - 23505 duplicate key: 409 with the index's message (`emailExists` on `email`), else "changed at the same time";
 * - 23503 a row referenced went away meanwhile, 40001/40P01 serialization failure or deadlock: 409, try again;
 * - class 22 (data exception: a value out of its column's range or format), 23502/23514 and 54000: 400.
 */
export function databaseRefusal(error: unknown): AppError | undefined {
  const pg = postgresError(error);
  if (!pg) return undefined;
  if (pg.code === '23505') {
    const known = pg.constraint ? UNIQUE_CONFLICTS[pg.constraint] : undefined;
    return known
      ? new AppError(409, { [known.field]: { key: known.key } })
      : new AppError(409, { global: { key: 'conflictRetry' } });
  }
  if (['23503', '40001', '40P01'].includes(pg.code)) return new AppError(409, { global: { key: 'conflictRetry' } });
  if (pg.code.startsWith('22') || ['23502', '23514', '54000'].includes(pg.code)) {
    return new AppError(400, { global: { key: 'valueInvalid' } });
  }
  return undefined;
}
