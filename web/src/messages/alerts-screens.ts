// The 동네 알림 settings (my page) and the unsubscribe page (issue 28; docs/decisions/0043).
import { DEFAULT_ERROR_MESSAGES, VALIDATION_SENTENCES } from '@pawbridge/shared/sentences';
import { registerMessages } from './registry';

export const alertsScreens = {
  'alerts.title': '동네 알림',
  'alerts.intro':
    '내 동네에 새 실종·발견 글이 올라오면 알려 드려요. 내가 고른 위치는 나만 볼 수 있고, 다른 누가 알림을 받는지도 보이지 않아요.',
  'alerts.map': '내 동네 위치',
  'alerts.mapHint': '지도를 눌러 내 동네의 중심을 고르세요. 반경은 이 점에서 재요.',
  'alerts.place': '동네 이름(선택)',
  'alerts.placeHint': '지도에서 고르면 채워져요. 메일에는 동네 이름과 대략의 거리만 적혀요.',
  'alerts.radius': '반경',
  'alerts.radiusKm': '{km} km',
  'alerts.topics': '알림 받을 글',
  'alerts.topic.missing': '실종된 강아지',
  'alerts.topic.found': '발견·목격된 강아지',
  'alerts.topic.strays': '새로 보호 중인 유기견(회원 제보)',
  'alerts.topic.shelter': '동네 보호소의 새 공고 동물',
  'alerts.delivery': '받는 방법',
  'alerts.delivery.BELL': '알림함으로만',
  'alerts.delivery.INSTANT': '메일로 바로 (하루 최대 10통)',
  'alerts.delivery.DIGEST': '하루 한 번 모아서 메일로',
  'alerts.save': '동네 알림 저장',
  'alerts.saved': '동네 알림을 저장했어요',
  'alerts.remove': '동네 알림 끄기',
  'alerts.removed': '동네 알림을 껐어요',
  'alerts.none': '아직 동네를 정하지 않았어요. 지도에서 동네를 고르고 저장하면 알림이 시작돼요.',
  'alerts.current': '지금: {place} 반경 {km} km',
  'alerts.currentNoPlace': '지금: 고른 위치에서 반경 {km} km',
  'alerts.validation.lostPositionRequired': VALIDATION_SENTENCES.lostPositionRequired,
  'alerts.validation.lostOutsideKorea': VALIDATION_SENTENCES.lostOutsideKorea,
  'alerts.validation.alertTopicRequired': VALIDATION_SENTENCES.alertTopicRequired,
  'alerts.validation.invalid': DEFAULT_ERROR_MESSAGES.VALIDATION_FAILED,
  'alerts.loadFailed': '동네 알림 설정을 불러오지 못했어요.',
  'emailPrefs.title': '메일 수신 설정',
  'emailPrefs.intro': '끈 종류의 메일은 보내지 않아요. 가입·인증 코드 메일은 요청할 때만 가요.',
  'emailPrefs.kind.LOST_NOTICE': '실종·목격 글의 연락·댓글·목격 알림 메일',
  'emailPrefs.kind.LOST_REMINDER': '실종 신고 안내 메일(7일째)',
  'emailPrefs.kind.LOST_MATCH': '가능성 있는 아이 알림 메일',
  'emailPrefs.kind.NEIGHBOURHOOD_ALERT': '동네 알림 메일(바로)',
  'emailPrefs.kind.NEIGHBOURHOOD_DIGEST': '동네 알림 하루 모음 메일',
  'emailPrefs.kind.FAVOURITE': '관심 목록 아이의 공고 마감 안내 메일',
  'emailPrefs.saved': '메일 수신 설정을 바꿨어요',
  'unsubscribe.title': '메일 수신 거부',
  'unsubscribe.working': '수신 거부를 처리하고 있어요…',
  'unsubscribe.done': '수신 거부되었어요',
  'unsubscribe.doneKind': '앞으로 「{kind}」은 보내지 않아요.',
  'unsubscribe.again': '다시 받고 싶으면 로그인한 뒤 마이페이지의 동네 알림 탭에서 켤 수 있어요.',
  'unsubscribe.toMypage': '마이페이지 메일 설정으로',
  'unsubscribe.failed': '수신 거부를 하지 못했어요',
  'unsubscribe.missing': '링크에 수신 거부 정보가 없어요. 메일의 링크를 그대로 열어 주세요.',
} as const;

// Not in the entry chunk: the alerts screens import this module, which adds its words to the catalogue (registry.ts).
export type AlertsScreensMessages = typeof alertsScreens;
registerMessages(alertsScreens);
