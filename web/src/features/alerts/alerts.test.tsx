import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderRoutes, resetTestApp, sessionUser, testConfig, envelope } from '@/testing/render-app';
import type { MapPickerProps } from '@/components/map/MapPicker';
import NeighbourhoodTab from './NeighbourhoodTab';
import UnsubscribePage from './UnsubscribePage';

// The same stand-in as the lost forms' (test files share a worker, so both must render alike): fixed points in Korea.
vi.mock('@/components/map/MapPicker', async () => {
  const POINTS = { 망원동: { lat: 37.556, lng: 126.901 }, 해운대: { lat: 35.1587, lng: 129.1604 }, 합정: { lat: 37.56, lng: 126.92 } };
  return {
    default: ({ label, value, onChange, error }: MapPickerProps) => (
      <div>
        {Object.entries(POINTS).map(([name, p]) => (
          <button key={name} type="button" onClick={() => onChange(p)}>
            {label} {name}
          </button>
        ))}
        <span data-testid="pin">{value ? `${value.lat},${value.lng}` : 'none'}</span>
        {error && <p>{error}</p>}
      </div>
    ),
  };
});

afterEach(resetTestApp);

const PREFS = {
  LOST_NOTICE: true,
  LOST_REMINDER: true,
  LOST_MATCH: true,
  NEIGHBOURHOOD_ALERT: true,
  NEIGHBOURHOOD_DIGEST: true,
  FAVOURITE: true,
};

function renderTab(setting: unknown = null) {
  const api = mockApi({
    'GET /api/users/check-session': { body: sessionUser() },
    'GET /api/config': { body: testConfig({ lostAndFound: true }) },
    'GET /api/me/neighbourhood': { body: { setting } },
    'PUT /api/me/neighbourhood': (call) => ({ body: { setting: { place: null, ...(call.body as object) } } }),
    'DELETE /api/me/neighbourhood': { status: 200 },
    'GET /api/me/email-preferences': { body: PREFS },
    'PUT /api/me/email-preferences': (call) => {
      const b = call.body as { kind: string; enabled: boolean };
      return { body: { ...PREFS, [b.kind]: b.enabled } };
    },
  });
  renderRoutes([{ path: '/mypage/alerts', element: <NeighbourhoodTab /> }], '/mypage/alerts');
  return api;
}

describe('the 동네 알림 tab', () => {
  it('saves a point, a radius, what to hear about and how', async () => {
    const api = renderTab();
    expect(await screen.findByText(/아직 동네를 정하지 않았어요/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '내 동네 위치 망원동' }));
    await userEvent.click(screen.getByRole('radio', { name: '5 km' }));
    await userEvent.click(screen.getByRole('checkbox', { name: '발견·목격된 강아지' }));
    await userEvent.click(screen.getByRole('checkbox', { name: '동네 보호소의 새 공고 동물' }));
    await userEvent.click(screen.getByRole('radio', { name: '하루 한 번 모아서 메일로' }));
    await userEvent.type(screen.getByRole('textbox', { name: /동네 이름/ }), '망원동', { delay: null });
    await userEvent.click(screen.getByRole('button', { name: '동네 알림 저장' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/me/neighbourhood')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/me/neighbourhood')[0]!.body).toEqual({
      lat: 37.556,
      lng: 126.901,
      place: '망원동',
      radiusKm: 5,
      missing: true,
      found: false,
      strays: false,
      shelter: true,
      delivery: 'DIGEST',
    });
    expect(await screen.findByText('지금: 망원동 반경 5 km')).toBeInTheDocument();
  }, 20_000);

  it('asks for a point and at least one kind before saving anything', async () => {
    const api = renderTab();
    await screen.findByText(/아직 동네를 정하지 않았어요/);
    await userEvent.click(screen.getByRole('button', { name: '동네 알림 저장' }));
    expect(await screen.findByText('지도를 눌러 위치를 선택해 주세요.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '내 동네 위치 합정' }));
    await userEvent.click(screen.getByRole('checkbox', { name: '실종된 강아지' }));
    await userEvent.click(screen.getByRole('checkbox', { name: '발견·목격된 강아지' }));
    await userEvent.click(screen.getByRole('button', { name: '동네 알림 저장' }));
    expect(await screen.findByText('알림 받을 글을 하나 이상 골라 주세요.')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/me/neighbourhood')).toHaveLength(0);
  }, 20_000);

  it('shows the saved 동네, turns it off, and switches an e-mail kind off', async () => {
    const api = renderTab({
      lat: 37.56,
      lng: 126.92,
      place: '합정동',
      radiusKm: 3,
      missing: true,
      found: true,
      strays: false,
      shelter: false,
      delivery: 'BELL',
    });
    expect(await screen.findByText('지금: 합정동 반경 3 km')).toBeInTheDocument();
    const digest = await screen.findByRole('switch', { name: '동네 알림 하루 모음 메일' });
    await waitFor(() => expect(digest).toBeEnabled());
    await userEvent.click(digest);
    await waitFor(() =>
      expect(api.callsTo('PUT', '/api/me/email-preferences')[0]?.body).toEqual({ kind: 'NEIGHBOURHOOD_DIGEST', enabled: false }),
    );
    await userEvent.click(screen.getByRole('button', { name: '동네 알림 끄기' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/api/me/neighbourhood')).toHaveLength(1));
    expect(await screen.findByText(/아직 동네를 정하지 않았어요/)).toBeInTheDocument();
  }, 20_000);
});

describe('the unsubscribe page', () => {
  const renderPage = (path: string, reply: { status?: number; body: unknown }) => {
    const api = mockApi({
      'GET /api/users/check-session': { status: 401, body: envelope('UNAUTHENTICATED', 'x') },
      'GET /api/config': { body: testConfig() },
      'POST /api/unsubscribe': reply,
    });
    renderRoutes([{ path: '/unsubscribe', element: <UnsubscribePage /> }], path);
    return api;
  };

  it('confirms 수신 거부되었어요 for the link’s kind, with no login', async () => {
    const api = renderPage('/unsubscribe?token=abc.def0123456', { body: { kind: 'NEIGHBOURHOOD_ALERT' } });
    expect(await screen.findByText('수신 거부되었어요')).toBeInTheDocument();
    expect(screen.getByText('앞으로 「동네 알림 메일(바로)」은 보내지 않아요.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/unsubscribe')[0]!.body).toEqual({ token: 'abc.def0123456' });
  });

  it('says why a forged or expired link did nothing', async () => {
    renderPage('/unsubscribe?token=abc.def0123456', {
      status: 410,
      body: { error: { code: 'INVALID_CODE', reason: 'UNSUBSCRIBE_LINK_EXPIRED', message: 'x', requestId: 'r' } },
    });
    expect(await screen.findByText('수신 거부를 하지 못했어요')).toBeInTheDocument();
    expect(screen.getByText(/수신 거부 링크의 기한이 지났어요/)).toBeInTheDocument();
  });
});
