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

/** The reasons only the comment routes answer (issue 27); in the errors catalogue, which every screen has. */
export const lostCommentErrors = {
  'errors.reason.LOST_COMMENT_NOT_FOUND': ERROR_REASON_MESSAGES.LOST_COMMENT_NOT_FOUND,
  'errors.reason.LOST_COMMENT_AUTHOR_ONLY': ERROR_REASON_MESSAGES.LOST_COMMENT_AUTHOR_ONLY,
  'errors.reason.LOST_COMMENT_LIMIT': ERROR_REASON_MESSAGES.LOST_COMMENT_LIMIT,
} as const;

export const lost = {
  'notifications.kind.LOST_SIGHTING': '새 목격·발견',
  'notifications.kind.LOST_CONTACT': '실종·목격 연락',
  'notifications.kind.LOST_REPLY': '연락에 온 답장',
  'notifications.kind.LOST_COMMENT': '실종·목격 글 댓글',
  'notifications.kind.LOST_REMINDER': '실종 신고 안내',
  'notifications.text.LOST_SIGHTING_ADDED.actorName': '{actor}님이 {name} 실종 신고에 목격·발견 글을 올렸어요',
  'notifications.text.LOST_SIGHTING_ADDED.name': '{name} 실종 신고에 새 목격·발견 글이 올라왔어요',
  'notifications.text.LOST_SIGHTING_ADDED.plain': '내 실종 신고에 새 목격·발견 글이 올라왔어요',
  'notifications.text.LOST_CONTACTED.actorName': '{actor}님이 {name} 실종 신고를 보고 연락을 보냈어요',
  'notifications.text.LOST_CONTACTED.actor': '{actor}님이 내 글을 보고 연락을 보냈어요',
  'notifications.text.LOST_CONTACTED.plain': '내 글을 보고 한 회원이 연락을 보냈어요',
  'notifications.text.LOST_REPLIED.actor': '{actor}님이 내 연락에 답장했어요',
  'notifications.text.LOST_REPLIED.plain': '내 연락에 답장이 왔어요',
  'notifications.text.LOST_COMMENTED.actorName': '{actor}님이 {name} 글에 댓글을 남겼어요',
  'notifications.text.LOST_COMMENTED.actor': '{actor}님이 내 실종·목격 글에 댓글을 남겼어요',
  'notifications.text.LOST_COMMENTED.plain': '내 실종·목격 글에 새 댓글이 달렸어요',
  'notifications.text.LOST_REPORT_REMINDER.name':
    '{name|을/를} 잃어버린 지 7일이 지났어요. 등록된 반려견은 잃어버린 날부터 10일 이내에 시·군·구청에 신고해야 해요',
  'notifications.text.LOST_REPORT_REMINDER.plain': '등록된 반려견은 잃어버린 날부터 10일 이내에 시·군·구청에 신고해야 해요',
  // Matching (issue 28, decision 0042): a likely match for my report; the owner confirmed my post.
  'notifications.kind.LOST_MATCH': '가능성 있는 아이',
  'notifications.kind.LOST_MATCH_CONFIRMED': '주인을 찾았어요',
  'notifications.text.LOST_MATCH_FOUND.name': '{name|와/과} 닮은 아이가 나타났어요',
  'notifications.text.LOST_MATCH_FOUND.plain': '내 실종 신고와 닮은 아이가 나타났어요',
  'notifications.text.LOST_MATCH_CONFIRMED.name': '{name} 보호자가 내가 올린 아이를 우리 아이라고 확인했어요',
  'notifications.text.LOST_MATCH_CONFIRMED.plain': '실종 신고의 보호자가 내가 올린 아이를 우리 아이라고 확인했어요',
} as const;

/** What the entry needs of the board (issue 27): its route titles and the header's entry; the rest is in lost-board.ts. */
export const lostBoardEntry = {
  'title.lostBoard': '실종·목격',
  'title.lostPost': '실종·목격 글',
  'nav.lost': '실종·목격',
} as const;
