import fs from 'node:fs';
import path from 'node:path';

/** The newest verification code mailed to `email` (read from the api's outbox .eml files). */
export function latestCode(stack: { outboxDir: string }, email: string): string {
  if (!fs.existsSync(stack.outboxDir)) throw new Error('no outbox yet');
  const files = fs
    .readdirSync(stack.outboxDir)
    .filter((f) => f.endsWith('.eml'))
    .map((f) => path.join(stack.outboxDir, f))
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs || b.localeCompare(a));
  for (const file of files) {
    const raw = fs.readFileSync(file, 'utf8');
    if (!raw.toLowerCase().includes(email.toLowerCase())) continue;
    const text = decodeEml(raw);
    const m = text.match(/\b(\d{6})\b/);
    if (m?.[1]) return m[1];
  }
  throw new Error(`no code mailed to ${email}`);
}

/** Undo quoted-printable / base64 text parts well enough to find the code. */
function decodeEml(raw: string): string {
  const qp = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
  const b64 = [...raw.matchAll(/Content-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/g)].map((m) =>
    Buffer.from((m[1] ?? '').replace(/\s/g, ''), 'base64').toString('utf8'),
  );
  return [qp, ...b64].join('\n');
}

/** The decoded text of the newest e-mail to `email` whose text contains `includes` (issue 28: a link in it). */
export function latestMailText(stack: { outboxDir: string }, email: string, includes: string): string {
  if (!fs.existsSync(stack.outboxDir)) throw new Error('no outbox yet');
  const files = fs
    .readdirSync(stack.outboxDir)
    .filter((f) => f.endsWith('.eml'))
    .map((f) => path.join(stack.outboxDir, f))
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs || b.localeCompare(a));
  for (const file of files) {
    const raw = fs.readFileSync(file, 'utf8');
    if (!raw.toLowerCase().includes(email.toLowerCase())) continue;
    const text = decodeEml(raw);
    if (text.includes(includes)) return text;
  }
  throw new Error(`no e-mail to ${email} with ${includes}`);
}
