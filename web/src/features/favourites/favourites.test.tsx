import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { seoulToday } from '@pawbridge/shared';
import type { Favourite } from '@pawbridge/shared/favourites.schema';
import { mockApi, renderRoutes, resetTestApp, sessionUser, testConfig } from '@/testing/render-app';
import FavouriteHeart from './FavouriteHeart';
import FavouritesTab from './FavouritesTab';
import SaveSearchButton from './SaveSearchButton';
import { searchName } from './search-name';

afterEach(resetTestApp);

// Favourites and saved searches (issue 28): the heart's state and label, a visitor led to login and back,
// my page's 관심 목록 with D-days and removal, saved searches named in words.
const session = (member: boolean) => ({ body: member ? sessionUser() : { loggedIn: false } });
const heartRoutes = [
  {
    path: '/adopt',
    element: <FavouriteHeart target={{ source: 'member', strayId: 7 }} name="모카" />,
  },
  { path: '/login', element: <p>로그인 화면</p> },
];

describe('the heart', () => {
  it('is an empty toggle for visitors that leads to login and back', async () => {
    mockApi({ 'GET /api/users/check-session': session(false), 'GET /api/config': { body: testConfig({ favourites: true }) } });
    const { router } = renderRoutes(heartRoutes, '/adopt?region=%EC%84%9C%EC%9A%B8');
    const heart = await screen.findByRole('button', { name: '모카 관심 목록에 추가' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(heart);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/adopt?region=%EC%84%9C%EC%9A%B8');
  });

  it('fills in for a member’s heart and takes it off with a DELETE', async () => {
    let keys = { strays: [7], shelter: [] as string[] };
    const api = mockApi({
      'GET /api/users/check-session': session(true),
      'GET /api/config': { body: testConfig({ favourites: true }) },
      'GET /api/favourites/keys': () => ({ body: keys }),
      'DELETE /api/favourites/strays/7': () => {
        keys = { strays: [], shelter: [] };
        return { status: 204 };
      },
    });
    renderRoutes(heartRoutes, '/adopt');
    const heart = await screen.findByRole('button', { name: '모카 관심 목록에서 빼기' });
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(heart);
    expect(await screen.findByRole('button', { name: '모카 관심 목록에 추가' })).toHaveAttribute('aria-pressed', 'false');
    expect(api.callsTo('DELETE', '/api/favourites/strays/7')).toHaveLength(1);
  });

  it('is not there where the deployment has no favourites (the legacy)', async () => {
    mockApi({ 'GET /api/users/check-session': session(true), 'GET /api/config': { body: testConfig({ favourites: false }) } });
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <>
              <p>목록</p>
              <FavouriteHeart target={{ source: 'member', strayId: 7 }} name="모카" />
            </>
          ),
        },
      ],
      '/',
    );
    await screen.findByText('목록');
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('관심 목록 on my page', () => {
  const end = (() => {
    const d = new Date(`${seoulToday()}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + 3);
    return d.toISOString().slice(0, 10);
  })();
  const favourites: Favourite[] = [
    {
      source: 'shelter',
      desertionNo: '411100202600001',
      breed: '[개] 푸들',
      noticeNo: '서울-마포-2026-00001',
      imageUrl: '/shelter-images/411100202600001/1',
      status: 'OPEN',
      noticeEnd: end,
      createdAt: '2026-11-26T10:00:00Z',
    },
    { source: 'member', strayId: 7, name: '모카', breed: '말티즈', imageUrl: null, status: 'ADOPTED', createdAt: '2026-11-25T10:00:00Z' },
  ];

  it('lists photo, name or breed, status and D-day; removes; lists and deletes saved searches named in words', async () => {
    let searches = [
      {
        id: 3,
        source: 'shelter',
        region: '서울특별시',
        foundDate: null,
        foundTime: null,
        location: '푸들',
        createdAt: '2026-11-26T00:00:00Z',
      },
    ];
    const api = mockApi({
      'GET /api/users/check-session': session(true),
      'GET /api/config': { body: testConfig({ favourites: true }) },
      'GET /api/favourites': { body: favourites, headers: { 'X-Total-Count': '2' } },
      'GET /api/favourites/keys': { body: { strays: [7], shelter: ['411100202600001'] } },
      'DELETE /api/favourites/strays/7': { status: 204 },
      'GET /api/saved-searches': () => ({ body: searches }),
      'DELETE /api/saved-searches/3': () => {
        searches = [];
        return { status: 204 };
      },
    });
    renderRoutes([{ path: '/mypage/favourites', element: <FavouritesTab /> }], '/mypage/favourites');
    const list = await screen.findByRole('list', { name: '관심 목록에 담은 아이들' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('공고 종료 D-3')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('link', { name: '[개] 푸들 공고 서울-마포-2026-00001 자세히 보기' })).toHaveAttribute(
      'href',
      '/shelter/411100202600001',
    );
    expect(within(rows[0]!).getByRole('img', { name: '[개] 푸들 공고 서울-마포-2026-00001 사진' })).toBeInTheDocument();
    expect(within(rows[1]!).getByText('입양 완료')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('말티즈')).toBeInTheDocument();

    await userEvent.click(within(rows[1]!).getByRole('button', { name: '모카 관심 목록에서 빼기' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/api/favourites/strays/7')).toHaveLength(1));

    const saved = await screen.findByRole('list', { name: '저장한 검색 조건' });
    expect(within(saved).getByRole('link', { name: "보호소 공고 · 서울특별시 · '푸들' 조건으로 입양 목록 보기" })).toHaveAttribute(
      'href',
      `/adopt?location=${encodeURIComponent('푸들')}&region=${encodeURIComponent('서울특별시')}`,
    );
    await userEvent.click(within(saved).getByRole('button', { name: "보호소 공고 · 서울특별시 · '푸들' 조건 삭제" }));
    expect(await screen.findByText(/저장한 검색 조건이 없어요/)).toBeInTheDocument();
  });
});

describe('이 조건 저장', () => {
  it('saves the current search and says its name in words', async () => {
    const api = mockApi({
      'GET /api/users/check-session': session(true),
      'GET /api/config': { body: testConfig({ favourites: true }) },
      'POST /api/saved-searches': { status: 201, body: { id: 9 } },
      'GET /api/saved-searches': { body: [] },
    });
    const search = { source: 'all' as const, region: '부산광역시' as const, foundDate: '2026-11-21', foundTime: null, location: null };
    renderRoutes([{ path: '/adopt', element: <SaveSearchButton search={search} /> }], '/adopt');
    await userEvent.click(await screen.findByRole('button', { name: '이 조건 저장' }));
    expect(await screen.findByText('검색 조건을 저장했어요: 부산광역시 · 11월 21일 발견')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/saved-searches')[0]!.body).toEqual(search);
  });

  it('names an empty search "모든 아이"', () => {
    expect(searchName({})).toBe('모든 아이');
    expect(searchName({ source: 'member', foundTime: '09:30' })).toBe('포브리지 구조 · 09:30 무렵');
  });
});
