import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '@pawbridge/shared';
import { adminUser, mockApi, renderRoutes, resetTestApp, sessionUser } from '@/testing/render-app';
import HomePage from './HomePage';

function renderHome(session: Session, path = '/') {
  mockApi({ 'GET /api/users/check-session': { body: session } });
  return renderRoutes(
    [
      { path: '/', element: <HomePage /> },
      { path: '/main', element: <HomePage /> },
    ],
    path,
  );
}

const cards = () => within(screen.getByRole('region', { name: '바로 가기' }));
const cardTargets = () => cards().getAllByRole('link').map((a) => a.getAttribute('href'));

// Full renders of the app frame; leave room when the whole suite runs in parallel.
vi.setConfig({ testTimeout: 15_000 });

afterEach(resetTestApp);

describe('HomePage', () => {
  it('visitor: banner, adopt/community/report cards, no my page, no social box', async () => {
    renderHome({ loggedIn: false });
    expect(screen.getByRole('heading', { level: 1, name: '유기견에게 새 가족을 찾아 주세요' })).toBeInTheDocument();
    expect(cardTargets()).toEqual(['/adopt', '/community', '/abandoned/register']);
    expect(screen.getByRole('link', { name: '회원가입하고 함께하기' })).toHaveAttribute('href', '/signup');
    expect(screen.queryByText('소셜 계정으로 로그인했어요')).not.toBeInTheDocument();
  });

  it('member: adds the my-page card and greets by name', async () => {
    renderHome(sessionUser());
    expect(await screen.findByText('Mina Kim님, 다시 만나서 반가워요')).toBeInTheDocument();
    expect(cardTargets()).toEqual(['/adopt', '/community', '/mypage', '/abandoned/register']);
    expect(cards().getByRole('link', { name: /마이페이지/ })).toHaveAttribute('href', '/mypage');
    expect(screen.queryByRole('link', { name: '회원가입하고 함께하기' })).not.toBeInTheDocument();
  });

  it("a brand-new member's first login is a welcome, not \"good to see you again\"; an unknown first visit a plain hello", async () => {
    const { unmount } = renderHome(sessionUser({ firstLogin: true }));
    expect(await screen.findByText('Mina Kim님, 포브리지에 오신 것을 환영해요')).toBeInTheDocument();
    expect(screen.queryByText(/다시 만나서/)).not.toBeInTheDocument();
    unmount();
    resetTestApp();
    renderHome(sessionUser({ firstLogin: null }));
    expect(await screen.findByText('Mina Kim님, 반가워요')).toBeInTheDocument();
  });

  it('admin: the two admin screens instead of report and my page', async () => {
    renderHome(adminUser(), '/main');
    await screen.findByText('Admin님, 다시 만나서 반가워요');
    expect(cardTargets()).toEqual(['/adopt', '/community', '/admin/abandoned-pets', '/admin/adopt-applications']);
  });

  it('social-login user: an info box naming the provider', async () => {
    renderHome(sessionUser({ provider: 'naver', socialId: 'n-1', isSocialLogin: true }));
    expect(await screen.findByText('소셜 계정으로 로그인했어요')).toBeInTheDocument();
    expect(screen.getByText(/네이버 계정으로 로그인했습니다/)).toBeInTheDocument();
  });

  it('a socialId without a provider still shows the box', async () => {
    renderHome(sessionUser({ socialId: 'x-9' }));
    expect(await screen.findByText('소셜 계정으로 로그인했어요')).toBeInTheDocument();
  });
});
