import fs from 'node:fs';
import path from 'node:path';
import type { TestApi } from '../../testing/test-api';

/** Every outbox message sent to `to`, oldest first (file names start with an ISO timestamp). */
export function outboxMessages(api: TestApi, to: string): string[] {
  const dir = api.config.mail.outboxDir;
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
    .filter((eml) => new RegExp(`^To: ${to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'mi').test(eml));
}

/** The decoded text/plain part of an .eml written by nodemailer (base64 or quoted-printable). */
export function emlText(eml: string): string {
  const part = /Content-Type: text\/plain[^\n]*\nContent-Transfer-Encoding: (\S+)\n\n([\s\S]*?)\n--/i.exec(eml);
  if (!part?.[1] || part[2] === undefined) throw new Error('no text/plain part');
  const body = part[2];
  if (part[1].toLowerCase() === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (part[1].toLowerCase() === 'quoted-printable') {
    const bytes = body.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => `%${h}`);
    return decodeURIComponent(bytes);
  }
  return body;
}

/** The Subject header, with RFC 2047 encoded words decoded. */
export function emlSubject(eml: string): string {
  const header = /^Subject: (.*(?:\n[ \t].*)*)/m.exec(eml)?.[1] ?? '';
  return header
    .split(/\n[ \t]/)
    .map((w) => w.replace(/=\?UTF-8\?B\?([^?]*)\?=/gi, (_m, b: string) => Buffer.from(b, 'base64').toString('utf8')))
    .join('');
}

/** The code in the newest verification e-mail to `to`. */
export function latestCode(api: TestApi, to: string): string {
  const last = outboxMessages(api, to).at(-1);
  const code = last ? /인증 코드: (\d{6})/.exec(emlText(last))?.[1] : undefined;
  if (!code) throw new Error(`no verification code for ${to} in the outbox`);
  return code;
}

export interface CallResult {
  status: number;
  text: string;
  headers: Headers;
}

export async function call(api: TestApi, method: string, pathAndQuery: string, opts: { json?: unknown; cookie?: string } = {}): Promise<CallResult> {
  const headers: Record<string, string> = {};
  if (opts.json !== undefined) headers['content-type'] = 'application/json';
  if (opts.cookie) headers.cookie = opts.cookie;
  const res = await fetch(api.url + pathAndQuery, { method, headers, body: opts.json === undefined ? undefined : JSON.stringify(opts.json) });
  return { status: res.status, text: await res.text(), headers: res.headers };
}

/** `JSESSIONID=<id>` from a login answer, ready for a Cookie header. */
export function sessionCookie(result: CallResult): string {
  const header = result.headers.getSetCookie().find((c) => c.startsWith('JSESSIONID='));
  if (!header) throw new Error('no JSESSIONID cookie set');
  return header.split(';')[0] ?? '';
}

export const sendCode = (api: TestApi, email: string) => call(api, 'POST', `/api/users/send-email?email=${encodeURIComponent(email)}`);

export const verifyCode = (api: TestApi, code: string, email?: string) =>
  call(api, 'POST', `/api/users/verify-email?code=${code}${email === undefined ? '' : `&email=${encodeURIComponent(email)}`}`);

export const validSignup = (overrides: Record<string, unknown> = {}) => ({
  name: '김포브',
  userId: 'pawfan',
  email: 'pawfan@example.com',
  password: 'secret123',
  birth: '1994-03-15',
  phoneNm: '010-2345-6789',
  ...overrides,
});

/** Send, read the code from the outbox, verify, then sign up. */
export async function signUpVerified(api: TestApi, overrides: Record<string, unknown> = {}): Promise<CallResult> {
  const body = validSignup(overrides);
  await sendCode(api, String(body.email));
  await verifyCode(api, latestCode(api, String(body.email)), String(body.email));
  return call(api, 'POST', '/api/users/signup', { json: body });
}
