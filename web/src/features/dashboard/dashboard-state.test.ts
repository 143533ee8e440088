import { describe, expect, it } from 'vitest';
import type { DashboardLiveEvent, DashboardSummary } from '@pawbridge/shared';
import { dashboardReducer, feedText, initialDashboard, needsRefetch } from './dashboard-state';

const summary: DashboardSummary = {
  reportCount: 3,
  adoptionCount: 4,
  pendingReports: 1,
  pendingAdoptions: 2,
  totalAmount: 10000,
  monthlyCount: 1,
  monthlyTrend: [],
  abandoned: { lost: 1, protecting: 2, waiting: 1, adopt: 1 },
  failed: [],
};
const ev = (event: DashboardLiveEvent['event'], over: Partial<DashboardLiveEvent> = {}): DashboardLiveEvent => ({
  event,
  type: null,
  message: null,
  userId: null,
  petId: null,
  summary: null,
  at: '2026-11-23T01:00:00.000Z',
  ...over,
});

describe('live dashboard (spec §4 Admin dashboard (live))', () => {
  it('user_registered adds one to the report count, pet_adopted one to the adoption count', () => {
    let s = dashboardReducer(initialDashboard, { type: 'loaded', summary });
    s = dashboardReducer(s, { type: 'event', event: ev('user_registered', { userId: 'newbie' }) });
    s = dashboardReducer(s, { type: 'event', event: ev('pet_adopted', { petId: 3 }) });
    expect(s.summary).toMatchObject({ reportCount: 4, adoptionCount: 5 });
  });

  it('dashboard_update and chart-data-update change no number but ask for a refetch', () => {
    let s = dashboardReducer(initialDashboard, { type: 'loaded', summary });
    s = dashboardReducer(s, { type: 'event', event: ev('dashboard_update', { type: 'pet_registered' }) });
    expect(s.summary).toEqual(summary);
    expect(needsRefetch(ev('dashboard_update'))).toBe(true);
    expect(needsRefetch(ev('chart-data-update'))).toBe(true);
    expect(needsRefetch(ev('pet_adopted'))).toBe(false);
  });

  it("applies the numbers our api's chart-data-update carries, without a refetch or a feed entry", () => {
    let s = dashboardReducer(initialDashboard, { type: 'loaded', summary });
    const fresh = { ...summary, pendingReports: 5 };
    s = dashboardReducer(s, { type: 'event', event: ev('chart-data-update', { summary: fresh }) });
    expect(s.summary).toEqual(fresh);
    expect(s.feed).toEqual([]);
    expect(needsRefetch(ev('chart-data-update', { summary: fresh }))).toBe(false);
  });

  it('the activity feed keeps the latest ten, newest first', () => {
    let s = dashboardReducer(initialDashboard, { type: 'loaded', summary });
    for (let i = 1; i <= 12; i += 1) s = dashboardReducer(s, { type: 'event', event: ev('user_registered', { userId: `u${i}` }) });
    expect(s.feed).toHaveLength(10);
    expect(s.feed[0]?.userId).toBe('u12');
    expect(s.feed[9]?.userId).toBe('u3');
  });

  it('words each event from the catalogue', () => {
    expect(feedText(ev('user_registered', { userId: 'kim' }))).toBe('새 회원 kim님이 가입했어요');
    expect(feedText(ev('dashboard_update', { type: 'adoption_approved', message: 'server text' }))).toBe('입양이 승인되었어요');
    expect(feedText(ev('dashboard_update', { type: 'something_new' }))).toBe('대시보드 정보가 바뀌었어요');
    expect(feedText(ev('pet_adopted'))).toBe('새 입양 신청이 접수되었어요');
  });
});
