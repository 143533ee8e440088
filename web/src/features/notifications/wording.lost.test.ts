import { describe, expect, it } from 'vitest';
import { NO_ABOUT, NOTIFICATION_CODES, type NotificationMatch } from '@pawbridge/shared';
import { tMaybe } from '@/messages';
import { notificationText } from './wording';

// The lost-and-found notices (issue 27) are worded from their codes like the others.
describe('lost-and-found notification wording', () => {
  it('has plain words for every code and kind words for every lost kind', () => {
    expect(NOTIFICATION_CODES.filter((c) => !tMaybe(`notifications.text.${c}.plain`))).toEqual([]);
    for (const kind of [
      'LOST_SIGHTING',
      'LOST_CONTACT',
      'LOST_REPLY',
      'LOST_COMMENT',
      'LOST_REMINDER',
      'LOST_MATCH',
      'LOST_MATCH_CONFIRMED',
    ])
      expect(tMaybe(`notifications.kind.${kind}`)).toBeTruthy();
  });

  it('names who commented on which dog, and says less when it knows less', () => {
    const about = { ...NO_ABOUT, dogName: '보리', actor: '합정댁', postId: 3 };
    expect(notificationText({ code: 'LOST_COMMENTED', about, message: 'x' })).toBe('합정댁님이 보리 글에 댓글을 남겼어요');
    expect(notificationText({ code: 'LOST_COMMENTED', about: NO_ABOUT, message: 'x' })).toBe('내 실종·목격 글에 새 댓글이 달렸어요');
    expect(notificationText({ code: 'LOST_CONTACTED', about, message: 'x' })).toBe('합정댁님이 보리 실종 신고를 보고 연락을 보냈어요');
  });

  it('words the 7-day reminder with the 10-day duty', () => {
    expect(notificationText({ code: 'LOST_REPORT_REMINDER', about: { ...NO_ABOUT, dogName: '보리' }, message: 'x' })).toBe(
      '보리를 잃어버린 지 7일이 지났어요. 등록된 반려견은 잃어버린 날부터 10일 이내에 시·군·구청에 신고해야 해요',
    );
  });

  it('words a match notice with the candidate, its score and its reasons (issue 28)', () => {
    const match: NotificationMatch = {
      candidateKind: 'FOUND',
      score: 82,
      reasons: [
        { code: 'SAME_PHOTO', points: 40 },
        { code: 'DISTANCE', points: 12, km: 2 },
        { code: 'DAYS_AFTER', points: 10, days: 1 },
        { code: 'SAME_BREED', points: 20, breed: 'JINDO' },
      ],
    };
    expect(notificationText({ code: 'LOST_MATCH_FOUND', about: { ...NO_ABOUT, dogName: '초코', match }, message: 'x' })).toBe(
      '초코와 닮은 아이가 나타났어요 — 발견 · 일치도 82점 · 2.0 km 떨어진 곳, 실종 1일 뒤 발견, 같은 사진, 같은 품종',
    );
    expect(notificationText({ code: 'LOST_MATCH_FOUND', about: { ...NO_ABOUT, match: { ...match, reasons: [] } }, message: 'x' })).toBe(
      '내 실종 신고와 닮은 아이가 나타났어요 — 발견 · 일치도 82점',
    );
    expect(notificationText({ code: 'LOST_MATCH_CONFIRMED', about: { ...NO_ABOUT, dogName: '보리', match }, message: 'x' })).toBe(
      '보리 보호자가 내가 올린 아이를 우리 아이라고 확인했어요',
    );
  });
});
