import crypto from 'node:crypto';
import { EmailKindSchema, type EmailKind } from '@pawbridge/shared/alerts.schema';
import type { AlertsConfig } from '../../config/alerts-env';

/**
 * The one-link unsubscribe (issue 28, docs/decisions/0043): a token that names an e-mail kind and a member,
 * with an expiry, signed with HMAC-SHA256 under UNSUBSCRIBE_SECRET. No login needed; nothing else in it.
 * `<base64url(kind.userPk.expiresAtSeconds)>.<base64url(signature)>`.
 */
const sign = (secret: string, payload: string) => crypto.createHmac('sha256', secret).update(payload).digest('base64url');

export function unsubscribeToken(config: AlertsConfig, kind: EmailKind, userPk: number, now: Date = new Date()): string {
  const expires = Math.floor(now.getTime() / 1000) + config.unsubscribeTtlDays * 86_400;
  const payload = Buffer.from(`${kind}.${userPk}.${expires}`).toString('base64url');
  return `${payload}.${sign(config.unsubscribeSecret, payload)}`;
}

export type TokenCheck = { ok: true; kind: EmailKind; userPk: number } | { ok: false; why: 'INVALID' | 'EXPIRED' };

/** Checks the signature (in constant time) before reading anything, then the expiry. */
export function readUnsubscribeToken(config: AlertsConfig, token: string, now: Date = new Date()): TokenCheck {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return { ok: false, why: 'INVALID' };
  const expected = Buffer.from(sign(config.unsubscribeSecret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return { ok: false, why: 'INVALID' };
  const [kind, pk, expires] = Buffer.from(payload, 'base64url').toString('utf8').split('.');
  const k = EmailKindSchema.safeParse(kind);
  const userPk = Number(pk);
  const until = Number(expires);
  if (!k.success || !Number.isInteger(userPk) || userPk <= 0 || !Number.isInteger(until)) return { ok: false, why: 'INVALID' };
  if (until * 1000 < now.getTime()) return { ok: false, why: 'EXPIRED' };
  return { ok: true, kind: k.data, userPk };
}

/** The page a member opens from an e-mail (the web's /unsubscribe, which confirms it without a login). */
export function unsubscribeLink(config: { publicOrigin: string; alerts: AlertsConfig }, kind: EmailKind, userPk: number): string {
  return `${config.publicOrigin}/unsubscribe?token=${unsubscribeToken(config.alerts, kind, userPk)}`;
}
