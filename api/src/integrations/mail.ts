import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe on member e-mails, issue 28). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * SMTP_URL set → nodemailer over SMTP. Otherwise (embedded/dev) each message is
 * written as an .eml file to the outbox folder and logged, so a developer can
 * read the verification code without a mail server. The outbox refuses to run
 * in production.
 */
export function createMailer(opts: {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  env: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(m) {
        await transport.sendMail({ from: opts.from, to: m.to, subject: m.subject, text: m.text, html: m.html, headers: m.headers });
      },
    };
  }
  if (opts.env === 'production') throw new Error('SMTP_URL is required in production (the mail outbox is for development only).');
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(m) {
      const info = await stream.sendMail({ from: opts.from, to: m.to, subject: m.subject, text: m.text, html: m.html, headers: m.headers });
      await fs.mkdir(opts.outboxDir, { recursive: true });
      const file = path.join(
        opts.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(3).toString('hex')}.eml`,
      );
      await fs.writeFile(file, info.message as Buffer);
      // The text (with its verification code) only for the developer at `npm start`; test logs stay free of codes.
      opts.log.info(
        { to: m.to, subject: m.subject, file },
        opts.env === 'development' ? `mail written to outbox: ${m.subject} → ${m.to}\n${m.text}` : 'mail written to outbox',
      );
    },
  };
}
