import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderRoutes, resetTestApp, sessionUser, testConfig, type MockRoute } from '@/testing/render-app';
import type { MapViewProps } from '@/components/map/MapView';
import { summary } from '../lost-fixtures';
import LostBoardPage from './LostBoardPage';

// The map engine is not under test here: the stub records what the board gives it and reports a viewport.
const mapProps = vi.hoisted(() => ({ last: null as MapViewProps | null }));
vi.mock('@/components/map/MapView', async () => {
  const { useEffect } = await import('react');
  function MapStub(props: MapViewProps) {
    mapProps.last = props;
    useEffect(() => {
      props.onViewport?.({ south: 37.4, west: 126.8, north: 37.7, east: 127.2, zoom: 12 });
      // Once, as the engine does when drawn.
      // eslint-disable-next-line react-hooks/exhaustive-deps
    }, []);
    return <div role="region" aria-label={props.label} />;
  }
  return { default: MapStub };
});

afterEach(() => {
  resetTestApp();
  mapProps.last = null;
});

const POSTS = [
  summary(),
  summary({ id: 12, kind: 'FOUND', name: null, breed: '말티즈', reward: null, address: '서울특별시 마포구 서교동' }),
  summary({ id: 13, kind: 'SEEN', name: null, breed: null, reward: null, photoUrl: null, status: 'CLOSED' }),
];

function open(path: string, routes: Record<string, MockRoute> = {}, lostAndFound = true, session: unknown = { loggedIn: false }) {
  const api = mockApi({
    'GET /api/users/check-session': { body: session },
    'GET /api/config': { body: testConfig({ lostAndFound }) },
    'GET /api/lost/posts': { body: POSTS, headers: { 'X-Total-Count': '3' } },
    ...routes,
  });
  const view = renderRoutes(
    [
      { path: '/lost', element: <LostBoardPage /> },
      { path: '/lost/:id', element: <p>post page</p> },
      { path: '/login', element: <p>login page</p> },
    ],
    path,
  );
  return { ...view, api };
}

describe('/lost — the 실종·목격 board', () => {
  it('lists missing, found and seen posts with their kind in words, photo alt text, place, date and reward', async () => {
    open('/lost');
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(3);
    const first = within(cards[0]!);
    expect(first.getByLabelText('글 종류: 실종')).toHaveTextContent('실종');
    // The card shows the 480 px thumbnail, sized (no shift), the first one loaded first (issue 26).
    const img = first.getByRole('img', { name: '초코 사진' });
    expect(img).toHaveAttribute('src', `/uploads/${'b'.repeat(32)}.thumb.webp`);
    expect(img).toHaveAttribute('width', '480');
    expect(img).toHaveAttribute('fetchpriority', 'high');
    expect(within(cards[1]!).queryByRole('img', { name: /사진$/ })?.getAttribute('loading') ?? 'lazy').toBe('lazy');
    expect(first.getByRole('link', { name: '초코 자세히 보기' })).toHaveAttribute('href', '/lost/11');
    expect(first.getByText('서울특별시 마포구 망원동')).toBeInTheDocument();
    expect(first.getByText('2026. 11. 20. 18:30')).toBeInTheDocument();
    expect(first.getByText('사례금 300,000원')).toBeInTheDocument();
    expect(within(cards[1]!).getByLabelText('글 종류: 발견')).toBeInTheDocument();
    expect(within(cards[1]!).getByRole('link', { name: '말티즈 자세히 보기' })).toBeInTheDocument();
    const third = within(cards[2]!);
    expect(third.getByLabelText('글 종류: 목격')).toBeInTheDocument();
    expect(third.getByLabelText('상태: 마감됨')).toBeInTheDocument();
    expect(third.getByText('사진 없음')).toBeInTheDocument();
    expect(screen.getByText('3건')).toBeInTheDocument();
  });

  it('reads the filters from the address, sends them to the BFF, and a new search goes into the address', async () => {
    const { api, router } = open('/lost?kind=MISSING&sido=%EC%84%9C%EC%9A%B8%ED%8A%B9%EB%B3%84%EC%8B%9C&bogus=1&dogSize=HUGE');
    await screen.findAllByRole('article');
    const first = api.callsTo('GET', '/api/lost/posts')[0]!;
    expect(first.query.get('kind')).toBe('MISSING');
    expect(first.query.get('sido')).toBe('서울특별시');
    // A value the BFF would refuse is dropped, not sent.
    expect(first.query.has('dogSize')).toBe(false);
    expect(first.query.has('bogus')).toBe(false);
    expect(first.query.get('page')).toBe('1');

    const form = screen.getByRole('search', { name: '실종·목격 글 찾기' });
    await userEvent.type(within(form).getByLabelText('털색·특징'), '흰색 빨간');
    await userEvent.selectOptions(within(form).getByLabelText('크기'), 'SMALL');
    await userEvent.selectOptions(within(form).getByLabelText('글 종류'), 'SIGHTING');
    await userEvent.click(within(form).getByRole('button', { name: '찾기' }));
    await waitFor(() => expect(router.state.location.search).toContain('colour='));
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('kind')).toBe('SIGHTING');
    expect(params.get('colour')).toBe('흰색 빨간');
    expect(params.get('dogSize')).toBe('SMALL');
    expect(params.get('sido')).toBe('서울특별시');
    await waitFor(() => expect(api.callsTo('GET', '/api/lost/posts').some((c) => c.query.get('colour') === '흰색 빨간')).toBe(true));
    const last = api.callsTo('GET', '/api/lost/posts').at(-1)!;
    expect(last.query.get('kind')).toBe('SIGHTING');
    expect(last.query.get('dogSize')).toBe('SMALL');
  });

  it('a chip removes its filter from the address and the list', async () => {
    const { router } = open('/lost?kind=MISSING&breed=%ED%91%B8%EB%93%A4');
    await screen.findAllByRole('article');
    const chips = screen.getByRole('list', { name: '사용 중인 조건' });
    const chip = within(chips).getByRole('link', { name: '견종 푸들 조건 빼기' });
    expect(chip).toHaveAttribute('href', '/lost?kind=MISSING');
    await userEvent.click(chip);
    await waitFor(() => expect(router.state.location.search).toBe('?kind=MISSING'));
  });

  it('the map view asks /api/lost/map for the viewport with the same filters and draws the server clusters', async () => {
    const { api, router } = open('/lost?kind=MISSING', {
      'GET /api/lost/map': {
        body: {
          zoom: 12,
          total: 5,
          clusters: [
            { lat: 37.55, lng: 126.9, count: 4, id: null, kind: null },
            { lat: 37.6, lng: 127.0, count: 1, id: 11, kind: 'MISSING' },
          ],
        },
      },
    });
    await screen.findAllByRole('article');
    await userEvent.click(screen.getByText('지도'));
    await waitFor(() => expect(router.state.location.search).toBe('?kind=MISSING&view=map'));
    expect(await screen.findByRole('region', { name: '실종·목격 지도' })).toBeInTheDocument();
    expect(await screen.findByText('지도 주변 포함 5건')).toBeInTheDocument();
    const call = api.callsTo('GET', '/api/lost/map')[0]!;
    expect(Object.fromEntries(call.query)).toMatchObject({
      kind: 'MISSING',
      south: '37.4',
      west: '126.8',
      north: '37.7',
      east: '127.2',
      zoom: '12',
    });
    await waitFor(() => expect(mapProps.last?.pins).toHaveLength(2));
    const [cluster, single] = mapProps.last!.pins!;
    expect(cluster).toMatchObject({ text: '4', label: '이 근처 4건, 눌러서 확대' });
    expect(single).toMatchObject({ text: '실종', label: '실종 글 보기' });
    single!.onSelect();
    await waitFor(() => expect(router.state.location.pathname).toBe('/lost/11'));
  });

  it('write buttons go to the forms for members and to the login for visitors', async () => {
    open('/lost');
    await screen.findAllByRole('article');
    expect(screen.getByRole('link', { name: '실종 신고하기' })).toHaveAttribute('href', '/login');
    resetTestApp();
    document.body.innerHTML = '';
    open('/lost', {}, true, sessionUser());
    await waitFor(() => expect(screen.getByRole('link', { name: '실종 신고하기' })).toHaveAttribute('href', '/lost/new/missing'));
    expect(screen.getByRole('link', { name: '발견·목격 올리기' })).toHaveAttribute('href', '/lost/new/sighting');
  });

  it('in front of the legacy (lostAndFound false) the board is not there and nothing is asked of the BFF', async () => {
    const { api } = open('/lost', {}, false);
    expect(await screen.findByRole('heading', { level: 1, name: '페이지를 찾을 수 없어요' })).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/lost/posts')).toHaveLength(0);
  });
});
