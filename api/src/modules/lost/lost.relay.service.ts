import type { PageWindow, Paged } from '@pawbridge/shared';
import type { LostContact } from '@pawbridge/shared/lost.schema';
import type { ApiContext, SessionUserRow } from '../../context';
import { domainEvent } from '../../events';
import { lostNoticeMessage } from '../notifications/notifications.service';
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

  /** The e-mail beside the bell (lost.notice, raised on this instance): the recipient's address, the same sentence and a link. */
  async mailNotice(event: {
    notice: 'SIGHTING' | 'CONTACT' | 'REPLY';
    postId: number;
    recipientPk: number;
    actorPk: number;
  }): Promise<void> {
    if (event.actorPk === event.recipientPk) return;
    const [email, post] = await Promise.all([this.repo.emailOf(event.recipientPk), this.repo.named(event.postId)]);
    if (!email || !post) return;
    const sentence = lostNoticeMessage(event.notice, post.name);
    const link = `${this.ctx.config.publicOrigin}/lost/${event.postId}`;
    await this.ctx.mail.send({
      to: email,
      subject: `[포브리지] ${sentence}`,
      text: `${sentence}\n\n${link}\n\n${LOST_SCAM_WARNING}`,
      html: `<p>${escapeHtml(sentence)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>${escapeHtml(LOST_SCAM_WARNING)}</p>`,
    });
  }
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
