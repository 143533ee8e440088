import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '@pawbridge/shared';
import { adminUser, mockApi, renderRoutes, resetTestApp, sessionUser, type MockRoute } from '@/testing/render-app';
import HomePage from './HomePage';

function renderHome(session: Session, path = '/', routes: Record<string, MockRoute> = {}) {
  const api = mockApi({
    'GET /api/users/check-session': { body: session },
    'GET /api/abandoned/abandoned-pets': { body: [] },
    'GET /api/pet/profile/pets': { body: [] },
    ...routes,
  });
  const rendered = renderRoutes(
    [
      { path: '/', element: <HomePage /> },
      { path: '/main', element: <HomePage /> },
    ],
    path,
  );
  return { ...rendered, api };
}

const cards = () => within(screen.getByRole('region', { name: '바로 가기' }));
const cardTargets = () =>
  cards()
    .getAllByRole('link')
    .map((a) => a.getAttribute('href'));

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

  it('a brand-new member\'s first login is a welcome, not "good to see you again"; an unknown first visit a plain hello', async () => {
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

  it('admin: the dashboard comes first, above the hero (the charts in the first screen at 1280×800)', async () => {
    mockApi({ 'GET /api/users/check-session': { body: adminUser() }, 'GET /api/abandoned/abandoned-pets': { body: [] } });
    renderRoutes([{ path: '/', element: <HomePage adminPanel={<section aria-label="대시보드 자리">charts</section>} /> }], '/');
    const panel = await screen.findByRole('region', { name: '대시보드 자리' });
    const hero = screen.getByRole('region', { name: '유기견에게 새 가족을 찾아 주세요' });
    expect(panel.compareDocumentPosition(hero) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const main = panel.closest('.mantine-Stack-root')!;
    expect(main.firstElementChild).toBe(panel);
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

  it('a visitor sees the page before the session check answers (fast first paint)', () => {
    mockApi({
      'GET /api/users/check-session': () => new Promise<never>(() => undefined),
      'GET /api/abandoned/abandoned-pets': { body: [] },
    });
    renderRoutes([{ path: '/', element: <HomePage /> }], '/');
    expect(screen.getByRole('heading', { level: 1, name: '유기견에게 새 가족을 찾아 주세요' })).toBeInTheDocument();
    expect(cardTargets()).toEqual(['/adopt', '/community', '/abandoned/register']);
  });

  it("while the strays load, four placeholder cards hold the carousel's place, hidden from assistive tech (no shift when they arrive)", () => {
    mockApi({
      'GET /api/users/check-session': () => new Promise<never>(() => undefined),
      'GET /api/abandoned/abandoned-pets': () => new Promise<never>(() => undefined),
    });
    renderRoutes([{ path: '/', element: <HomePage /> }], '/');
    const region = screen.getByRole('region', { name: '가족을 기다리는 아이들' });
    expect(within(region).getByRole('status')).toHaveTextContent('보호 중인 아이들을 불러오는 중이에요…');
    const placeholder = region.querySelector('[aria-hidden="true"]');
    expect(placeholder?.firstElementChild?.children).toHaveLength(4);
    expect(within(region).queryAllByRole('link')).toHaveLength(0);
  });

  it("carousel: at most eight strays, each card names breed, place in words and status and goes to the stray's page", async () => {
    stubObservers();
    const strays = Array.from({ length: 10 }, (_, i) => stray(i + 1, i === 0 ? { type: null, imageUrl: null } : {}));
    renderHome({ loggedIn: false }, '/', { 'GET /api/abandoned/abandoned-pets': { body: strays } });
    const region = within(await screen.findByRole('region', { name: '가족을 기다리는 아이들' }));
    const links = await region.findAllByRole('link', { name: /자세히 보기/ });
    expect(links).toHaveLength(8);
    expect(links.map((a) => a.getAttribute('href'))).toEqual(strays.slice(0, 8).map((s) => `/adopt/${s.id}`));
    expect(links[0]).toHaveAccessibleName('사진 없음 보호 중 품종 미상 서울특별시 1 자세히 보기');
    // The 480 px thumbnail of our photos, sized for the carousel; only the first photo shown is urgent (the first stray has none).
    const imgs = Array.from(document.querySelectorAll<HTMLImageElement>('img[src^="/uploads/"]'));
    expect(imgs).toHaveLength(7);
    expect(imgs[0]?.getAttribute('src')).toBe(`/uploads/${'2'.padStart(32, '0')}.thumb.webp`);
    expect(imgs[0]?.getAttribute('srcset')).toBe(`/uploads/${'2'.padStart(32, '0')}.thumb.webp 480w`);
    expect(imgs[0]).toHaveAttribute('fetchpriority', 'high');
    expect(imgs[0]).toHaveAttribute('width', '480');
    expect(imgs[0]).toHaveAttribute('height', '360');
    expect(imgs.slice(1).every((img) => img.getAttribute('loading') === 'lazy' && !img.hasAttribute('fetchpriority'))).toBe(true);
    expect(region.getAllByText('사진 없음').length).toBeGreaterThan(0);
    expect(region.getByRole('button', { name: '다음 아이들' })).toBeInTheDocument();
    expect(region.getByRole('button', { name: '이전 아이들' })).toBeInTheDocument();
  });

  it("member: the strays show while the member's own dogs are still on their way", async () => {
    stubObservers();
    renderHome(sessionUser(), '/', {
      'GET /api/abandoned/abandoned-pets': { body: [stray(1), stray(2)] },
      'GET /api/pet/profile/pets': () => new Promise<never>(() => undefined),
    });
    const region = within(await screen.findByRole('region', { name: '가족을 기다리는 아이들' }));
    expect(await region.findAllByRole('link', { name: /자세히 보기/ })).toHaveLength(2);
  });

  it('carousel: no strays → a "목록 보기" button to /adopt; a failed list says so', async () => {
    const { unmount } = renderHome({ loggedIn: false });
    expect(await screen.findByRole('link', { name: '목록 보기' })).toHaveAttribute('href', '/adopt');
    unmount();
    resetTestApp();
    renderHome({ loggedIn: false }, '/', {
      'GET /api/abandoned/abandoned-pets': { status: 502, body: { error: { code: 'UPSTREAM_UNAVAILABLE', message: 'x', requestId: 'r' } } },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('유기견 목록을 불러오지 못했어요.');
  });

  it("member: their dogs' grid, each card to /pet/profile/{id}; none → a link to /pet/register", async () => {
    const dog = {
      id: 'p-1',
      petId: '41000000000001',
      name: '초코',
      type: '푸들',
      weight: 4.2,
      age: 3,
      size: 'SMALL',
      gender: 'MALE',
      adopt: false,
      imageUrl: null,
    };
    const { unmount } = renderHome(sessionUser(), '/', { 'GET /api/pet/profile/pets': { body: [dog] } });
    const grid = within(await screen.findByRole('region', { name: '내 반려견' }));
    expect(await grid.findByRole('link', { name: /초코/ })).toHaveAttribute('href', '/pet/profile/p-1');
    unmount();
    resetTestApp();
    renderHome(sessionUser());
    expect(await screen.findByRole('link', { name: '반려견 등록하기' })).toHaveAttribute('href', '/pet/register');
  });

  it('visitors and admins get no dogs grid and ask for no dogs', async () => {
    const { api } = renderHome(adminUser());
    await screen.findByText('Admin님, 다시 만나서 반가워요');
    expect(screen.queryByRole('region', { name: '내 반려견' })).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/pet/profile/pets')).toHaveLength(0);
  });
});

function stray(id: number, over: Record<string, unknown> = {}) {
  return {
    id,
    name: `아이${id}`,
    imageUrl: `/uploads/${String(id).padStart(32, '0')}.jpg`,
    type: '진돗개',
    gender: null,
    location: '서울특별시',
    place: `서울특별시 ${id}`,
    description: '',
    foundDate: '2026-09-01',
    foundTime: '10:00',
    latitude: null,
    longitude: null,
    status: 'PROTECTING',
    reportStatus: 'APPROVED',
    ...over,
  };
}

/** Embla watches slides with IntersectionObserver, which jsdom does not have. */
function stubObservers() {
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
      takeRecords() {
        return [];
      }
    },
  );
}
