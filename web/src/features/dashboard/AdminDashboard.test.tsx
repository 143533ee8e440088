import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DashboardLiveEvent, DashboardSummary } from '@pawbridge/shared';
import type { DashboardSocketOptions } from '@/lib/dashboard-socket';
import type { LiveConnection } from '@/lib/live-connections';
import { adminUser, envelope, mockApi, renderRoutes, resetTestApp } from '@/testing/render-app';
import AdminDashboard from './AdminDashboard';

const live: { opts: DashboardSocketOptions | null } = { opts: null };
vi.mock('@/lib/dashboard-socket', () => ({
  connectDashboard: (opts: DashboardSocketOptions): LiveConnection => {
    live.opts = opts;
    return { end: async () => {}, resume: () => {} };
  },
}));
// The charts are their own (lazy) chunk; their drawing is not what these tests are about.
vi.mock('./components/DashboardCharts', () => ({ default: () => <p>charts</p> }));

vi.setConfig({ testTimeout: 15_000 });
afterEach(resetTestApp);

const summary: DashboardSummary = {
  reportCount: 3,
  adoptionCount: 4,
  pendingReports: 1,
  pendingAdoptions: 2,
  totalAmount: 25000,
  monthlyCount: 2,
  monthlyTrend: [],
  abandoned: { lost: 1, protecting: 2, waiting: 1, adopt: 1 },
  failed: [],
};
const render = (reply: () => { status?: number; body?: unknown }) => {
  const api = mockApi({ 'GET /api/users/check-session': { body: adminUser() }, 'GET /api/admin/dashboard': reply });
  renderRoutes([{ path: '/', element: <AdminDashboard /> }], '/');
  return api;
};
const ev = (event: DashboardLiveEvent['event'], over: Partial<DashboardLiveEvent> = {}): DashboardLiveEvent => ({
  event,
  type: null,
  message: null,
  userId: null,
  petId: null,
  summary: null,
  at: new Date().toISOString(),
  ...over,
});

describe('AdminDashboard', () => {
  it('shows the four cards, the buttons to both admin screens, and applies live events', async () => {
    const api = render(() => ({ body: summary }));
    expect(await screen.findByTestId('stat-유기견 제보')).toHaveTextContent('3');
    expect(screen.getByText('25,000원')).toBeInTheDocument();
    expect(screen.getByText('처리 대기 1건')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '유기견 제보 관리' })).toHaveAttribute('href', '/admin/abandoned-pets');
    expect(screen.getByRole('link', { name: '입양 신청 관리' })).toHaveAttribute('href', '/admin/adopt-applications');
    expect(screen.getByText(/아직 새 활동이 없어요/)).toBeInTheDocument();

    await waitFor(() => expect(live.opts).not.toBeNull());
    expect(screen.getByText('실시간 연결 중…')).toBeInTheDocument();
    // Live end to end: whatever changed before is fetched once more.
    const fetched = api.callsTo('GET', '/api/admin/dashboard').length;
    act(() => live.opts?.onStatus('online'));
    expect(await screen.findByText('실시간 연결됨')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET', '/api/admin/dashboard').length).toBe(fetched + 1));
    act(() => live.opts?.onEvent(ev('user_registered', { userId: 'newbie' })));
    expect(await screen.findByTestId('stat-유기견 제보')).toHaveTextContent('4');
    expect(screen.getByText('새 회원 newbie님이 가입했어요')).toBeInTheDocument();

    const before = api.callsTo('GET', '/api/admin/dashboard').length;
    act(() => live.opts?.onEvent(ev('dashboard_update', { type: 'stray_reported' })));
    await waitFor(() => expect(api.callsTo('GET', '/api/admin/dashboard').length).toBe(before + 1));
    expect(screen.getByText('새 유기견 제보가 접수되었어요')).toBeInTheDocument();
  });

  it('on failure shows zeros, the message and a refresh button that tries again', async () => {
    let fail = true;
    const api = render(() => (fail ? { status: 502, body: envelope('UPSTREAM_UNAVAILABLE', 'x') } : { body: summary }));
    expect(await screen.findByText('관리자 데이터를 불러오지 못했습니다')).toBeInTheDocument();
    expect(screen.getByTestId('stat-유기견 제보')).toHaveTextContent('0');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: '새로고침' }));
    expect(await screen.findByText('처리 대기 1건')).toBeInTheDocument();
    expect(screen.queryByText('관리자 데이터를 불러오지 못했습니다')).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/admin/dashboard')).toHaveLength(2);
  });

  it('names a partial failure the BFF reports', async () => {
    render(() => ({ body: { ...summary, totalAmount: 0, monthlyCount: 0, failed: ['donations'] } }));
    expect(await screen.findByText('일부 관리자 데이터를 불러오지 못해 0으로 표시했습니다')).toBeInTheDocument();
  });
});
