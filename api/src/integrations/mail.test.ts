import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { createMailer } from './mail';
import { startTestApi } from '../testing/test-api';
import { emlSubject, emlText, sendCode, verifyCode } from '../testing/fixtures';

const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const message = { to: 'reader@example.com', subject: '[포브리지] 안내', text: '본문입니다.', html: '<p>본문입니다.</p>' };

interface Received {
  from: string | undefined;
  to: string[];
  raw: string;
}

/** A real SMTP server on port 0 without TLS or auth, collecting every delivered message. */
let smtp: SMTPServer;
let smtpUrl: string;
const received: Received[] = [];
beforeAll(async () => {
  smtp = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8').replace(/\r\n/g, '\n'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('createMailer', () => {
  it('writes an .eml to the outbox when no SMTP server is configured', async () => {
    const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pawbridge-outbox-'));
    try {
      await createMailer({ smtpUrl: undefined, from: '포브리지 <no-reply@pawbridge.local>', outboxDir, env: 'development', log }).send(
        message,
      );
      const files = fs.readdirSync(outboxDir);
      expect(files).toHaveLength(1);
      const eml = fs.readFileSync(path.join(outboxDir, files[0] ?? ''), 'utf8');
      expect(eml).toMatch(/^To: reader@example.com$/m);
      expect(emlSubject(eml)).toBe('[포브리지] 안내');
      expect(emlText(eml)).toContain('본문입니다.');
    } finally {
      fs.rmSync(outboxDir, { recursive: true, force: true });
    }
  });

  it('refuses the outbox in production', () => {
    expect(() => createMailer({ smtpUrl: undefined, from: 'x@example.com', outboxDir: os.tmpdir(), env: 'production', log })).toThrow(
      /SMTP_URL/,
    );
  });

  it('delivers over SMTP with the configured sender, text and HTML parts', async () => {
    const before = received.length;
    await createMailer({ smtpUrl, from: '포브리지 <no-reply@pawbridge.local>', outboxDir: os.tmpdir(), env: 'production', log }).send(
      message,
    );
    const got = received[before];
    expect(got?.from).toBe('no-reply@pawbridge.local');
    expect(got?.to).toEqual(['reader@example.com']);
    expect(emlSubject(got?.raw ?? '')).toBe('[포브리지] 안내');
    expect(got?.raw).toContain('Content-Type: text/html');
  });
});

describe('verification e-mail over SMTP (SMTP_URL)', () => {
  it('delivers the code to a real SMTP server, and that code verifies the address', async () => {
    const api = await startTestApi({ SMTP_URL: smtpUrl });
    try {
      const before = received.length;
      expect((await sendCode(api, 'smtp-user@example.com')).status).toBe(200);
      const got = received[before];
      expect(got?.to).toEqual(['smtp-user@example.com']);
      expect(emlSubject(got?.raw ?? '')).toBe('[포브리지] 이메일 인증 코드');
      const code = /인증 코드: (\d{6})/.exec(emlText(got?.raw ?? ''))?.[1] ?? '';
      expect(code).toMatch(/^\d{6}$/);
      expect(fs.existsSync(api.config.mail.outboxDir)).toBe(false);
      expect(await verifyCode(api, code, 'smtp-user@example.com')).toMatchObject({ status: 200, text: '인증되었습니다.' });
    } finally {
      await api.close();
    }
  });

  it('answers 503 and keeps no usable code when the mail server is unreachable', async () => {
    const closed = new SMTPServer({ disabledCommands: ['STARTTLS', 'AUTH'], authOptional: true, logger: false });
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.server.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const api = await startTestApi({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    try {
      const res = await sendCode(api, 'unreachable@example.com');
      expect(res).toMatchObject({ status: 503, text: '인증 이메일을 보내지 못했습니다. 잠시 후 다시 시도해 주세요.' });
      const rows = await api.ctx.db.selectFrom('emailCodes').selectAll().where('email', '=', 'unreachable@example.com').execute();
      expect(rows).toEqual([]);
    } finally {
      await api.close();
    }
  });
});
