import { describe, expect, it } from 'vitest';
import { instantOf, linkFor, normaliseNotification, normaliseNotificationList } from './notification.normaliser';
import { normaliseDashboard, normaliseDashboardEvent } from './dashboard.normaliser';

describe('notification normaliser', () => {
  it("reads the legacy's offset-less local date-times as UTC (its container's zone)", () => {
    expect(instantOf('2026-11-23T01:02:03.456')).toBe('2026-11-23T01:02:03.456Z');
    expect(instantOf('2026-11-23T10:02:03+09:00')).toBe('2026-11-23T01:02:03.000Z');
    expect(instantOf([2026, 11, 23, 1, 2, 3])).toBe('2026-11-23T01:02:03.000Z');
  });

  it('links only to our own paths and otherwise to the screen the type is about', () => {
    expect(linkFor('COMMENT', '//evil.example/x', 7)).toBe('/community/7');
    expect(linkFor('COMMENT', 'https://evil.example', null)).toBe('/community');
    expect(linkFor('ADOPTION_REQUEST', null, null)).toBe('/admin/adopt-applications');
    expect(linkFor('LIKE', '/community/3', null)).toBe('/community/3');
    expect(linkFor('ADOPTION_RESULT', null, null)).toBe('/mypage/applications');
    // Every bell item opens a screen, even one of a kind this contract does not know.
    expect(linkFor('OTHER', null, null)).toBe('/mypage');
  });

  it('passes a match notice through with its candidate and opens the lost post at its candidates (issue 28)', () => {
    const match = { candidateKind: 'FOUND', score: 82, reasons: [{ code: 'DISTANCE', points: 12, km: 2 }] };
    const n = normaliseNotification({
      id: 8,
      notificationType: 'LOST_MATCH',
      message: 'x',
      relatedId: 4,
      targetUrl: '/lost/4#matches',
      createdAt: '2026-01-01T00:00:00Z',
      read: false,
      code: 'LOST_MATCH_FOUND',
      about: { dogName: '초코', postId: 4, postTitle: null, actor: null, foundDate: null, match },
    });
    expect(n).toMatchObject({ kind: 'LOST_MATCH', code: 'LOST_MATCH_FOUND', link: '/lost/4#matches', about: { postId: 4, match } });
    // A section mark is allowed after our own path only.
    expect(linkFor('LOST_MATCH', '//evil.example#matches', null, 4)).toBe('/lost/4');
    expect(linkFor('LOST_MATCH', '/lost/4#<x>', null, 4)).toBe('/lost/4');
    expect(linkFor('LOST_MATCH_CONFIRMED', null, null, 4)).toBe('/lost/4');
    // A malformed candidate is dropped with the rest of `about`, never passed on.
    const bad = normaliseNotification({
      id: 9,
      notificationType: 'LOST_MATCH',
      message: 'x',
      code: 'LOST_MATCH_FOUND',
      about: { match: { score: 'high' } },
    });
    expect(bad?.about.match ?? null).toBeNull();
  });

  it("passes our api's code and what it is about through, checked, with the post's id from relatedId", () => {
    const n = normaliseNotification({
      id: 5,
      notificationType: 'ADOPTION_RESULT',
      message: '관리자가 입양 신청을 승인했습니다.',
      targetUrl: '/mypage/applications',
      createdAt: '2026-01-01T00:00:00Z',
      read: false,
      code: 'ADOPTION_APPROVED',
      about: { dogName: '모카', postId: null, postTitle: null, actor: null, foundDate: null, extra: 'dropped' },
    });
    expect(n).toMatchObject({ kind: 'ADOPTION_RESULT', code: 'ADOPTION_APPROVED', link: '/mypage/applications' });
    expect(n?.about).toEqual({ dogName: '모카', postId: null, postTitle: null, actor: null, foundDate: null });
    const like = normaliseNotification({
      id: 6,
      notificationType: 'LIKE',
      message: 'x',
      relatedId: 9,
      code: 'LIKE_ADDED',
      about: { actor: '김민지', postTitle: '산책 모임' },
    });
    expect(like).toMatchObject({ code: 'LIKE_ADDED', link: '/community/9', about: { actor: '김민지', postTitle: '산책 모임', postId: 9 } });
    // A code this contract does not know is read like the legacy's sentence.
    expect(
      normaliseNotification({ id: 7, notificationType: 'COMMENT', message: '산책에 댓글이 달렸습니다.', code: 'NEW_THING' }),
    ).toMatchObject({
      code: 'COMMENT_ADDED',
      about: { postTitle: '산책' },
    });
  });

  it("reads what the legacy's sentences say: the found day, the post's title, approved, rejected or closed", () => {
    const legacy = (notificationType: string, message: string) =>
      normaliseNotification({ id: null, notificationType, message, targetUrl: null });
    expect(legacy('ABANDONED_PET', '2026-03-02에 발견된 유기견 제보가 접수되었습니다.')).toMatchObject({
      code: 'STRAY_REPORTED',
      about: { foundDate: '2026-03-02' },
      link: '/admin/abandoned-pets',
    });
    expect(legacy('ADMIN_ALERT', '관리자가 유기견 제보를 접수했습니다.')).toMatchObject({ code: 'REPORT_REGISTERED', link: '/adopt' });
    expect(legacy('ADOPTION_REQUEST', 'minji01님이 유기견 입양 신청했습니다.')).toMatchObject({
      code: 'ADOPTION_REQUESTED',
      // The login id in the sentence is never shown as a name.
      about: { actor: null },
    });
    expect(legacy('ADOPTION_RESULT', '관리자가 입양 신청을 승인했습니다.')).toMatchObject({
      code: 'ADOPTION_APPROVED',
      link: '/mypage/applications',
    });
    expect(legacy('ADOPTION_RESULT', '입양 신청이 거절되었습니다.')?.code).toBe('ADOPTION_REJECTED');
    expect(legacy('ADOPTION_RESULT', '다른 신청자의 입양이 확정되어 입양 신청이 마감되었습니다.')?.code).toBe('ADOPTION_CLOSED');
    expect(legacy('COMMENT', '우리 집 모카 자랑에 댓글이 달렸습니다.')).toMatchObject({
      code: 'COMMENT_ADDED',
      about: { postTitle: '우리 집 모카 자랑', postId: null },
      link: '/community',
    });
    expect(legacy('SURPRISE', '무언가')).toMatchObject({ kind: 'OTHER', code: null, link: '/mypage' });
  });

  it('maps unknown types to OTHER, drops bodies without a message, sorts lists newest first', () => {
    expect(
      normaliseNotification({ id: 1, notificationType: 'SURPRISE', message: 'x', createdAt: '2026-01-01T00:00:00Z', read: true }),
    ).toMatchObject({ kind: 'OTHER', read: true });
    expect(normaliseNotification({ id: 1, notificationType: 'COMMENT' })).toBeNull();
    expect(normaliseNotification('hello')).toBeNull();
    const list = normaliseNotificationList([
      { id: 1, notificationType: 'COMMENT', message: 'old', createdAt: '2026-01-01T00:00:00' },
      { id: 2, notificationType: 'COMMENT', message: 'new', createdAt: '2026-02-01T00:00:00' },
      { nonsense: true },
    ]);
    expect(list.map((n) => n.message)).toEqual(['new', 'old']);
  });
});

describe('dashboard normaliser', () => {
  it('zeros and names the parts that failed or came back malformed', () => {
    const d = normaliseDashboard({
      reportsAdoptions: { reportCount: 3, adoptionCount: 4, pendingReports: 1, pendingAdoptions: 2 },
      donations: 'oops',
      abandonedStatus: undefined,
    });
    expect(d).toMatchObject({ reportCount: 3, totalAmount: 0, abandoned: { lost: 0, protecting: 0, waiting: 0, adopt: 0 } });
    expect(d.failed).toEqual(['donations', 'abandonedStatus']);
  });

  it("keeps our api's monthly series", () => {
    const d = normaliseDashboard({
      reportsAdoptions: {
        reportCount: 1,
        adoptionCount: 1,
        pendingReports: 0,
        pendingAdoptions: 0,
        monthlyTrend: [{ month: '2026-11', reports: 2, adoptions: 1 }],
      },
      donations: { totalAmount: 5000, monthlyCount: 1 },
      abandonedStatus: { lost: 1, protecting: 0, waiting: 0, adopt: 0 },
    });
    expect(d.monthlyTrend).toEqual([{ month: '2026-11', reports: 2, adoptions: 1 }]);
    expect(d.failed).toEqual([]);
  });

  it('shapes live events and drops foreign ones and payloads outside the shared event catalogue', () => {
    expect(normaliseDashboardEvent('pet_adopted', { message: 'm', petId: 4, userId: 'kim' })).toMatchObject({
      event: 'pet_adopted',
      petId: 4,
      userId: 'kim',
      type: null,
    });
    expect(normaliseDashboardEvent('dashboard_update', { type: 'pet_registered', message: 'm' })).toMatchObject({
      type: 'pet_registered',
      summary: null,
    });
    expect(normaliseDashboardEvent('pet_adopted', { message: 'm', petId: 'four', userId: 'kim' })).toBeNull();
    expect(normaliseDashboardEvent('chart-data-update', undefined)).toBeNull();
    expect(normaliseDashboardEvent('connected', 'connected')).toBeNull();
    const numbers = {
      reportsAdoptions: { reportCount: 1, adoptionCount: 2, pendingReports: 3, pendingAdoptions: 4 },
      donations: { totalAmount: 5, monthlyCount: 6 },
      abandonedStatus: { lost: 7, protecting: 8, waiting: 9, adopt: 10 },
    };
    expect(normaliseDashboardEvent('chart-data-update', numbers)?.summary).toMatchObject({
      pendingReports: 3,
      abandoned: { lost: 7 },
      failed: [],
    });
    expect(normaliseDashboardEvent('dashboard_update', numbers)).toBeNull();
  });
});
