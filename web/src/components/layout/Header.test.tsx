import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '@pawbridge/shared';
import { adminUser, envelope, mockApi, ok, renderRoutes, resetTestApp, sessionUser, testConfig } from '@/testing/render-app';
import { openLive } from '@/lib/live-connections';
import AppLayout from './AppLayout';
import { NotificationBellSlot } from './NotificationBell';

const screenAt = (path: string) => ({ path, element: <p>screen {path}</p> });
/** The app passes the live bell in; the layout only gives it its place. */
const StubBell = () => <button type="button">알림</button>;

function renderLayout(session: Session, extra: Parameters<typeof mockApi>[0] = {}, path = '/adopt') {
  // The header asks /api/config whether the deployment has the 실종·목격 board (the legacy's says no).
  const api = mockApi({
    'GET /api/users/check-session': { body: session },
    'GET /api/config': { body: testConfig({ lostAndFound: false }) },
    ...extra,
  });
  const view = renderRoutes(
    [
      {
        element: (
          <NotificationBellSlot.Provider value={StubBell}>
            <AppLayout />
          </NotificationBellSlot.Provider>
        ),
        children: [screenAt('/'), screenAt('/adopt'), screenAt('/login')],
      },
    ],
    path,
  );
  return { ...view, api };
}

// jsdom lays pages out 1024 px wide (fixed), below the `lg` breakpoint, so it renders the
// tablet/phone header: burger visible, desktop-only parts display: none and out of the
// accessibility tree. Those parts are found by their Mantine visibility class instead.
const DESKTOP_ONLY = '.mantine-visible-from-lg';
const desktopNav = () => document.querySelector<HTMLElement>(`header nav${DESKTOP_ONLY}[aria-label="주 메뉴"]`)!;
const entryNames = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole('link', { hidden: true })
    .map((a) => a.textContent);
const entry = (name: string) => within(desktopNav()).getByText(name).closest('a');
/** A desktop-only link or button of the header, by its text. */
const desktopControl = (name: string) =>
  [
    ...document.querySelectorAll<HTMLElement>(
      `header ${DESKTOP_ONLY} a, header ${DESKTOP_ONLY} button, header a${DESKTOP_ONLY}, header button${DESKTOP_ONLY}`,
    ),
  ].find((el) => el.textContent === name && !el.closest('nav')) ?? null;

// Full renders of the app frame; leave room when the whole suite runs in parallel.
vi.setConfig({ testTimeout: 15_000 });

afterEach(resetTestApp);

describe('Header', () => {
  it('shows the 실종·목격 entry only where /api/config says the deployment has the board (hidden on the legacy)', async () => {
    renderLayout({ loggedIn: false }, { 'GET /api/config': { body: testConfig({ lostAndFound: true }) } });
    await waitFor(() => expect(entryNames(desktopNav())).toEqual(['반려견 등록', '유기견 제보', '입양하기', '실종·목격', '커뮤니티']));
    expect(entry('실종·목격')).toHaveAttribute('href', '/lost');
    resetTestApp();
    document.body.innerHTML = '';
    renderLayout({ loggedIn: false });
    await waitFor(() => expect(desktopControl('로그인')).not.toBeNull());
    expect(entryNames(desktopNav())).not.toContain('실종·목격');
  });

  it('visitor: logo home link, four entries without my page, login and signup, no bell or logout', async () => {
    renderLayout({ loggedIn: false });
    expect(screen.getByRole('link', { name: '포브리지 홈으로' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(desktopControl('로그인')).not.toBeNull());
    expect(entryNames(desktopNav())).toEqual(['반려견 등록', '유기견 제보', '입양하기', '커뮤니티']);
    expect(entry('반려견 등록')).toHaveAttribute('href', '/pet/register');
    expect(entry('유기견 제보')).toHaveAttribute('href', '/abandoned/register');
    expect(entry('입양하기')).toHaveAttribute('aria-current', 'page');
    expect(desktopControl('로그인')).toHaveAttribute('href', '/login');
    expect(desktopControl('회원가입')).toHaveAttribute('href', '/signup');
    expect(desktopControl('로그아웃')).toBeNull();
    expect(screen.queryByRole('button', { name: /알림/ })).not.toBeInTheDocument();
  });

  it('member: the dog list and my page entries, greeting by display name, the bell the app passes in, logout instead of login', async () => {
    renderLayout(sessionUser({ name: null, displayName: 'mina' }));
    expect(await screen.findByText('mina님, 안녕하세요')).toBeInTheDocument();
    expect(entryNames(desktopNav())).toEqual(['반려견 등록', '내 반려견', '유기견 제보', '입양하기', '커뮤니티', '마이페이지']);
    expect(entry('내 반려견')).toHaveAttribute('href', '/mypet');
    expect(entry('마이페이지')).toHaveAttribute('href', '/mypage');
    expect(await screen.findByRole('button', { name: '알림' })).toBeInTheDocument();
    expect(screen.queryByText('소셜 로그인')).not.toBeInTheDocument();
    expect(desktopControl('로그아웃')?.tagName).toBe('BUTTON');
    expect(desktopControl('로그인')).toBeNull();
  });

  it('social-login user: a text badge next to the greeting', async () => {
    renderLayout(sessionUser({ provider: 'kakao', socialId: '42', isSocialLogin: true, displayName: '카카오친구' }));
    expect(await screen.findByText('카카오친구님, 안녕하세요')).toBeInTheDocument();
    expect(screen.getByText('소셜 로그인')).toBeInTheDocument();
  });

  it('admin: the three admin screens, no my page or dog list entry, in the header and the phone menu', async () => {
    renderLayout(adminUser());
    expect(await screen.findByText('Admin님, 안녕하세요')).toBeInTheDocument();
    expect(entryNames(desktopNav())).toEqual([
      '반려견 등록',
      '유기견 제보',
      '입양하기',
      '커뮤니티',
      '제보 관리',
      '입양 신청 관리',
      '보호소 공고 동기화',
    ]);
    expect(entry('제보 관리')).toHaveAttribute('href', '/admin/abandoned-pets');
    expect(entry('입양 신청 관리')).toHaveAttribute('href', '/admin/adopt-applications');
    expect(entry('보호소 공고 동기화')).toHaveAttribute('href', '/admin/shelter-sync');
    expect(screen.queryByText('마이페이지')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '메뉴 열기' }));
    const drawerNav = within(await screen.findByRole('dialog')).getByRole('navigation', { name: '주 메뉴' });
    expect(entryNames(drawerNav)).toEqual([
      '반려견 등록',
      '유기견 제보',
      '입양하기',
      '커뮤니티',
      '제보 관리',
      '입양 신청 관리',
      '보호소 공고 동기화',
    ]);
  });

  it('server unreachable: not shown as logged out; says the connection failed and retries until the member is back', async () => {
    let up = false;
    const { api } = renderLayout(sessionUser(), {
      'GET /api/users/check-session': () =>
        up ? { body: sessionUser() } : { status: 502, body: envelope('UPSTREAM_UNAVAILABLE', '서버 오류') },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('서버에 연결하지 못했어요');
    // A failed check is not a logout: no login or signup offered, no greeting either.
    expect(desktopControl('로그인')).toBeNull();
    expect(desktopControl('회원가입')).toBeNull();
    up = true;
    await userEvent.click(within(alert).getByRole('button', { name: '다시 연결' }));
    expect(await screen.findByText('Mina Kim님, 안녕하세요')).toBeInTheDocument();
    expect(screen.queryByText('서버에 연결하지 못했어요')).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/users/check-session').length).toBeGreaterThanOrEqual(2);
  });

  it('a reload while the server cannot be reached keeps the member the server last confirmed (502, network error)', async () => {
    const first = renderLayout(sessionUser());
    expect(await screen.findByText('Mina Kim님, 안녕하세요')).toBeInTheDocument();
    first.unmount();
    // A fresh app (a reload: no SWR cache) while the check gets a 502: still the member, bell and logout included.
    const second = renderLayout(sessionUser(), {
      'GET /api/users/check-session': { status: 502, body: envelope('UPSTREAM_UNAVAILABLE', 'x') },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('서버에 연결하지 못했어요');
    expect(screen.getByRole('button', { name: '알림' })).toBeInTheDocument();
    expect(screen.getByText('Mina Kim님, 안녕하세요')).toBeInTheDocument();
    expect(desktopControl('로그아웃')).not.toBeNull();
    expect(desktopControl('로그인')).toBeNull();
    expect(desktopControl('회원가입')).toBeNull();
    second.unmount();
    // A network error (no answer at all) is no logout either.
    renderLayout(sessionUser(), { 'GET /api/users/check-session': () => Promise.reject(new TypeError('Failed to fetch')) });
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.getByText('Mina Kim님, 안녕하세요')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '알림' })).toBeInTheDocument();
  });

  it('the member is dropped only when the server says the session ended', async () => {
    const first = renderLayout(sessionUser());
    expect(await screen.findByText('Mina Kim님, 안녕하세요')).toBeInTheDocument();
    first.unmount();
    renderLayout({ loggedIn: false });
    await waitFor(() => expect(desktopControl('로그인')).not.toBeNull());
    expect(screen.queryByText('Mina Kim님, 안녕하세요')).toBeNull();
    expect(sessionStorage.getItem('pawbridge.session')).toBeNull();
  });

  it('logout: calls the BFF, says so, shows the logged-out header and goes home', async () => {
    let loggedIn = true;
    const { api, router } = renderLayout(sessionUser(), {
      'GET /api/users/check-session': () => ({ body: loggedIn ? sessionUser() : { loggedIn: false } }),
      'POST /api/users/logout': () => {
        loggedIn = false;
        return ok('로그아웃');
      },
    });
    await screen.findByText('Mina Kim님, 안녕하세요');
    const configCalls = api.callsTo('GET', '/api/config').length;
    await userEvent.click(desktopControl('로그아웃')!);
    expect(await screen.findByText('로그아웃되었습니다')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/users/logout')).toHaveLength(1);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByText('Mina Kim님, 안녕하세요')).not.toBeInTheDocument();
    expect(desktopControl('로그인')).toHaveAttribute('href', '/login');
    // The public config the header reads was dropped with the member's answers, and is asked again.
    await waitFor(() => expect(api.callsTo('GET', '/api/config').length).toBeGreaterThan(configCalls));
  });

  it("logout ends the tab's live sockets first, while the session still stands (else the browser logs a refused one)", async () => {
    const events: string[] = [];
    const cleanup = openLive(async () => () => ({
      end: async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        events.push('socket ended');
      },
      resume: () => void events.push('socket reopened'),
    }));
    const { api } = renderLayout(sessionUser(), {
      'POST /api/users/logout': () => {
        events.push('logout sent');
        return ok('로그아웃');
      },
    });
    await screen.findByText('Mina Kim님, 안녕하세요');
    await userEvent.click(desktopControl('로그아웃')!);
    expect(await screen.findByText('로그아웃되었습니다')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/users/logout')).toHaveLength(1);
    expect(events).toEqual(['socket ended', 'logout sent']);
    cleanup();
  });

  it('logout failure: an error notification, the user stays logged in and the live sockets open again', async () => {
    const events: string[] = [];
    const cleanup = openLive(async () => () => ({
      end: async () => void events.push('socket ended'),
      resume: () => void events.push('socket reopened'),
    }));
    renderLayout(sessionUser(), { 'POST /api/users/logout': { status: 502, body: envelope('UPSTREAM_UNAVAILABLE', '서버 오류') } });
    await screen.findByText('Mina Kim님, 안녕하세요');
    // From the phone drawer this time.
    await userEvent.click(screen.getByRole('button', { name: '메뉴 열기' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '로그아웃' }));
    expect(await screen.findByText('서버에 연결할 수 없습니다. 잠시 후 다시 시도해 주세요.')).toBeInTheDocument();
    expect(screen.getAllByText('Mina Kim님, 안녕하세요').length).toBeGreaterThan(0);
    expect(desktopControl('로그아웃')).not.toBeNull();
    expect(events).toEqual(['socket ended', 'socket reopened']);
    cleanup();
  });

  it('mobile menu: the burger opens a drawer with the same entries, and closes it again', async () => {
    renderLayout(sessionUser());
    await screen.findByText('Mina Kim님, 안녕하세요');
    const burger = screen.getByRole('button', { name: '메뉴 열기' });
    expect(burger).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(burger);
    const dialog = await screen.findByRole('dialog');
    const drawerNav = within(dialog).getByRole('navigation', { name: '주 메뉴' });
    expect(entryNames(drawerNav)).toEqual(['반려견 등록', '내 반려견', '유기견 제보', '입양하기', '커뮤니티', '마이페이지']);
    expect(within(dialog).getByRole('button', { name: '로그아웃' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '메뉴 닫기', expanded: true })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('mobile menu: choosing an entry navigates and closes the drawer', async () => {
    const { router } = renderLayout({ loggedIn: false }, {}, '/login');
    await waitFor(() => expect(screen.getByRole('button', { name: '메뉴 열기' })).toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: '메뉴 열기' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('link', { name: '로그인' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('link', { name: '마이페이지' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('link', { name: '입양하기' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/adopt'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
