import type { FastifyBaseLogger } from 'fastify';
import type { PageWindow, Paged } from '@pawbridge/shared';
import type { ApiContext } from '../../context';
import { domainEvent, type DomainEvent, type NotificationWire } from '../../events';
import { planLostMatch } from './notifications.lost-match';
import { NotificationsRepository, type NewNotification } from './notifications.repository';
import { about, clip, destinations, LOST_CODE, LOST_KIND, lostNoticeMessage, MESSAGE_MAX, MESSAGES, toWire } from './notifications.wire';

interface Planned {
  recipientPk: number;
  recipientId: string;
  destination: string;
  row: Omit<NewNotification, 'recipientPk'>;
}

/**
 * Turns domain events into stored notifications for the right members, then
 * raises `notification.created` for each (the STOMP broker on every instance
 * delivers it). Runs on the instance that raised the event only, so each
 * notification is stored once.
 */
export class NotificationsService {
  private readonly repo: NotificationsRepository;

  constructor(
    private readonly ctx: ApiContext,
    private readonly log: FastifyBaseLogger,
  ) {
    this.repo = new NotificationsRepository(ctx.db);
  }

  /** The member's notifications (or only the unread ones), newest first, in the wire shape. */
  async list(recipient: { pk: number; userId: string }, onlyUnread: boolean, w: PageWindow): Promise<Paged<NotificationWire>> {
    const { rows, total } = await this.repo.listFor(recipient.pk, onlyUnread, w);
    return { rows: rows.map((r) => toWire(r, recipient.userId)), total };
  }

  countUnread(recipientPk: number): Promise<number> {
    return this.repo.countUnread(recipientPk);
  }

  markAllRead(recipientPk: number): Promise<void> {
    return this.repo.markAllRead(recipientPk, new Date());
  }

  /** False when the notification is not the recipient's (or does not exist). */
  markRead(id: number, recipientPk: number): Promise<boolean> {
    return this.repo.markRead(id, recipientPk, new Date());
  }

  subscribe(): void {
    const on = { scope: 'origin' } as const;
    const handle = (e: DomainEvent) => this.handle(e);
    this.ctx.events.subscribe('stray.reported', handle, on);
    this.ctx.events.subscribe('report.registered', handle, on);
    this.ctx.events.subscribe('adoption.requested', handle, on);
    this.ctx.events.subscribe('adoption.decided', handle, on);
    this.ctx.events.subscribe('comment.created', handle, on);
    this.ctx.events.subscribe('like.added', handle, on);
    this.ctx.events.subscribe('lost.notice', handle, on);
    this.ctx.events.subscribe('lost.match', handle, on);
  }

  async handle(event: DomainEvent): Promise<void> {
    const planned = await this.plan(event);
    if (planned.length === 0) return;
    const rows = await this.repo.insertNotifications(planned.map((p) => ({ ...p.row, recipientPk: p.recipientPk })));
    const created = rows.map((row, i) => {
      const p = planned[i]!;
      return domainEvent('notification.created', {
        notificationId: row.id,
        recipientPk: p.recipientPk,
        destination: p.destination,
        body: toWire(row, p.recipientId),
      });
    });
    await this.ctx.events.publish(...created);
    this.log.debug({ eventType: event.type, notifications: rows.length }, 'notifications stored');
  }

  private async plan(event: DomainEvent): Promise<Planned[]> {
    const repo = this.repo;
    switch (event.type) {
      case 'stray.reported': {
        const [admins, ids, stray] = await Promise.all([
          repo.adminRecipients(),
          repo.loginIdsOf(event.reporterPk ? [event.reporterPk] : []),
          repo.stray(event.strayId),
        ]);
        const { foundDate } = stray;
        const sender = (event.reporterPk && ids.get(event.reporterPk)) || 'anonymous';
        // An admin who reports a dog themselves is not told about it.
        return admins
          .filter((a) => a.pk !== event.reporterPk)
          .map((a) => ({
            recipientPk: a.pk,
            recipientId: a.userId,
            destination: destinations.strayAlerts,
            row: {
              sender,
              message: MESSAGES.strayReported(foundDate),
              notificationType: 'ABANDONED_PET',
              relatedId: event.strayId,
              targetUrl: '/admin/abandoned-pets',
              code: 'STRAY_REPORTED',
              about: about({ foundDate }),
            },
          }));
      }
      case 'report.registered': {
        if (!event.reporterPk || event.reporterPk === event.adminPk) return [];
        const [ids, stray] = await Promise.all([repo.loginIdsOf([event.reporterPk, event.adminPk]), repo.stray(event.strayId)]);
        const reporter = ids.get(event.reporterPk);
        if (!reporter) return [];
        return [
          {
            recipientPk: event.reporterPk,
            recipientId: reporter,
            destination: destinations.strays(reporter),
            row: {
              sender: ids.get(event.adminPk) ?? 'admin',
              message: MESSAGES.reportRegistered,
              notificationType: 'ADMIN_ALERT',
              relatedId: event.strayId,
              targetUrl: `/adopt/${event.strayId}`,
              code: 'REPORT_REGISTERED',
              about: about({ dogName: stray.name, foundDate: stray.foundDate }),
            },
          },
        ];
      }
      case 'adoption.requested': {
        const [admins, ids, names, stray] = await Promise.all([
          repo.adminRecipients(),
          repo.loginIdsOf([event.applicantPk]),
          repo.displayNamesOf([event.applicantPk]),
          repo.stray(event.strayId),
        ]);
        const applicant = ids.get(event.applicantPk) ?? '';
        return admins
          .filter((a) => a.pk !== event.applicantPk)
          .map((a) => ({
            recipientPk: a.pk,
            recipientId: a.userId,
            destination: destinations.adoptionAlerts,
            row: {
              sender: applicant,
              message: MESSAGES.adoptionRequested(applicant),
              notificationType: 'ADOPTION_REQUEST',
              relatedId: event.applicationId,
              targetUrl: '/admin/adopt-applications',
              code: 'ADOPTION_REQUESTED',
              about: about({ dogName: stray.name, actor: names.get(event.applicantPk) ?? null }),
            },
          }));
      }
      case 'adoption.decided': {
        // The applicant withdrew it themselves: nothing to tell them.
        if (event.outcome === 'WITHDRAWN') return [];
        const [ids, stray] = await Promise.all([repo.loginIdsOf([event.applicantPk]), repo.stray(event.strayId)]);
        const applicant = ids.get(event.applicantPk);
        if (!applicant) return [];
        const [message, code] =
          event.reason === 'APPROVED_BY_ADMIN'
            ? ([MESSAGES.approved, 'ADOPTION_APPROVED'] as const)
            : event.reason === 'ANOTHER_APPROVED'
              ? ([MESSAGES.anotherApproved, 'ADOPTION_CLOSED'] as const)
              : ([MESSAGES.rejected, 'ADOPTION_REJECTED'] as const);
        return [
          {
            recipientPk: event.applicantPk,
            recipientId: applicant,
            destination: destinations.adoption(applicant),
            row: {
              sender: 'admin',
              message,
              notificationType: 'ADOPTION_RESULT',
              relatedId: event.applicationId,
              targetUrl: '/mypage/applications',
              code,
              about: about({ dogName: stray.name }),
            },
          },
        ];
      }
      case 'comment.created':
      case 'like.added': {
        const actorPk = event.type === 'comment.created' ? event.commenterPk : event.likerPk;
        // Never for one's own post (the legacy notifies the author of their own comments).
        if (actorPk === event.postAuthorPk) return [];
        const [ids, names, title] = await Promise.all([
          repo.loginIdsOf([actorPk, event.postAuthorPk]),
          repo.nicknamesOf([actorPk]),
          repo.postTitle(event.postId),
        ]);
        const author = ids.get(event.postAuthorPk);
        if (!author) return [];
        const comment = event.type === 'comment.created';
        return [
          {
            recipientPk: event.postAuthorPk,
            recipientId: author,
            destination: comment ? destinations.comments(author) : destinations.likes(author),
            row: {
              sender: ids.get(actorPk) ?? '',
              message: clip((comment ? MESSAGES.comment : MESSAGES.like)(title), MESSAGE_MAX),
              notificationType: comment ? 'COMMENT' : 'LIKE',
              relatedId: event.postId,
              targetUrl: `/community/${event.postId}`,
              code: comment ? 'COMMENT_ADDED' : 'LIKE_ADDED',
              about: about({ postId: event.postId, postTitle: title, actor: names.get(actorPk) ?? null }),
            },
          },
        ];
      }
      case 'lost.notice': {
        // Never for one's own doing, but the reminder is the system's and addressed to the actor.
        const reminder = event.notice === 'REMINDER';
        if (!reminder && event.actorPk === event.recipientPk) return [];
        const [ids, names, post] = await Promise.all([
          repo.loginIdsOf([event.actorPk, event.recipientPk]),
          reminder ? new Map<number, string>() : repo.nicknamesOf([event.actorPk]),
          repo.lostPost(event.postId),
        ]);
        const recipient = ids.get(event.recipientPk);
        if (!recipient || !post) return [];
        return [
          {
            recipientPk: event.recipientPk,
            recipientId: recipient,
            destination: destinations.lost(recipient),
            row: {
              sender: reminder ? '' : (ids.get(event.actorPk) ?? ''),
              message: clip(lostNoticeMessage(event.notice, post.name), MESSAGE_MAX),
              notificationType: LOST_KIND[event.notice],
              relatedId: event.postId,
              targetUrl: `/lost/${event.postId}`,
              code: LOST_CODE[event.notice],
              about: about({ dogName: post.name, postId: event.postId, actor: names.get(event.actorPk) ?? null }),
            },
          },
        ];
      }
      case 'lost.match': {
        const p = await planLostMatch(this.ctx.db, event);
        return p ? [{ ...p, destination: destinations.lost(p.recipientId) }] : [];
      }
      default:
        return [];
    }
  }
}
