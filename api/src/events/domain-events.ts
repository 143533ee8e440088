/**
 * The domain events every module may raise, one discriminated union keyed by
 * `type`. Events are plain JSON (ids, user keys, ISO timestamps) because they
 * cross process boundaries through Redis; never put a Date, a class or a
 * secret in one.
 *
 * User references are `users.id` database keys (`...Pk`); subscribers that
 * need the login id (STOMP destinations use it) look it up.
 */

import type { NotificationAbout, NotificationCode } from '@pawbridge/shared';

interface EventBase {
  /** ISO 8601 instant at which the change committed (stamped by `domainEvent`). */
  occurredAt: string;
}

/** A member (or a visitor, when reporterPk is null) reported a found dog; admins are to be told. */
export interface StrayReported extends EventBase {
  type: 'stray.reported';
  strayId: number;
  reporterPk: number | null;
}

/** An admin registered (approved) a report: the stray is now PROTECTING; the reporter is to be told. */
export interface ReportRegistered extends EventBase {
  type: 'report.registered';
  strayId: number;
  reporterPk: number | null;
  adminPk: number;
}

/** A member applied to adopt a stray; admins are to be told. */
export interface AdoptionRequested extends EventBase {
  type: 'adoption.requested';
  applicationId: number;
  strayId: number;
  applicantPk: number;
}

/** An application reached its outcome; the applicant is to be told (unless they withdrew it themselves). */
export interface AdoptionDecided extends EventBase {
  type: 'adoption.decided';
  applicationId: number;
  strayId: number;
  applicantPk: number;
  outcome: 'APPROVED' | 'REJECTED' | 'WITHDRAWN';
  reason: 'APPROVED_BY_ADMIN' | 'REJECTED_BY_ADMIN' | 'ANOTHER_APPROVED' | 'WITHDRAWN_BY_APPLICANT';
}

/** A comment on a community post; the post's author is to be told (not when they commented themselves). */
export interface CommentCreated extends EventBase {
  type: 'comment.created';
  commentId: number;
  postId: number;
  commenterPk: number;
  postAuthorPk: number;
}

/** A like on a community post (not an unlike); the post's author is to be told (not for their own like). */
export interface LikeAdded extends EventBase {
  type: 'like.added';
  postId: number;
  likerPk: number;
  postAuthorPk: number;
}

/**
 * Lost and found (issue 27): a post's author is to be told of a sighting attached to their missing
 * report, of a relay message or of a comment; a member who wrote through the relay, of the author's
 * reply; the owner of a registered dog's report still open after 7 days, of the duty to report the
 * loss (REMINDER, raised by the sweep, actorPk the owner). `relatedId` is the sighting's post id, the
 * relay message's id, the comment's id or (REMINDER) the report's id.
 */
export interface LostNotice extends EventBase {
  type: 'lost.notice';
  notice: 'SIGHTING' | 'CONTACT' | 'REPLY' | 'COMMENT' | 'REMINDER';
  postId: number;
  recipientPk: number;
  actorPk: number;
  relatedId: number;
}

/**
 * Matching (issue 28, decision 0042): MATCH — a candidate at or above the alert threshold was stored for
 * an open missing report (recipient: its owner; raised once per pair, claimed by `alerted_at`);
 * CONFIRMED — the owner confirmed the candidate (recipient: the finder of the found/seen post or the
 * member who reported the stray). `candidateId` is the match_candidates row.
 */
export interface LostMatchNotice extends EventBase {
  type: 'lost.match';
  notice: 'MATCH' | 'CONFIRMED';
  lostPostId: number;
  recipientPk: number;
  candidateId: number;
}

/** A verified donation was stored. */
export interface DonationRecorded extends EventBase {
  type: 'donation.recorded';
  donationId: number;
  donorPk: number;
  /** KRW */
  amount: number;
}

/** A new account was committed (the legacy's `user_registered` dashboard event). */
export interface UserRegistered extends EventBase {
  type: 'user.registered';
  userPk: number;
  /** login id */
  userId: string;
}

/**
 * A notification row was stored (raised by the notifications module, consumed
 * by the STOMP broker on every instance). `body` is the legacy wire shape.
 */
export interface NotificationCreated extends EventBase {
  type: 'notification.created';
  notificationId: number;
  recipientPk: number;
  /** STOMP destination, e.g. `/topic/user/{loginId}/adoption` or an admin topic. */
  destination: string;
  body: NotificationWire;
}

/** The legacy NotificationDto (legacy-contract §3.6, §6.2) as REST and STOMP carry it; `targetUrl` is the SPA screen it is about. */
export interface NotificationWire {
  id: number;
  /** recipient's login id */
  userId: string;
  notificationType:
    | 'ABANDONED_PET'
    | 'ADMIN_ALERT'
    | 'ADOPTION_REQUEST'
    | 'ADOPTION_RESULT'
    | 'COMMENT'
    | 'LIKE'
    | 'LOST_SIGHTING'
    | 'LOST_CONTACT'
    | 'LOST_REPLY'
    | 'LOST_COMMENT'
    | 'LOST_REMINDER'
    | 'NEIGHBOURHOOD_ALERT'
    | 'FAVOURITE'
    | 'SAVED_SEARCH'
    | 'LOST_MATCH'
    | 'LOST_MATCH_CONFIRMED';
  message: string;
  targetUrl: string | null;
  /** ISO instant with offset (the legacy sends a local time without one) */
  createdAt: string;
  readAt: string | null;
  read: boolean;
  /** What happened (the web words it); null on notifications stored before codes existed. */
  code: NotificationCode | null;
  /** What it is about: the dog, the post, who did it. */
  about: NotificationAbout;
}

export type DomainEvent =
  | StrayReported
  | ReportRegistered
  | AdoptionRequested
  | AdoptionDecided
  | CommentCreated
  | LikeAdded
  | LostNotice
  | LostMatchNotice
  | DonationRecorded
  | UserRegistered
  | NotificationCreated;

export type DomainEventType = DomainEvent['type'];
export type EventOf<T extends DomainEventType> = Extract<DomainEvent, { type: T }>;

export const DOMAIN_EVENT_TYPES: readonly DomainEventType[] = [
  'stray.reported',
  'report.registered',
  'adoption.requested',
  'adoption.decided',
  'comment.created',
  'like.added',
  'lost.notice',
  'lost.match',
  'donation.recorded',
  'user.registered',
  'notification.created',
];

type Fields<T extends DomainEventType> = Omit<EventOf<T>, 'type' | 'occurredAt'> & { occurredAt?: string };

/** Build an event, stamping `occurredAt` with now unless given. */
export function domainEvent<T extends DomainEventType>(type: T, fields: Fields<T>): EventOf<T> {
  return { occurredAt: new Date().toISOString(), ...fields, type } as EventOf<T>;
}
