import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ModalsProvider } from '@mantine/modals';
import { seoulToday, type ShelterAnimal, type Stray } from '@pawbridge/shared';
import { envelope, mockApi, renderRoutes, resetTestApp, sessionUser, type MockRoute } from '@/testing/render-app';
import StrayPage from './StrayPage';
import ShelterAnimalPage from './ShelterAnimalPage';

afterEach(() => {
  resetTestApp();
  vi.unstubAllGlobals();
});

const PHOTO = `/uploads/${'a'.repeat(32)}.webp`;

const stray = (over: Partial<Stray> = {}): Stray => ({
  id: 7,
  name: '보리',
  imageUrl: PHOTO,
  type: '진돗개',
  gender: 'FEMALE',
  location: '부산광역시',
  place: '부산광역시 해운대구 우동',
  description: '해운대 공원에서 발견\n사람을 잘 따라요',
  foundDate: '2026-11-20',
  foundTime: '14:30',
  latitude: null,
  longitude: null,
  status: 'PROTECTING',
  reportStatus: 'APPROVED',
  ...over,
});

const inDays = (n: number) => {
  const d = new Date(`${seoulToday()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

const animal = (over: Partial<ShelterAnimal> = {}): ShelterAnimal => ({
  desertionNo: '411300202600123',
  kind: '푸들',
  color: '흰색',
  sex: 'M',
  neutered: 'Y',
  birthYear: 2020,
  ageText: '2020(년생)',
  weightKg: 8.8,
  happenDate: '2026-11-15',
  happenPlace: '서울특별시 마포구 망원동',
  noticeNo: '서울-마포-2026-00123',
  noticeStart: '2026-11-15',
  noticeEnd: inDays(3),
  processState: '보호중',
  status: 'NOTICE',
  specialMark: '사람을 좋아함',
  shelter: { name: '마포동물보호센터', tel: '02-3153-0000', address: '서울특별시 마포구 월드컵로 1', regNo: '311000201' },
  region: { sido: '서울특별시', sigungu: '마포구' },
  imageUrls: ['/shelter-images/411300202600123/1', '/shelter-images/411300202600123/2'],
  updatedAt: '2026-11-15T12:00:00+09:00',
  ...over,
});

/** Embla (the photo carousel) watches slides with an IntersectionObserver, which jsdom lacks. */
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

function open(path: string, routes: Record<string, MockRoute>, session: unknown = { loggedIn: false }) {
  const api = mockApi({ 'GET /api/users/check-session': { body: session }, 'GET /api/config': { status: 404, body: {} }, ...routes });
  renderRoutes(
    [
      {
        path: '/adopt/:id',
        element: (
          <ModalsProvider>
            <StrayPage extra={() => <span>후원 자리</span>} />
          </ModalsProvider>
        ),
      },
      { path: '/shelter/:desertionNo', element: <ShelterAnimalPage /> },
    ],
    path,
  );
  return api;
}

const meta = (selector: string) =>
  document.head.querySelector(selector)?.getAttribute('content') ?? document.head.querySelector(selector)?.getAttribute('href');

describe('/adopt/:id — one of our strays', () => {
  it('shows the full photo, every detail with the place in words, apply, the composed donation part, share, and preview tags', async () => {
    const api = open('/adopt/7', { 'GET /api/abandoned/abandoned-pets/7': { body: stray() } });
    expect(await screen.findByRole('heading', { level: 1, name: '보리' })).toBeInTheDocument();
    // The key is the BFF's URL (a server render embeds its answer under it).
    expect(api.callsTo('GET', '/api/abandoned/abandoned-pets/7')).toHaveLength(1);
    const img = screen.getByRole('img', { name: '보리 사진 1/1' });
    expect(img).toHaveAttribute('src', PHOTO); // the full photo, not the thumbnail
    expect(img).toHaveAttribute('fetchpriority', 'high');
    const details = within(screen.getByRole('region', { name: '정보' }));
    expect(details.getByText('부산광역시 해운대구 우동')).toBeInTheDocument();
    expect(details.getByText('진돗개')).toBeInTheDocument();
    expect(details.getByText('암컷')).toBeInTheDocument();
    expect(details.getAllByText('보호 중').length).toBeGreaterThan(0);
    expect(screen.getByText(/사람을 잘 따라요/)).toBeInTheDocument();
    expect(screen.queryByText(/위도|경도/)).toBeNull();
    expect(screen.getByRole('button', { name: '보리 입양 신청' })).toBeEnabled();
    expect(screen.getByText('후원 자리')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '공유하기' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '입양 목록으로' })).toHaveAttribute('href', '/adopt');
    await waitFor(() => expect(meta('meta[property="og:title"]')).toBe('보리 · 진돗개'));
    expect(meta('meta[property="og:image"]')).toBe(`${window.location.origin}${PHOTO}`);
    expect(meta('link[rel="canonical"]')).toBe(`${window.location.origin}/adopt/7`);
    expect(meta('meta[property="og:description"]')).toContain('부산광역시 해운대구 우동');
  });

  it('a visitor who applies is asked to log in; nothing is sent', async () => {
    const api = open('/adopt/7', { 'GET /api/abandoned/abandoned-pets/7': { body: stray() } });
    await userEvent.click(await screen.findByRole('button', { name: '보리 입양 신청' }));
    expect(await screen.findByText('입양을 신청하려면 로그인이 필요합니다.')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('a member applies from the page and the stray is read again', async () => {
    let status: Stray['status'] = 'PROTECTING';
    const api = open(
      '/adopt/7',
      {
        'GET /api/abandoned/abandoned-pets/7': () => ({ body: stray({ status }) }),
        'POST /api/adopt/apply/7': () => {
          status = 'WAITING';
          return { body: { ok: true, message: '입양 신청이 완료되었습니다.', status: 'WAITING' } };
        },
      },
      sessionUser(),
    );
    await userEvent.click(await screen.findByRole('button', { name: '보리 입양 신청' }));
    await userEvent.click(await screen.findByRole('button', { name: '신청하기' }));
    expect(await screen.findByRole('button', { name: '대기 중' })).toBeDisabled();
    expect(api.callsTo('POST', '/api/adopt/apply/7')).toHaveLength(1);
  });

  it('waiting and adopted strays offer no application', async () => {
    open('/adopt/7', { 'GET /api/abandoned/abandoned-pets/7': { body: stray({ status: 'ADOPT' }) } });
    expect(await screen.findByRole('button', { name: '입양 완료' })).toBeDisabled();
  });

  it('an unknown stray (404) or a malformed id is the not-found state, kept out of indexes', async () => {
    open('/adopt/9', {
      'GET /api/abandoned/abandoned-pets/9': { status: 404, body: envelope('NOT_FOUND', '입양 목록에 없는 유기견입니다.') },
    });
    expect(await screen.findByRole('heading', { name: '찾을 수 없는 동물이에요' })).toBeInTheDocument();
    expect(document.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    cleanup();
    resetTestApp();
    const api = open('/adopt/abc', {});
    expect(await screen.findByRole('heading', { name: '찾을 수 없는 동물이에요' })).toBeInTheDocument();
    expect(api.calls.filter((c) => c.path.startsWith('/api/abandoned'))).toHaveLength(0);
  });

  it('a failed read says so with a retry, not "not found"', async () => {
    let fail = true;
    open('/adopt/7', {
      'GET /api/abandoned/abandoned-pets/7': () =>
        fail ? { status: 502, body: envelope('UPSTREAM_UNAVAILABLE', '서버에 연결할 수 없습니다.') } : { body: stray() },
    });
    expect(await screen.findByText('이 동물의 정보를 불러오지 못했습니다.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: '다시 시도' }));
    expect(await screen.findByRole('heading', { level: 1, name: '보리' })).toBeInTheDocument();
  });

  it('share: the system sheet where there is one, else the link is copied', async () => {
    const share = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', Object.create(navigator, { share: { value: share } }) as Navigator);
    open('/adopt/7', { 'GET /api/abandoned/abandoned-pets/7': { body: stray() } });
    await userEvent.click(await screen.findByRole('button', { name: '공유하기' }));
    expect(share).toHaveBeenCalledWith(expect.objectContaining({ url: `${window.location.origin}/adopt/7`, title: '보리 · 진돗개' }));
    cleanup();
    resetTestApp();
    vi.unstubAllGlobals();

    const writeText = vi.fn(async () => undefined);
    // defineProperty, not assignment: once user-event has installed its clipboard stub, Navigator's clipboard is a getter-only accessor
    vi.stubGlobal('navigator', Object.create(navigator, { share: { value: undefined }, clipboard: { value: { writeText } } }) as Navigator);
    open('/adopt/7', { 'GET /api/abandoned/abandoned-pets/7': { body: stray() } });
    await userEvent.click(await screen.findByRole('button', { name: '공유하기' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/adopt/7`);
    expect(await screen.findByText('링크를 복사했어요.')).toBeInTheDocument();
  });
});

describe('/shelter/:desertionNo — a shelter animal', () => {
  beforeEach(stubObservers);
  it('every photo to swipe, details, the notice with its D-day, the shelter and a 전화하기 tel: link', async () => {
    open('/shelter/411300202600123', { 'GET /api/shelter-animals/411300202600123': { body: animal() } });
    expect(await screen.findByRole('heading', { level: 1, name: '푸들' })).toBeInTheDocument();
    const photos = within(screen.getByRole('group', { name: '사진' }));
    expect(photos.getByRole('img', { name: '푸들 사진 1/2' })).toHaveAttribute('src', '/shelter-images/411300202600123/1');
    expect(photos.getByRole('img', { name: '푸들 사진 2/2' })).toHaveAttribute('loading', 'lazy');
    expect(photos.getByRole('button', { name: '다음 사진' })).toBeInTheDocument();
    expect(screen.getAllByText('공고 종료 D-3').length).toBeGreaterThan(0);
    expect(screen.getByText('2020(년생)')).toBeInTheDocument();
    expect(screen.getByText('8.8kg')).toBeInTheDocument();
    expect(screen.getByText('서울특별시 마포구 망원동')).toBeInTheDocument();
    expect(screen.getAllByText('마포동물보호센터').length).toBeGreaterThan(0);
    const call = screen.getByRole('link', { name: '마포동물보호센터에 전화하기 (02-3153-0000)' });
    expect(call).toHaveAttribute('href', 'tel:0231530000');
    expect(call).toHaveTextContent('전화하기');
    expect(screen.queryByRole('button', { name: /입양 신청/ })).toBeNull();
    expect(screen.getByRole('button', { name: '공유하기' })).toBeInTheDocument();
    await waitFor(() => expect(meta('link[rel="canonical"]')).toBe(`${window.location.origin}/shelter/411300202600123`));
    expect(meta('meta[property="og:image"]')).toBe(`${window.location.origin}/shelter-images/411300202600123/1`);
  });

  it('no phone: says so instead of a link; unknown animal: not found', async () => {
    open('/shelter/411300202600123', {
      'GET /api/shelter-animals/411300202600123': { body: animal({ shelter: { name: '보호소', tel: null, address: null, regNo: null } }) },
    });
    expect(await screen.findByText('보호소 전화번호가 없습니다. 주소로 방문해 주세요.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /전화하기/ })).toBeNull();
    cleanup();
    resetTestApp();
    open('/shelter/999', {
      'GET /api/shelter-animals/999': { status: 404, body: envelope('NOT_FOUND', '보호소 공고를 찾을 수 없습니다.') },
    });
    expect(await screen.findByRole('heading', { name: '찾을 수 없는 동물이에요' })).toBeInTheDocument();
  });
});
