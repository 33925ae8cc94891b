/**
 * Signed invoice download links. The browser opens `invoice_pdf` directly (no Authorization header), so the URL
 * carries a token: the invoice id, the user it was issued to, their token version and an expiry one hour ahead,
 * with an HMAC-SHA256 under a key derived from the server secret for this purpose only. It opens that one
 * invoice, for one hour, as long as the user's sessions are valid (a password change revokes it); it is not a
 * session token and cannot be used as one.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const INVOICE_LINK_TTL_SECONDS = 60 * 60;
const PURPOSE = 'evmap/invoice-pdf/v1';

export type InvoiceLinkClaims = { invoiceId: number; userId: number; tokenVersion: number };

const keyOf = (serverSecret: string) => createHmac('sha256', serverSecret).update(PURPOSE).digest();
const mac = (serverSecret: string, payload: string) =>
  createHmac('sha256', keyOf(serverSecret)).update(payload).digest('base64url');

export function signInvoiceLink(serverSecret: string, claims: InvoiceLinkClaims, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + INVOICE_LINK_TTL_SECONDS;
  const payload = `${claims.invoiceId}.${claims.userId}.${claims.tokenVersion}.${expires}`;
  return `${payload}.${mac(serverSecret, payload)}`;
}

/** The claims of a genuine, unexpired token; undefined otherwise. */
export function readInvoiceLink(serverSecret: string, token: string, now = Date.now()): InvoiceLinkClaims | undefined {
  const match = /^(\d{1,10})\.(\d{1,10})\.(\d{1,10})\.(\d{1,12})\.([\w-]{43})$/.exec(token);
  if (!match) return undefined;
  const [, invoiceId, userId, tokenVersion, expires, signature] = match;
  const payload = `${invoiceId}.${userId}.${tokenVersion}.${expires}`;
  const expected = Buffer.from(mac(serverSecret, payload));
  const given = Buffer.from(signature!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  if (Number(expires) * 1000 <= now) return undefined;
  return { invoiceId: Number(invoiceId), userId: Number(userId), tokenVersion: Number(tokenVersion) };
}
