import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SyncRun } from '@pawbridge/shared';
import { adminUser, envelope, mockApi, renderRoutes, resetTestApp, sessionUser, type MockRoute } from '@/testing/render-app';
import AdminShelterSyncPage from './AdminShelterSyncPage';

const run = (over: Partial<SyncRun>): SyncRun => ({
  id: 1,
  trigger: 'schedule',
  startedAt: '2026-11-22T18:00:00Z',
  finishedAt: '2026-11-22T18:01:00Z',
  status: 'succeeded',
  pages: 3,
  fetched: 2400,
  created: 120,
  updated: 35,
  error: null,
  ...over,
});

function setup(routes: Record<string, MockRoute> = {}, session: unknown = adminUser()) {
  const api = mockApi({ 'GET /api/users/check-session': { body: session }, ...routes });
  renderRoutes(
    [
      { path: '/admin/shelter-sync', element: <AdminShelterSyncPage /> },
      { path: '/', element: <p>홈 화면</p> },
      { path: '/login', element: <p>로그인 화면</p> },
    ],
    '/admin/shelter-sync',
  );
  return api;
}

const rows = async () =>
  within(await screen.findByRole('table', { name: '동기화 기록' }))
    .getAllByRole('row')
    .slice(1);

describe('AdminShelterSyncPage', () => {
  afterEach(() => resetTestApp());

  it('shows the history: when, trigger, result, counts and errors', async () => {
    setup({
      'GET /api/admin/shelter-sync/runs': {
        body: [run({ id: 2, trigger: 'admin', status: 'partial', error: 'PAGE_FAILED page 3: resultCode 22' }), run({})],
      },
    });
    const [partial, ok] = await rows();
    for (const text of ['관리자', '일부 실패', 'PAGE_FAILED page 3: resultCode 22'])
      expect(within(partial!).getByText(text)).toBeInTheDocument();
    for (const text of ['예약', '성공', '2400', '120', '35']) expect(within(ok!).getByText(text)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '지금 동기화' })).toBeEnabled();
  });

  it('starts a sync, then polls while it runs with the button disabled, until it is done', async () => {
    let calls = 0;
    let started = false;
    const api = setup({
      'GET /api/admin/shelter-sync/runs': () => {
        if (started) calls += 1;
        if (!started) return { body: [] };
        return {
          body: [calls >= 2 ? run({ id: 3, trigger: 'admin' }) : run({ id: 3, trigger: 'admin', status: 'running', finishedAt: null })],
        };
      },
      'POST /api/admin/shelter-sync': () => {
        started = true;
        return { status: 202, body: { runId: 3 } };
      },
    });
    expect(await screen.findByText('아직 동기화 기록이 없습니다.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '지금 동기화' }));
    expect(await screen.findByText('동기화를 시작했습니다.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: '동기화 진행 중…' })).toBeDisabled();
    // The next poll sees it finished.
    await waitFor(() => expect(screen.getByRole('button', { name: '지금 동기화' })).toBeEnabled(), { timeout: 6000 });
    expect(within((await rows())[0]!).getByText('성공')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admin/shelter-sync')).toHaveLength(1);
  }, 15_000);

  it('keeps polling after a failed poll (502): says so with a retry, then shows the finished run', async () => {
    let polls = 0;
    setup({
      'GET /api/admin/shelter-sync/runs': () => {
        polls += 1;
        if (polls === 1) return { body: [run({ id: 4, trigger: 'admin', status: 'running', finishedAt: null })] };
        if (polls === 2) return { status: 502, body: envelope('UPSTREAM_UNAVAILABLE', 'x') };
        return { body: [run({ id: 4, trigger: 'admin' })] };
      },
    });
    expect(await screen.findByRole('button', { name: '동기화 진행 중…' })).toBeDisabled();
    // The failed poll is said, with a retry; "running" is no longer claimed.
    expect(
      await screen.findByText('동기화 상태를 확인하지 못했습니다. 잠시 후 다시 확인합니다.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '지금 다시 확인' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '동기화 진행 중…' })).toBeNull();
    // The polling goes on by itself and finds the run finished.
    await waitFor(() => expect(screen.getByRole('button', { name: '지금 동기화' })).toBeEnabled(), { timeout: 6000 });
    expect(within((await rows())[0]!).getByText('성공')).toBeInTheDocument();
    expect(screen.queryByText('동기화 상태를 확인하지 못했습니다. 잠시 후 다시 확인합니다.')).toBeNull();
    expect(polls).toBeGreaterThanOrEqual(3);
  }, 15_000);

  it('says why a sync cannot start', async () => {
    setup({
      'GET /api/admin/shelter-sync/runs': { body: [] },
      'POST /api/admin/shelter-sync': {
        status: 503,
        body: envelope('UPSTREAM_UNSUPPORTED', 'x', undefined, { reason: 'SHELTER_SYNC_UNCONFIGURED' }),
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: '지금 동기화' }));
    expect(
      await screen.findByText('공공데이터 서비스 키(PUBLIC_DATA_SERVICE_KEY)가 설정되지 않아 동기화할 수 없습니다.'),
    ).toBeInTheDocument();
  });

  it('sends members home without asking for the history', async () => {
    const api = setup({}, sessionUser());
    expect(await screen.findByText('홈 화면')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/admin/shelter-sync/runs')).toHaveLength(0);
  });
});
