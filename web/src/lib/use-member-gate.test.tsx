import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { envelope, mockApi, renderRoutes, resetTestApp, sessionUser } from '@/testing/render-app';
import { useSession } from './session';
import { useMemberGate } from './use-member-gate';

function MemberScreen() {
  const { user } = useSession();
  return useMemberGate() ? <p>회원 화면 {user?.displayName}</p> : <p>확인 중</p>;
}

const render = () =>
  renderRoutes(
    [
      { path: '/mypage', element: <MemberScreen /> },
      { path: '/login', element: <p>로그인 화면</p> },
    ],
    '/mypage',
  );

describe('useMemberGate while the server cannot be reached', () => {
  afterEach(() => resetTestApp());

  it('lets the member the server last confirmed in: a 502 on reload is no logout', async () => {
    mockApi({ 'GET /api/users/check-session': { body: sessionUser() } });
    const first = render();
    expect(await screen.findByText('회원 화면 Mina Kim')).toBeInTheDocument();
    first.unmount();
    mockApi({ 'GET /api/users/check-session': { status: 502, body: envelope('UPSTREAM_UNAVAILABLE', 'x') } });
    render();
    expect(await screen.findByText('회원 화면 Mina Kim')).toBeInTheDocument();
  });

  it('without a confirmed member, waits for the answer instead of guessing', async () => {
    const api = mockApi({ 'GET /api/users/check-session': { status: 502, body: envelope('UPSTREAM_UNAVAILABLE', 'x') } });
    render();
    await screen.findByText('확인 중');
    await new Promise((r) => setTimeout(r, 50));
    expect(api.callsTo('GET', '/api/users/check-session').length).toBeGreaterThan(0);
    expect(screen.getByText('확인 중')).toBeInTheDocument();
  });
});
