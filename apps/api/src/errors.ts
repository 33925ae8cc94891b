/** Typed errors thrown by services; the error handler turns them into `{ errors: {...} }` bodies. */
import type { ErrorKey, ErrorParams } from '@evmap/contract/errors';

/** One message of the catalogue, with the values of its placeholders. */
export type ErrorRef = { key: ErrorKey; params?: ErrorParams };

/** An error the client caused or must know about, keyed by field (`global` for the form message). */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly fields: Record<string, ErrorRef>,
    readonly headers: Record<string, string> = {},
  ) {
    super(Object.values(fields)[0]?.key ?? 'error');
    this.name = 'AppError';
  }
}

const ref = (key: ErrorKey, params?: ErrorParams): ErrorRef => ({ key, params });

/** 400: one or several fields are wrong. */
export const validationError = (fields: Record<string, ErrorKey | ErrorRef>) =>
  new AppError(
    400,
    Object.fromEntries(Object.entries(fields).map(([f, v]) => [f, typeof v === 'string' ? ref(v) : v])),
  );
/** 400 on the form as a whole. */
export const badRequest = (key: ErrorKey, params?: ErrorParams) => new AppError(400, { global: ref(key, params) });
export const unauthorized = (key: ErrorKey = 'unauthorized') => new AppError(401, { global: ref(key) });
export const forbidden = (key: ErrorKey = 'forbidden') => new AppError(403, { global: ref(key) });
export const notFound = (key: ErrorKey = 'notFound') => new AppError(404, { global: ref(key) });
export const conflict = (field: string, key: ErrorKey) => new AppError(409, { [field]: ref(key) });
export const payloadTooLarge = (maxMb: number) => new AppError(413, { global: ref('payloadTooLarge', { max: maxMb }) });
export const rateLimited = (key: ErrorKey, retryAfterSeconds: number) =>
  new AppError(
    429,
    { global: ref(key, { minutes: Math.max(1, Math.ceil(retryAfterSeconds / 60)) }) },
    { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  );
