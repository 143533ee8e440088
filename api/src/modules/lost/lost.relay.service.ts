import type { PageWindow, Paged } from '@pawbridge/shared';
import type { LostContact } from '@pawbridge/shared/lost.schema';
import type { ApiContext, SessionUserRow } from '../../context';
import { domainEvent } from '../../events';
import { sendMemberMail } from '../alerts/member-mail';
import { lostNoticeMessage, type LostNoticeKind } from '../notifications/notifications.wire';
import { lostCommentText } from './lost.comments.repository';
import { lostError } from './lost.errors';
import { LOST_SCAM_WARNING } from './lost.flyer.words';
import { othersVisible } from './lost.guards';
import { LostRepository } from './lost.repository';
import { authorDisplayName } from './lost.view';

/** The relay: members write to an author through the site (bell and e-mail); no number or address changes hands unless chosen. */
export class LostRelayService {
  private readonly repo: LostRepository;

  constructor(private readonly ctx: ApiContext) {
    this.repo = new LostRepository(ctx.db);
  }

  /** The relay: a member's message reaches the author's bell and e-mail; no number or address changes hands. */
  async contact(sender: SessionUserRow, id: number, message: string): Promise<{ id: number }> {
    const post = await othersVisible(this.repo, id, sender);
    if (post.status !== 'OPEN') throw lostError(409, 'INVALID_STATE', 'LOST_POST_CLOSED');
    const row = {
      id: await this.repo.insertContact({
        postId: id,
        senderPk: sender.pk,
        recipientPk: post.authorPk,
        replyToId: null,
        message,
        phone: null,
      }),
    };
    await this.ctx.events.publish(
      domainEvent('lost.notice', { notice: 'CONTACT', postId: id, recipientPk: post.authorPk, actorPk: sender.pk, relatedId: row.id }),
    );
    return { id: row.id };
  }

  /** The author answers a relay message; a phone number, when given, is shown to that member only. */
  async reply(author: SessionUserRow, contactId: number, message: string, phone: string | null): Promise<{ id: number }> {
    const first = await this.repo.contact(contactId);
    if (!first || first.replyToId !== null || first.recipientPk !== author.pk) throw lostError(404, 'NOT_FOUND', 'LOST_CONTACT_NOT_FOUND');
    const row = {
      id: await this.repo.insertContact({
        postId: first.postId,
        senderPk: author.pk,
        recipientPk: first.senderPk,
        replyToId: contactId,
        message,
        phone,
      }),
    };
    await this.ctx.events.publish(
      domainEvent('lost.notice', {
        notice: 'REPLY',
        postId: first.postId,
        recipientPk: first.senderPk,
        actorPk: author.pk,
        relatedId: row.id,
      }),
    );
    return { id: row.id };
  }

  /** The member's relay messages, sent and received, newest first. */
  async contacts(member: SessionUserRow, w: PageWindow): Promise<Paged<LostContact>> {
    const page = await this.repo.contactsOf(member.pk, w);
    return {
      total: page.total,
      rows: page.rows.map((r) => ({
        id: r.id,
        postId: r.postId,
        direction: r.senderPk === member.pk ? 'SENT' : 'RECEIVED',
        replyToId: r.replyToId,
        fromName: authorDisplayName({ nickname: r.nickname, userId: r.userId }),
        message: r.message,
        phone: r.phone,
        createdAt: new Date(r.createdAt).toISOString(),
      })),
    };
  }

  /**
   * The e-mail beside the bell (lost.notice, raised on this instance): the recipient's address, the same
   * sentence, what was written (a relay message, its reply with the number the author chose to give, a
   * comment: the relay's point is that it reaches the owner) and a link. Never a position: the post's
   * exact point stays on the site, for its author.
   */
  async mailNotice(event: {
    notice: LostNoticeKind;
    postId: number;
    recipientPk: number;
    actorPk: number;
    relatedId: number;
  }): Promise<void> {
    if (event.notice !== 'REMINDER' && event.actorPk === event.recipientPk) return;
    const [email, post, written] = await Promise.all([
      this.repo.emailOf(event.recipientPk),
      this.repo.named(event.postId),
      this.writtenOf(event.notice, event.relatedId),
    ]);
    if (!email || !post) return;
    const sentence = lostNoticeMessage(event.notice, post.name);
    const link = `${this.ctx.config.publicOrigin}/lost/${event.postId}`;
    const quoted = written ? [`${MAIL_WORDS[event.notice === 'COMMENT' ? 'comment' : 'message']}\n${written}`] : [];
    const warning = event.notice === 'REMINDER' ? [] : [LOST_SCAM_WARNING];
    const paragraphs = [sentence, ...quoted, link, ...warning];
    await sendMemberMail(this.ctx, {
      userPk: event.recipientPk,
      kind: event.notice === 'REMINDER' ? 'LOST_REMINDER' : 'LOST_NOTICE',
      to: email,
      subject: `[포브리지] ${sentence.length > 60 ? `${sentence.slice(0, 59)}…` : sentence}`,
      text: paragraphs.join('\n\n'),
      html: paragraphs
        .map((p) =>
          p === link ? `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` : `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`,
        )
        .join(''),
    });
  }

  /** What the notice's writer wrote, for the e-mail (null for a sighting, whose page has it, and the reminder). */
  private async writtenOf(notice: LostNoticeKind, relatedId: number): Promise<string | null> {
    if (notice === 'COMMENT') return lostCommentText(this.ctx.db, relatedId);
    if (notice !== 'CONTACT' && notice !== 'REPLY') return null;
    const c = await this.repo.contact(relatedId);
    if (!c) return null;
    return c.phone ? `${c.message}\n${MAIL_WORDS.phone} ${c.phone}` : c.message;
  }
}

/** The e-mail's own words (mail is written on the server; the web catalogue words only screens). */
const MAIL_WORDS = { message: '보낸 메시지:', comment: '남긴 댓글:', phone: '연락처:' } as const;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
