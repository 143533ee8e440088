// Neighbourhood alerts (동네 알림, issue 28; docs/decisions/0043): the words the entry needs — the bell's
// alert sentences, my page's tab, the owner's reach line; and the reasons the alert routes answer (merged into errors.ts).
// The settings screen's and the unsubscribe page's words are in alerts-screens.ts (loaded with them).
import { ERROR_REASON_MESSAGES } from '@pawbridge/shared/sentences';

export const alerts = {
  'notifications.kind.NEIGHBOURHOOD_ALERT': '동네 알림',
  'notifications.text.NEIGHBOURHOOD_MISSING.name': '내 동네에서 {name|이/가} 실종됐어요',
  'notifications.text.NEIGHBOURHOOD_MISSING.plain': '내 동네에 새 실종 신고가 올라왔어요',
  'notifications.text.NEIGHBOURHOOD_FOUND.plain': '내 동네에서 주인을 찾는 강아지가 발견됐어요',
  'notifications.text.NEIGHBOURHOOD_SEEN.plain': '내 동네에 새 목격 글이 올라왔어요',
  'notifications.text.NEIGHBOURHOOD_STRAY.name': '내 동네에서 구조된 {name|이/가} 보호 동물로 등록됐어요',
  'notifications.text.NEIGHBOURHOOD_STRAY.plain': '내 동네에서 제보된 유기견이 보호 동물로 등록됐어요',
  'notifications.text.NEIGHBOURHOOD_SHELTER.plain': '내 동네 보호소에 새 보호 동물 공고가 올라왔어요',
  'mypage.tab.alerts': '동네 알림',
  'title.unsubscribe': '메일 수신 거부',
  'lostReach.told': '반경 {km} km 안 {count}명에게 알렸어요',
  'lostReach.none': '아직 이 근처에 동네 알림을 받는 이웃이 없어요',
} as const;

/** The reasons only the alert routes answer; in the errors catalogue, which every screen has. */
export const alertsErrors = {
  'errors.reason.UNSUBSCRIBE_LINK_INVALID': ERROR_REASON_MESSAGES.UNSUBSCRIBE_LINK_INVALID,
  'errors.reason.UNSUBSCRIBE_LINK_EXPIRED': ERROR_REASON_MESSAGES.UNSUBSCRIBE_LINK_EXPIRED,
  'errors.reason.ALERTS_UNSUPPORTED': ERROR_REASON_MESSAGES.ALERTS_UNSUPPORTED,
} as const;
