// Lost and found (issue 27): the words for its error reasons and notification kinds. The screens
// come in a later session; the errors catalogue (errors.ts) spreads `lostErrors` in, so every
// reason the server can answer has its sentence.
import { ERROR_REASON_MESSAGES } from '@pawbridge/shared/sentences';

export const lostErrors = {
  'errors.reason.LOST_POST_NOT_FOUND': ERROR_REASON_MESSAGES.LOST_POST_NOT_FOUND,
  'errors.reason.LOST_AUTHOR_ONLY': ERROR_REASON_MESSAGES.LOST_AUTHOR_ONLY,
  'errors.reason.LOST_POST_CLOSED': ERROR_REASON_MESSAGES.LOST_POST_CLOSED,
  'errors.reason.LOST_WRONG_KIND': ERROR_REASON_MESSAGES.LOST_WRONG_KIND,
  'errors.reason.LOST_OPEN_LIMIT': ERROR_REASON_MESSAGES.LOST_OPEN_LIMIT,
  'errors.reason.LOST_DAILY_LIMIT': ERROR_REASON_MESSAGES.LOST_DAILY_LIMIT,
  'errors.reason.LOST_PHOTO_LIMIT': ERROR_REASON_MESSAGES.LOST_PHOTO_LIMIT,
  'errors.reason.LOST_OWN_POST': ERROR_REASON_MESSAGES.LOST_OWN_POST,
  'errors.reason.LOST_ALREADY_FLAGGED': ERROR_REASON_MESSAGES.LOST_ALREADY_FLAGGED,
  'errors.reason.LOST_ALREADY_REPORTED': ERROR_REASON_MESSAGES.LOST_ALREADY_REPORTED,
  'errors.reason.LOST_CONTACT_NOT_FOUND': ERROR_REASON_MESSAGES.LOST_CONTACT_NOT_FOUND,
  'errors.reason.LOST_FLAG_NOT_FOUND': ERROR_REASON_MESSAGES.LOST_FLAG_NOT_FOUND,
  'errors.reason.LOST_UNSUPPORTED': ERROR_REASON_MESSAGES.LOST_UNSUPPORTED,
} as const;

export const lost = {
  'notifications.kind.LOST_SIGHTING': '새 목격·발견',
  'notifications.kind.LOST_CONTACT': '실종·목격 연락',
  'notifications.kind.LOST_REPLY': '연락에 온 답장',
} as const;

/** What the entry needs of the board (issue 27): its route titles and the header's entry; the rest is in lost-board.ts. */
export const lostBoardEntry = {
  'title.lostBoard': '실종·목격',
  'title.lostPost': '실종·목격 글',
  'nav.lost': '실종·목격',
} as const;
