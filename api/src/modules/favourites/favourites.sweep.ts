import { sendMemberMail } from '../alerts/member-mail';
import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import { NO_ABOUT, seoulToday, shelterSidoOf, isRegion, type NotificationCode } from '@pawbridge/shared';
import { FAVOURITE_LIMITS, type FavouriteStatus } from '@pawbridge/shared/favourites.schema';
import type { ApiContext } from '../../context';
import type { Db } from '../../db/index';
import { domainEvent, type NotificationWire } from '../../events';
import { toWire } from '../notifications/notifications.wire';
import { storeNotificationsIn, type NewNotification } from '../notifications/notifications.store';
import {
  claimEndingSoon,
  claimStatusChanges,
  countNewMatches,
  lockDueSearches,
  markChecked,
  recipientsOf,
  type Claimed,
} from './favourites.sweep.repository';
import { FAVOURITE_WORDS, favouriteMessage } from './favourites.words';

const BATCH = 500;

/** The live topic of a member's favourites notices (shared memberTopics). */
export const favouritesTopic = (userId: string) => `/topic/user/${userId}/favourites`;

const CHANGE_CODE: Record<FavouriteStatus, NotificationCode> = {
  OPEN: 'FAVOURITE_PROTECTED',
  ADOPTED: 'FAVOURITE_ADOPTED',
  RETURNED: 'FAVOURITE_RETURNED',
  ENDED: 'FAVOURITE_ENDED',
};

const DAY_MS = 24 * 3600_000;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

interface Notice {
  userPk: number;
  kind: 'FAVOURITE' | 'SAVED_SEARCH';
  code: NotificationCode;
  name: string | null;
  /** Days left (an ending notice) or dogs found (a search). */
  n: number;
  relatedId: number | null;
  targetUrl: string;
  noticeEnd?: string | null;
  mail: boolean;
}

const linkOf = (c: Claimed) => (c.strayId !== null ? `/adopt/${c.strayId}` : `/shelter/${encodeURIComponent(c.desertionNo ?? '')}`);

/** The adopt list's address for a saved search (its filters as the URL carries them). */
export function searchLink(q: {
  region: string | null;
  foundDate: string | null;
  foundTime: string | null;
  location: string | null;
}): string {
  const p = new URLSearchParams();
  if (q.foundDate) p.set('foundDate', q.foundDate);
  if (q.foundTime) p.set('foundTime', q.foundTime);
  if (q.location) p.set('location', q.location);
  if (q.region) p.set('region', q.region);
  const s = p.toString().replace(/\+/g, '%20');
  return s ? `/adopt?${s}` : '/adopt';
}

/**
 * Favourites' background notices (issue 28, docs/decisions/0044), swept like the lost reminder
 * (lost.reminder.ts): 3 days before a favourited shelter animal's notice ends (bell and e-mail), when a
 * favourite's status group changes (bell), and new dogs for a saved search (bell, one a day per search
 * at most, with the count). Each claim marks its rows in the transaction that stores the notifications,
 * so a crash sends nothing half and a restart sends nothing twice; the live push and the e-mails follow
 * the commit.
 */
export class FavouritesSweep {
  constructor(
    private readonly ctx: ApiContext,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** One sweep at `now`; how many notifications it stored. */
  async sweep(now: Date = new Date()): Promise<number> {
    const today = seoulToday(now);
    const stored = await this.ctx.db.transaction().execute(async (trx) => {
      const ending = await claimEndingSoon(trx, today, FAVOURITE_LIMITS.reminderDaysBefore, BATCH);
      const changes = await claimStatusChanges(trx, BATCH);
      const notices: Notice[] = [
        ...ending.map((c) => ({
          userPk: c.userPk,
          kind: 'FAVOURITE' as const,
          code: 'FAVOURITE_NOTICE_ENDING' as const,
          name: c.name,
          n: c.noticeEnd ? daysBetween(today, c.noticeEnd) : FAVOURITE_LIMITS.reminderDaysBefore,
          relatedId: c.strayId,
          targetUrl: linkOf(c),
          noticeEnd: c.noticeEnd,
          mail: true,
        })),
        ...changes.map((c) => ({
          userPk: c.userPk,
          kind: 'FAVOURITE' as const,
          code: CHANGE_CODE[c.status],
          name: c.name,
          n: 0,
          relatedId: c.strayId,
          targetUrl: linkOf(c),
          mail: false,
        })),
        ...(await this.matchSearches(trx, now, today)),
      ];
      return this.store(trx, notices);
    });
    if (stored.length === 0) return 0;
    await this.ctx.events.publish(
      ...stored.map((s) =>
        domainEvent('notification.created', {
          notificationId: s.wire.id,
          recipientPk: s.notice.userPk,
          destination: favouritesTopic(s.wire.userId),
          body: s.wire,
        }),
      ),
    );
    for (const s of stored.filter((x) => x.notice.mail)) await this.mail(s.notice, s.email, s.wire.message);
    this.log.info({ notices: stored.length }, 'favourites notices sent');
    return stored.length;
  }

  /** Saved searches not told today: count the dogs that arrived since each was last checked. */
  private async matchSearches(trx: Db, now: Date, today: string): Promise<Notice[]> {
    const due = await lockDueSearches(trx, today, BATCH);
    const out: Notice[] = [];
    for (const q of due) {
      const sido = q.region && isRegion(q.region) ? shelterSidoOf(q.region) : null;
      const count = await countNewMatches(trx, q, q.checkedAt, now, sido);
      await markChecked(trx, q.id, now, count > 0 ? today : null);
      if (count > 0)
        out.push({
          userPk: q.userPk,
          kind: 'SAVED_SEARCH',
          code: 'SAVED_SEARCH_MATCHED',
          name: null,
          n: count,
          relatedId: q.id,
          targetUrl: searchLink(q),
          mail: false,
        });
    }
    return out;
  }

  private async store(trx: Db, notices: Notice[]) {
    if (notices.length === 0) return [];
    const users = await recipientsOf(trx, [...new Set(notices.map((n) => n.userPk))]);
    const byPk = new Map(users.map((u) => [u.id, u]));
    const kept = notices.filter((n) => byPk.has(n.userPk));
    const rows: NewNotification[] = kept.map((n) => ({
      recipientPk: n.userPk,
      sender: '',
      message: favouriteMessage(n.code, n.name, n.n),
      notificationType: n.kind,
      relatedId: n.relatedId,
      targetUrl: n.targetUrl,
      code: n.code,
      about: JSON.stringify({
        ...NO_ABOUT,
        dogName: n.name,
        ...(n.kind === 'SAVED_SEARCH' ? { count: n.n } : {}),
        ...(n.noticeEnd ? { noticeEnd: n.noticeEnd } : {}),
      }),
    }));
    const inserted = await storeNotificationsIn(trx, rows);
    return inserted.map((row, i) => {
      const notice = kept[i]!;
      const user = byPk.get(notice.userPk)!;
      const wire: NotificationWire = toWire(row, user.userId);
      return { notice, wire, email: user.email };
    });
  }

  /** The reminder's e-mail: the sentence, the animal's page, what to do; never a position. Sent as a member
   * e-mail of kind FAVOURITE: not at all when the member switched it off, else with the one-link unsubscribe. */
  private async mail(n: Notice, to: string | null, sentence: string): Promise<void> {
    if (!to) return;
    const link = `${this.ctx.config.publicOrigin}${n.targetUrl}`;
    const paragraphs = [sentence, FAVOURITE_WORDS.mailEndingHint, link];
    try {
      await sendMemberMail(this.ctx, {
        userPk: n.userPk,
        to,
        kind: 'FAVOURITE',
        subject: `[포브리지] ${sentence}`,
        text: paragraphs.join('\n\n'),
        html: paragraphs
          .map((p) => (p === link ? `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` : `<p>${escapeHtml(p)}</p>`))
          .join(''),
      });
    } catch (err) {
      // The bell has it already; an e-mail is not retried (the claim is committed).
      this.log.warn({ err }, 'favourite reminder e-mail not sent');
    }
  }

  /** Runs the sweep on FAVOURITES_SWEEP_CRON (every 10 minutes by default; the claims make each notice sent once) until `stop` (croner's `protect`: never two at once on one instance). */
  schedule(): { stop: () => void } {
    const job = new Cron(this.ctx.config.favouritesSweepCron, { timezone: 'Asia/Seoul', protect: true }, async () => {
      try {
        await this.sweep();
      } catch (err) {
        this.log.warn({ err }, 'favourites sweep failed');
      }
    });
    return { stop: () => job.stop() };
  }
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
