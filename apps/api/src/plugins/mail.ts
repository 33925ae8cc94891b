/**
 * Outgoing mail through nodemailer: SMTP when SMTP_URL is set, otherwise each message is written as
 * one .eml file in MAIL_DIR with one log line (recipient and subject with its digits masked, since a
 * verification code's subject carries the code; never the content).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import { maskDigits } from '../lib/safe-errors';

export type MailMessage = { to: string; subject: string; text: string; html: string; replyTo?: string };

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export const mailPlugin = fp(
  async (app) => {
    const { smtpUrl, mailDir, mailFrom } = app.config;
    const transport = smtpUrl
      ? nodemailer.createTransport(smtpUrl)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    app.addHook('onClose', async () => transport.close());

    app.decorate('mailer', {
      async send(message: MailMessage) {
        const info = await transport.sendMail({ from: mailFrom, ...message });
        const subject = maskDigits(message.subject);
        if (smtpUrl) {
          app.log.info({ to: message.to, subject }, 'mail sent');
          return;
        }
        await mkdir(mailDir, { recursive: true });
        const stamp = new Date().toISOString().replace(/[:.]/g, '-');
        const file = path.join(mailDir, `${stamp}-${randomBytes(3).toString('hex')}.eml`);
        await writeFile(file, (info as unknown as { message: Buffer }).message, { mode: 0o600 });
        app.log.info({ to: message.to, subject, file }, 'mail written');
      },
    });
  },
  { name: 'mail' },
);
