/** argon2id password hashing (OWASP: m >= 19 MiB, t >= 2, p = 1). */
import { type Algorithm, hash, verify } from '@node-rs/argon2';

const OPTIONS = {
  algorithm: 2 as Algorithm /* Argon2id: the enum is const, so its value is written here */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}
