/** One-time secrets (verification codes, reset tokens): generated at random, stored only as keyed hashes. */
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** HMAC-SHA256 of `value` under the server secret, hex. */
export function secretHash(serverSecret: string, value: string): string {
  return createHmac('sha256', serverSecret).update(value).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Six digits without a leading zero, so the code survives being sent as an integer. */
export const newVerificationCode = () => String(randomInt(100_000, 1_000_000));

export const newToken = () => randomBytes(32).toString('base64url');
