/** Test helpers for accounts: users created directly in the database, tokens, and the mail folder. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../src/lib/passwords';
import { searchText } from '../src/lib/text';
import { insertUser, type NewUser } from '../src/modules/users/users.repository';
import type { UserRow } from '../src/plugins/auth';
import type { TestContext } from './app';

export const PASSWORD = 'correct-horse';
let hashed: Promise<string> | undefined;
let counter = 0;

export type Role = 'viewer' | 'event-manager' | 'admin';

/** A user of the given role with a complete profile; `overrides` win. */
export async function createUser(ctx: TestContext, role: Role, overrides: Partial<NewUser> = {}): Promise<UserRow> {
  hashed ??= hashPassword(PASSWORD);
  counter += 1;
  const email = overrides.email ?? `${role}${counter}-${process.pid}@example.com`;
  const manager = role !== 'viewer';
  return insertUser(ctx.db, {
    name: manager ? `Organisation ${counter}` : `Viewer ${counter}`,
    email,
    passwordHash: await hashed,
    type: manager ? 'event-manager' : 'viewer',
    isAdmin: role === 'admin',
    preferredLang: 'en',
    acceptTerms: true,
    country: 'CA',
    planType: manager && role !== 'admin' ? 'complete' : null,
    searchText: searchText(`user ${counter}`, email),
    ...overrides,
  });
}

/** Headers of a request signed in as `user`. */
export function authHeaders(app: FastifyInstance, user: Pick<UserRow, 'id' | 'tokenVersion'>, lang = 'en') {
  return { authorization: `Bearer ${app.signToken(user)}`, 'accept-language': lang };
}

export type Mail = { to: string; subject: string; text: string; raw: string };

function decodeQuotedPrintable(value: string): string {
  const bytes = value
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_, kind: string, text: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}

/** The mails written to the mail folder, oldest first, with their plain-text part decoded. */
export function readMails(mailDir: string): Mail[] {
  let files: string[];
  try {
    files = readdirSync(mailDir)
      .filter((f) => f.endsWith('.eml'))
      .sort();
  } catch {
    return [];
  }
  return files.map((file) => {
    const raw = readFileSync(path.join(mailDir, file), 'utf8');
    const header = (name: string) => {
      const match = raw.match(new RegExp(`^${name}: ((?:.*)(?:\\n[ \\t].*)*)`, 'mi'));
      return decodeHeader((match?.[1] ?? '').replace(/\n[ \t]/g, ' ').trim());
    };
    const part = raw.match(
      /Content-Type: text\/plain[^\n]*\n(?:Content-Transfer-Encoding: ([^\n]+)\n)?\n([\s\S]*?)\n--/i,
    );
    const encoding = part?.[1]?.trim().toLowerCase();
    const body = part?.[2] ?? '';
    const text =
      encoding === 'quoted-printable'
        ? decodeQuotedPrintable(body)
        : encoding === 'base64'
          ? Buffer.from(body, 'base64').toString('utf8')
          : body;
    return { to: header('To'), subject: header('Subject'), text, raw };
  });
}

/** The 6-digit code of the last verification mail sent to `email`. */
export function lastCode(mailDir: string, email: string): number {
  const mail = readMails(mailDir)
    .filter((m) => m.to.includes(email))
    .at(-1);
  const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no verification code mailed to ${email}`);
  return Number(code);
}
