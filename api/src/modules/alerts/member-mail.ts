import type { EmailKind } from '@pawbridge/shared/alerts.schema';
import type { ApiContext } from '../../context';
import { emailEnabled } from './preferences.repository';
import { unsubscribeLink, unsubscribeToken } from './unsubscribe';

/** The e-mail's own words (e-mails are the api's templates; the web catalogue words only screens). */
export const UNSUBSCRIBE_WORDS = {
  line: '이 종류의 메일을 더는 받지 않으려면 아래 링크를 여세요(로그인하지 않아도 돼요). 마이페이지에서도 바꿀 수 있어요.',
} as const;

export interface MemberMail {
  userPk: number;
  to: string;
  kind: EmailKind;
  subject: string;
  /** Paragraphs of the text part (the link paragraph is added). */
  text: string;
  html: string;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The one way the api e-mails a member about something they can switch off (lost notices, reminders,
 * alerts, digests, match e-mails): false, and nothing sent, when the member switched the kind off;
 * otherwise the message goes with a one-click unsubscribe link (text and html) and the List-Unsubscribe
 * headers (RFC 2369 and RFC 8058: a POST to the BFF's /api/unsubscribe with the token unsubscribes).
 */
export async function sendMemberMail(ctx: Pick<ApiContext, 'db' | 'mail' | 'config'>, m: MemberMail): Promise<boolean> {
  if (!(await emailEnabled(ctx.db, m.userPk, m.kind))) return false;
  const link = unsubscribeLink(ctx.config, m.kind, m.userPk);
  const oneClick = `${ctx.config.publicOrigin}/api/unsubscribe?token=${unsubscribeToken(ctx.config.alerts, m.kind, m.userPk)}`;
  await ctx.mail.send({
    to: m.to,
    subject: m.subject,
    text: `${m.text}\n\n${UNSUBSCRIBE_WORDS.line}\n${link}`,
    html: `${m.html}<hr><p style="font-size:12px;color:#555">${escapeHtml(UNSUBSCRIBE_WORDS.line)}<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  });
  return true;
}
