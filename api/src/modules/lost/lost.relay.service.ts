import { pagedRows, type PageWindow, type Paged } from '@pawbridge/shared';
import type { LostContact } from '@pawbridge/shared/lost.schema';
import type { ApiContext, SessionUserRow } from '../../context';
import { domainEvent } from '../../events';
import { lostNoticeMessage } from '../notifications/notifications.service';
import { lostError } from './lost.errors';
import { LOST_SCAM_WARNING } from './lost.flyer.words';
import { othersVisible } from './lost.guards';
import { authorDisplayName } from './lost.view';

/** The relay: members write to an author through the site (bell and e-mail); no number or address changes hands unless chosen. */
export class LostRelayService {
  constructor(private readonly ctx: ApiContext) {}

  /** The relay: a member's message reaches the author's bell and e-mail; no number or address changes hands. */
  async contact(sender: SessionUserRow, id: number, message: string): Promise<{ id: number }> {
    const post = await othersVisible(this.ctx.db, id, sender);
    if (post.status !== 'OPEN') throw lostError(409, 'INVALID_STATE', 'LOST_POST_CLOSED');
    const row = await this.ctx.db
      .insertInto('lostContacts')
      .values({ postId: id, senderPk: sender.pk, recipientPk: post.authorPk, replyToId: null, message, phone: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await this.ctx.events.publish(
      domainEvent('lost.notice', { notice: 'CONTACT', postId: id, recipientPk: post.authorPk, actorPk: sender.pk, relatedId: row.id }),
    );
    return { id: row.id };
  }

  /** The author answers a relay message; a phone number, when given, is shown to that member only. */
  async reply(author: SessionUserRow, contactId: number, message: string, phone: string | null): Promise<{ id: number }> {
    const first = await this.ctx.db.selectFrom('lostContacts').selectAll().where('id', '=', contactId).executeTakeFirst();
    if (!first || first.replyToId !== null || first.recipientPk !== author.pk) throw lostError(404, 'NOT_FOUND', 'LOST_CONTACT_NOT_FOUND');
    const row = await this.ctx.db
      .insertInto('lostContacts')
      .values({ postId: first.postId, senderPk: author.pk, recipientPk: first.senderPk, replyToId: contactId, message, phone })
      .returning('id')
      .executeTakeFirstOrThrow();
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
    const base = this.ctx.db
      .selectFrom('lostContacts as c')
      .where((eb) => eb.or([eb('c.senderPk', '=', member.pk), eb('c.recipientPk', '=', member.pk)]));
    const rows = base
      .innerJoin('users as u', 'u.id', 'c.senderPk')
      .select(['c.id', 'c.postId', 'c.senderPk', 'c.replyToId', 'c.message', 'c.phone', 'c.createdAt', 'u.name', 'u.userId'])
      .orderBy('c.createdAt', 'desc')
      .orderBy('c.id', 'desc');
    const page = await pagedRows(w, {
      all: () => rows.execute(),
      page: (p) => rows.limit(p.limit).offset(p.offset).execute(),
      count: async () => Number((await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n),
    });
    return {
      total: page.total,
      rows: page.rows.map((r) => ({
        id: r.id,
        postId: r.postId,
        direction: r.senderPk === member.pk ? 'SENT' : 'RECEIVED',
        replyToId: r.replyToId,
        fromName: authorDisplayName({ name: r.name, userId: r.userId }),
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
    const [recipient, post] = await Promise.all([
      this.ctx.db.selectFrom('users').select(['email']).where('id', '=', event.recipientPk).executeTakeFirst(),
      this.ctx.db.selectFrom('lostPosts').select(['name']).where('id', '=', event.postId).executeTakeFirst(),
    ]);
    if (!recipient?.email || !post) return;
    const sentence = lostNoticeMessage(event.notice, post.name);
    const link = `${this.ctx.config.publicOrigin}/lost/${event.postId}`;
    await this.ctx.mail.send({
      to: recipient.email,
      subject: `[포브리지] ${sentence}`,
      text: `${sentence}\n\n${link}\n\n${LOST_SCAM_WARNING}`,
      html: `<p>${escapeHtml(sentence)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>${escapeHtml(LOST_SCAM_WARNING)}</p>`,
    });
  }
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
