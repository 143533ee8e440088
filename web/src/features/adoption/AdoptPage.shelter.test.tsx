import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ModalsProvider } from '@mantine/modals';
import { seoulToday, type ShelterAnimal, type Stray } from '@pawbridge/shared';
import { envelope, mockApi, renderRoutes, resetTestApp, sessionUser, type MockRoute, type Reply } from '@/testing/render-app';
import AdoptPage from './AdoptPage';

const inDays = (n: number) => {
  const d = new Date(`${seoulToday()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

const stray = (id: number, name: string, location = '부산광역시'): Stray => ({
  id,
  name,
  imageUrl: null,
  type: '진돗개',
  gender: 'FEMALE',
  location,
  place: location,
  description: '공원에서 발견',
  foundDate: '2026-11-20',
  foundTime: '14:30',
  latitude: null,
  longitude: null,
  status: 'PROTECTING',
  reportStatus: 'APPROVED',
});

const animal = (no: string, over: Partial<ShelterAnimal> = {}): ShelterAnimal => ({
  desertionNo: no,
  kind: '푸들',
  color: '흰색',
  sex: 'M',
  neutered: 'Y',
  birthYear: 2020,
  ageText: '2020(년생)',
  weightKg: 8.8,
  happenDate: '2026-11-15',
  happenPlace: '서울특별시 마포구 망원동',
  noticeNo: `서울-마포-${no}`,
  noticeStart: '2026-11-15',
  noticeEnd: inDays(3),
  processState: '보호중',
  status: 'PROTECTING',
  specialMark: '사람을 좋아함',
  shelter: { name: '마포동물보호센터', tel: '02-3153-0000', address: '서울특별시 마포구 월드컵로 1', regNo: '311000201' },
  region: { sido: '서울특별시', sigungu: '마포구' },
  imageUrls: [`/shelter-images/${no}/1`],
  updatedAt: '2026-11-15T12:00:00+09:00',
  ...over,
});

const shelterList = (items: ShelterAnimal[], total = items.length, available = true): Reply => ({
  body: items,
  headers: { 'x-total-count': String(total), 'x-shelter-available': String(available) },
});

function setup(routes: Record<string, MockRoute> = {}) {
  const api = mockApi({
    'GET /api/users/check-session': { body: sessionUser() },
    'GET /api/adopt/adoption/my-applications': { body: [] },
    'GET /api/abandoned/abandoned-pets': { body: [stray(1, '보리'), stray(2, '콩이')] },
    'GET /api/shelter-animals': shelterList([
      animal('A1'),
      animal('A2', { kind: '믹스견', noticeEnd: seoulToday() }),
      animal('A3', { status: 'ADOPTED', processState: '종료(입양)' }),
    ]),
    ...routes,
  });
  renderRoutes(
    [
      {
        path: '/adopt',
        element: (
          <ModalsProvider>
            <AdoptPage />
          </ModalsProvider>
        ),
      },
    ],
    '/adopt',
  );
  return api;
}

const shelterCard = (no: string) => screen.findByRole('article', { name: new RegExp(`^보호소 공고 .* 서울-마포-${no}$`) });
const cardNames = () => screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'));

describe('AdoptPage with shelter animals', () => {
  afterEach(() => resetTestApp());

  it('shows both sources in one grid, one of each in turn', async () => {
    setup();
    await shelterCard('A1');
    expect(cardNames()).toEqual([
      '보리',
      '보호소 공고 푸들 서울-마포-A1',
      '콩이',
      '보호소 공고 믹스견 서울-마포-A2',
      '보호소 공고 푸들 서울-마포-A3',
    ]);
  });

  it('labels a shelter card with its source, shelter, notice D-day and a call to the shelter, without adoption or donation buttons', async () => {
    setup();
    const card = await shelterCard('A1');
    expect(within(card).getAllByText('보호소 공고').length).toBeGreaterThan(0);
    expect(within(card).getByText('공고 종료 D-3')).toBeInTheDocument();
    expect(within(card).getByText('보호 중')).toBeInTheDocument();
    for (const text of ['마포동물보호센터', '02-3153-0000', '서울특별시 마포구 월드컵로 1', '2020(년생)', '8.8kg', '수컷 · 중성화 함'])
      expect(within(card).getByText(text)).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: '푸들 사진' })).toHaveAttribute('src', '/shelter-images/A1/1');
    expect(within(card).getByRole('link', { name: '보호소에 문의: 마포동물보호센터 전화 02-3153-0000' })).toHaveAttribute(
      'href',
      'tel:0231530000',
    );
    expect(within(card).queryByRole('button', { name: /입양 신청|후원/ })).not.toBeInTheDocument();
    expect(within(await shelterCard('A2')).getByText('오늘 마감')).toBeInTheDocument();
    const adopted = await shelterCard('A3');
    expect(within(adopted).getByText('입양 완료')).toBeInTheDocument();
    expect(within(adopted).queryByText(/공고 종료|오늘 마감/)).not.toBeInTheDocument();
  });

  it('says the notice is over for a dog the portal still calls 보호중 past its end', async () => {
    setup({ 'GET /api/shelter-animals': shelterList([animal('A9', { noticeEnd: inDays(-2) })]) });
    const card = await shelterCard('A9');
    expect(within(card).getByText('공고 종료')).toBeInTheDocument();
    expect(within(card).getByText('보호 중')).toBeInTheDocument();
  });

  it('filters by source', async () => {
    const api = setup();
    await shelterCard('A1');
    await userEvent.click(screen.getByRole('radio', { name: '보호소 공고' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: '보리' })).not.toBeInTheDocument());
    expect(cardNames()).toHaveLength(3);
    await userEvent.click(screen.getByRole('radio', { name: '포브리지 구조' }));
    await waitFor(() => expect(cardNames()).toEqual(['보리', '콩이']));
    expect(api.callsTo('GET', '/api/shelter-animals')).toHaveLength(1);
  });

  it('searches both sources by date and place with the region, the time for our strays only', async () => {
    const api = setup({
      'GET /api/abandoned/abandoned-pets/search': {
        body: [stray(1, '보리', '서울특별시'), stray(5, '초코', '부산광역시')],
        headers: { 'x-total-count': '2' },
      },
      'GET /api/shelter-animals': (call) => (call.query.get('place') ? shelterList([animal('A7')], 1) : shelterList([animal('A1')])),
    });
    await shelterCard('A1');
    expect(screen.getByText(/발견 시간은 포브리지 구조 유기견에만 적용됩니다/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('발견 장소'), '마포');
    await userEvent.type(screen.getByLabelText('발견 시간'), '10:00');
    await userEvent.selectOptions(screen.getByLabelText('지역(시·도)'), '서울특별시');
    await userEvent.click(screen.getByRole('button', { name: '검색' }));
    await shelterCard('A7');
    // The region is matched on our strays here: 초코 (부산) is left out.
    await waitFor(() => expect(cardNames()).toEqual(['보리', '보호소 공고 푸들 서울-마포-A7']));
    const shelterQuery = Object.fromEntries(api.callsTo('GET', '/api/shelter-animals').at(-1)?.query ?? []);
    expect(shelterQuery).toEqual({ page: '1', size: '20', place: '마포', sido: '서울특별시' });
    const memberQuery = Object.fromEntries(api.callsTo('GET', '/api/abandoned/abandoned-pets/search').at(-1)?.query ?? []);
    expect(memberQuery).toEqual({ foundTime: '10:00', location: '마포', page: '1', size: '20' });
  });

  it('asks the portal by its own name for a renamed province', async () => {
    const api = setup({ 'GET /api/abandoned/abandoned-pets/search': { body: [] } });
    await shelterCard('A1');
    await userEvent.selectOptions(screen.getByLabelText('지역(시·도)'), '강원도');
    await userEvent.click(screen.getByRole('button', { name: '검색' }));
    await waitFor(() => expect(api.callsTo('GET', '/api/shelter-animals').at(-1)?.query.get('sido')).toBe('강원특별자치도'));
    expect(api.callsTo('GET', '/api/abandoned/abandoned-pets/search').at(-1)?.query.get('location')).toBe('강원도');
  });

  it('loads more shelter animals without moving what is on screen', async () => {
    const page1 = Array.from({ length: 20 }, (_, i) => animal(`P${i + 1}`));
    setup({
      'GET /api/shelter-animals': (call) => (call.query.get('page') === '2' ? shelterList([animal('P21')], 21) : shelterList(page1, 21)),
    });
    await shelterCard('P1');
    const before = cardNames();
    expect(before).toHaveLength(22);
    await userEvent.click(screen.getByRole('button', { name: '더 보기' }));
    await shelterCard('P21');
    expect(cardNames().slice(0, 22)).toEqual(before);
    expect(screen.queryByRole('button', { name: '더 보기' })).not.toBeInTheDocument();
    // Twenty-two cards render slowly on a loaded machine.
  }, 20_000);

  it('in front of the legacy server shows our strays only, with no source choice', async () => {
    setup({ 'GET /api/shelter-animals': shelterList([], 0, false) });
    await screen.findByRole('article', { name: '보리' });
    expect(screen.queryByRole('radio', { name: '보호소 공고' })).not.toBeInTheDocument();
    expect(screen.queryByText(/발견 시간은 포브리지 구조 유기견에만/)).not.toBeInTheDocument();
  });

  it('keeps our strays on screen when the shelter list fails, and says so', async () => {
    setup({ 'GET /api/shelter-animals': { status: 502, body: envelope('UPSTREAM_UNAVAILABLE', 'x') } });
    await screen.findByRole('article', { name: '보리' });
    expect(await screen.findByText('보호소 공고를 불러오지 못했습니다')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: '콩이' })).toBeInTheDocument();
  });
});
