/**
 * Reads the mails the server wrote as .eml files in `<DATA_DIR>/mail` (no SMTP_URL): the text part
 * of the newest message to an address, decoded, so journeys can follow codes and links as users do.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

type Mail = { file: string; to: string; subject: string; text: string };

function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_whole, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function decodePart(headers: string, body: string): string {
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** Splits a raw message into its headers and the decoded text/plain part. */
export function parseMail(raw: string, file = ''): Mail {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  const header = (name: string) =>
    new RegExp(`^${name}:\\s*(.*(?:\\r?\\n[ \\t].*)*)`, 'im').exec(head)?.[1]?.trim() ?? '';
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(head)?.[1];
  let text = decodePart(head, body);
  if (boundary) {
    const parts = body.split(`--${boundary}`);
    const plain = parts.find((part) => /content-type:\s*text\/plain/i.test(part));
    if (plain) {
      const [partHead = '', ...partBody] = plain.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
      text = decodePart(partHead, partBody.join('\n\n'));
    }
  }
  return { file, to: header('To'), subject: header('Subject'), text };
}

/** Every mail to `to`, oldest first. */
export async function mailsTo(dataDir: string, to: string): Promise<Mail[]> {
  const folder = path.join(dataDir, 'mail');
  const files = (await readdir(folder).catch(() => [] as string[])).filter((name) => name.endsWith('.eml')).sort();
  const mails = await Promise.all(
    files.map(async (name) => parseMail(await readFile(path.join(folder, name), 'utf8'), name)),
  );
  return mails.filter((mail) => mail.to.toLowerCase().includes(to.toLowerCase()));
}

/** Waits for the `count`-th mail to `to` (1 = the first) and returns it. */
export async function waitForMail(dataDir: string, to: string, count = 1, timeoutMs = 10_000): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mails = await mailsTo(dataDir, to);
    if (mails.length >= count) return mails[count - 1]!;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail #${count} to ${to} after ${timeoutMs} ms`);
}

/** The verification code of a mail: the only 6-digit number of its text. */
export function codeIn(mail: Mail): string {
  const codes = [...new Set(mail.text.match(/\b\d{6}\b/g) ?? [])];
  if (codes.length !== 1) throw new Error(`expected one 6-digit code in "${mail.subject}", found ${codes.join(', ')}`);
  return codes[0]!;
}

/** The first link of a mail's text that contains `fragment`. */
export function linkIn(mail: Mail, fragment: string): string {
  const link = mail.text.match(/https?:\/\/\S+/g)?.find((url) => url.includes(fragment));
  if (!link) throw new Error(`no link with "${fragment}" in "${mail.subject}"`);
  return link;
}
