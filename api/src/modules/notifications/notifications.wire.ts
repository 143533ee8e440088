import { NO_ABOUT, NotificationAboutSchema, type NotificationAbout } from '@pawbridge/shared';
import type { NotificationWire } from '../../events';
import type { NotificationRow } from './notifications.repository';

// What a notification is on the wire (the legacy's shape, decision 0002): where it is published, its
// stored sentence and its structured `about`. The service decides who gets which; this file says what
// each one is.

/** Where each kind of notification is published (spec §7 Live messaging). Admin topics are shared names, but each admin receives only their own rows. */
export const destinations = {
  strayAlerts: '/topic/admin/abandoned/alerts',
  adoptionAlerts: '/topic/admin/adoption/alerts',
  strays: (userId: string) => `/topic/user/abandoned/${userId}`,
  adoption: (userId: string) => `/topic/user/${userId}/adoption`,
  comments: (userId: string) => `/topic/user/${userId}/community/comment`,
  likes: (userId: string) => `/topic/user/${userId}/community/like`,
  lost: (userId: string) => `/topic/user/${userId}/lost`,
};

/** The legacy's sentences where it has them (legacy-contract §3.2-§3.5). */
export const MESSAGE_MAX = 500;
export const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export const MESSAGES = {
  strayReported: (foundDate: string | null) =>
    foundDate ? `${foundDate}에 발견된 유기견 제보가 접수되었습니다.` : '새 유기견 제보가 접수되었습니다.',
  reportRegistered: '관리자가 제보하신 유기견을 보호 동물로 등록했습니다.',
  adoptionRequested: (applicant: string) => `${applicant}님이 유기견 입양 신청했습니다.`,
  approved: '관리자가 입양 신청을 승인했습니다.',
  rejected: '입양 신청이 거절되었습니다.',
  anotherApproved: '다른 신청자의 입양이 확정되어 입양 신청이 마감되었습니다.',
  comment: (title: string | null) => (title ? `${clip(title, 100)}에 댓글이 달렸습니다.` : '회원님의 글에 댓글이 달렸습니다.'),
  like: (title: string | null) => (title ? `${clip(title, 100)}에 좋아요가 눌렸습니다.` : '회원님의 글에 좋아요가 눌렸습니다.'),
  lostSighting: (name: string | null) =>
    name ? `'${clip(name, 30)}' 실종 신고에 새 목격·발견 글이 연결되었습니다.` : '실종 신고에 새 목격·발견 글이 연결되었습니다.',
  lostContact: (name: string | null) =>
    name
      ? `'${clip(name, 30)}' 실종 신고를 보고 한 회원이 연락을 보냈습니다.`
      : '회원님의 실종·목격 글을 보고 한 회원이 연락을 보냈습니다.',
  lostReply: '실종·목격 글의 글쓴이가 회원님의 연락에 답장했습니다.',
  lostComment: (name: string | null) =>
    name ? `'${clip(name, 30)}' 실종·목격 글에 새 댓글이 달렸습니다.` : '회원님의 실종·목격 글에 새 댓글이 달렸습니다.',
  lostReminder: (name: string | null) =>
    `${name ? `'${clip(name, 30)}' ` : ''}실종 신고 7일째예요. 등록된 반려견은 잃어버린 날부터 10일 이내에 시·군·구청에 신고해야 해요. 동물보호관리시스템(https://www.animal.go.kr)에서 신고 방법을 확인해 주세요.`,
};

/** What each lost-and-found notice is in the bell. */
export const LOST_KIND = {
  SIGHTING: 'LOST_SIGHTING',
  CONTACT: 'LOST_CONTACT',
  REPLY: 'LOST_REPLY',
  COMMENT: 'LOST_COMMENT',
  REMINDER: 'LOST_REMINDER',
} as const;
/** The code the web words each lost-and-found notice by. */
export const LOST_CODE = {
  SIGHTING: 'LOST_SIGHTING_ADDED',
  CONTACT: 'LOST_CONTACTED',
  REPLY: 'LOST_REPLIED',
  COMMENT: 'LOST_COMMENTED',
  REMINDER: 'LOST_REPORT_REMINDER',
} as const;
export type LostNoticeKind = keyof typeof LOST_KIND;

/** The bell's (the legacy-shaped `message`) and the e-mail's sentence of a lost-and-found notice. */
export function lostNoticeMessage(notice: LostNoticeKind, name: string | null): string {
  switch (notice) {
    case 'SIGHTING':
      return MESSAGES.lostSighting(name);
    case 'CONTACT':
      return MESSAGES.lostContact(name);
    case 'REPLY':
      return MESSAGES.lostReply;
    case 'COMMENT':
      return MESSAGES.lostComment(name);
    case 'REMINDER':
      return MESSAGES.lostReminder(name);
  }
}
/** A stored `about` as the wire carries it (every field present; anything malformed reads as unknown). */
/** Built once: a zod schema per call cost ~1 ms, which a fan-out to thousands of members pays per bell (issue 28). */
const PartialAboutSchema = NotificationAboutSchema.partial();
const aboutOf = (raw: unknown): NotificationAbout => {
  const parsed = PartialAboutSchema.safeParse(raw ?? {});
  return parsed.success ? { ...NO_ABOUT, ...parsed.data } : NO_ABOUT;
};
export const about = (known: Partial<NotificationAbout>): string => JSON.stringify({ ...NO_ABOUT, ...known });

export const toWire = (row: NotificationRow, recipientLoginId: string): NotificationWire => ({
  id: row.id,
  userId: recipientLoginId,
  notificationType: row.notificationType as NotificationWire['notificationType'],
  message: row.message,
  targetUrl: row.targetUrl,
  createdAt: new Date(row.createdAt).toISOString(),
  readAt: row.readAt ? new Date(row.readAt).toISOString() : null,
  read: row.isRead,
  code: row.code,
  about: aboutOf(row.about),
});
