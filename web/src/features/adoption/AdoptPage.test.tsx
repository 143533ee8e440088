import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ModalsProvider } from '@mantine/modals';
import type { AdoptionApplication, Stray } from '@pawbridge/shared';
import { adminUser, envelope, mockApi, renderRoutes, resetTestApp, sessionUser, type MockRoute } from '@/testing/render-app';
import AdoptPage from './AdoptPage';

const stray = (over: Partial<Stray>): Stray => ({
  id: 1,
  name: '보리',
  imageUrl: '/uploads/bori.jpg',
  type: '진돗개',
  gender: 'FEMALE',
  location: '부산광역시',
  place: '부산광역시 해운대구',
  description: '해운대 공원에서 발견',
  foundDate: '2026-11-20',
  foundTime: '14:30',
  latitude: 35.16,
  longitude: 129.16,
  status: 'PROTECTING',
  reportStatus: 'APPROVED',
  ...over,
});

const list = [
  stray({ id: 1, name: '보리' }),
  stray({ id: 2, name: '콩이', status: 'WAITING', gender: null, type: null }),
  stray({ id: 3, name: '하루', status: 'ADOPT' }),
];

function setup(routes: Record<string, MockRoute> = {}, session: unknown = sessionUser()) {
  const api = mockApi({
    'GET /api/users/check-session': { body: session },
    'GET /api/abandoned/abandoned-pets': { body: list },
    // A member's own applications (none unless a test says otherwise).
    'GET /api/adopt/adoption/my-applications': { body: [] },
    // No shelter animals unless a test says otherwise (AdoptPage.shelter.test.tsx covers them).
    'GET /api/shelter-animals': { body: [], headers: { 'x-total-count': '0' } },
    ...routes,
  });
  const view = renderRoutes(
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
  return { api, ...view };
}

const card = async (name: string) => screen.findByRole('article', { name });

const myApp = (over: Partial<AdoptionApplication>): AdoptionApplication => ({
  id: 40,
  adoptPetId: 2,
  adoptStatus: 'REQUESTED',
  userName: 'minji88',
  appliedAt: '2026-11-21T01:00:00Z',
  approvedAt: null,
  location: '부산광역시',
  type: null,
  petImageUrl: '/uploads/kong.jpg',
  petName: '콩이',
  applicantName: null,
  applicantEmail: null,
  applicantPhone: null,
  ...over,
});

describe('AdoptPage', () => {
  afterEach(() => resetTestApp());

  it('shows each stray as a card with photo, badge, details (the place in words) and a link to its page', async () => {
    setup();
    const bori = await card('보리');
    expect(within(bori).getByRole('img', { name: '보리의 사진' })).toHaveAttribute('src', '/uploads/bori.jpg');
    expect(within(bori).getByRole('link', { name: '보리 자세히 보기' })).toHaveAttribute('href', '/adopt/1');
    expect(within(bori).getByText('보호 중')).toBeInTheDocument();
    for (const text of ['진돗개', '암컷', '부산광역시 해운대구', '2026년 11월 20일 14:30', '해운대 공원에서 발견'])
      expect(within(bori).getByText(text)).toBeInTheDocument();
    const kong = await card('콩이');
    expect(within(kong).getByText('입양 대기')).toBeInTheDocument();
    expect(within(kong).getAllByText('알 수 없음')).toHaveLength(1);
    expect(within(kong).getByText('모름')).toBeInTheDocument();
    expect(within(await card('하루')).getByText('입양 완료', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /후원/ })).not.toBeInTheDocument();
  });

  it('cards show our 480 px thumbnails with their size; only the first photo is urgent, the rest load as they scroll in', async () => {
    const key = (n: number) => String(n).padStart(32, 'c');
    setup({
      'GET /api/abandoned/abandoned-pets': {
        body: [1, 2, 3].map((id) => stray({ id, name: `개${id}`, imageUrl: `/uploads/${key(id)}.webp` })),
      },
    });
    await card('개3');
    const imgs = [1, 2, 3].map((id) => screen.getByRole('img', { name: `개${id}의 사진` }));
    expect(imgs.map((i) => i.getAttribute('src'))).toEqual([1, 2, 3].map((id) => `/uploads/${key(id)}.thumb.webp`));
    expect(imgs[0]).toHaveAttribute('srcset', `/uploads/${key(1)}.thumb.webp 480w`);
    expect(imgs[0]?.getAttribute('sizes')).toContain('100vw');
    expect(imgs.map((i) => [i.getAttribute('width'), i.getAttribute('height')])).toEqual(Array(3).fill(['480', '360']));
    expect(imgs.map((i) => i.getAttribute('fetchpriority'))).toEqual(['high', null, null]);
    expect(imgs.map((i) => i.getAttribute('loading'))).toEqual(['eager', 'lazy', 'lazy']);
  });

  it('enables applying only for PROTECTING', async () => {
    setup();
    expect(within(await card('보리')).getByRole('button', { name: '보리 입양 신청' })).toBeEnabled();
    expect(within(await card('콩이')).getByRole('button', { name: '대기 중' })).toBeDisabled();
    expect(within(await card('하루')).getByRole('button', { name: '입양 완료' })).toBeDisabled();
  });

  it('asks visitors to log in and sends nothing', async () => {
    const { api } = setup({}, { loggedIn: false });
    await userEvent.click(within(await card('보리')).getByRole('button', { name: '보리 입양 신청' }));
    expect(await screen.findByText('입양을 신청하려면 로그인이 필요합니다.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '로그인하기' })).toHaveAttribute('href', '/login');
    expect(api.callsTo('POST', '/api/adopt/apply/1')).toHaveLength(0);
  });

  it('confirms, applies, and reloads the list', async () => {
    let applied = false;
    const { api } = setup({
      'GET /api/abandoned/abandoned-pets': () => ({ body: applied ? [stray({ status: 'WAITING' })] : [stray({})] }),
      'POST /api/adopt/apply/1': () => {
        applied = true;
        return { body: { ok: true, message: '신청 완료', status: 'WAITING' } };
      },
    });
    await userEvent.click(within(await card('보리')).getByRole('button', { name: '보리 입양 신청' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/보리의 입양을 신청할까요/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '신청하기' }));
    expect(await screen.findByText('입양 신청이 접수되었습니다. 관리자의 승인을 기다려 주세요.')).toBeInTheDocument();
    expect(await within(await card('보리')).findByRole('button', { name: '대기 중' })).toBeDisabled();
    expect(api.callsTo('POST', '/api/adopt/apply/1')).toHaveLength(1);
  });

  it('does nothing when the confirmation is cancelled', async () => {
    const { api } = setup();
    await userEvent.click(within(await card('보리')).getByRole('button', { name: '보리 입양 신청' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '취소' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST', '/api/adopt/apply/1')).toHaveLength(0);
  });

  it('says "이미 입양을 신청한 유기견입니다" on 409', async () => {
    setup({ 'POST /api/adopt/apply/1': { status: 409, body: envelope('ALREADY_APPLIED', '이미 신청했습니다.') } });
    await userEvent.click(within(await card('보리')).getByRole('button', { name: '보리 입양 신청' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '신청하기' }));
    expect(await screen.findByText('이미 입양을 신청한 유기견입니다')).toBeInTheDocument();
  });

  it('tells a member whose earlier application was rejected just that, not "already applied" (issue 23)', async () => {
    setup({
      'POST /api/adopt/apply/1': {
        status: 409,
        body: envelope('ALREADY_APPLIED', 'rejected before (server words)', undefined, { reason: 'ADOPTION_REJECTED_BEFORE' }),
      },
    });
    await userEvent.click(within(await card('보리')).getByRole('button', { name: '보리 입양 신청' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '신청하기' }));
    expect(await screen.findByText('이 유기견에 대한 입양 신청은 이미 거절되었습니다.')).toBeInTheDocument();
    expect(screen.queryByText('이미 입양을 신청한 유기견입니다')).not.toBeInTheDocument();
  });

  it('shows the server reason when the stray is no longer available', async () => {
    setup({
      'POST /api/adopt/apply/1': {
        status: 409,
        body: envelope('INVALID_STATE', 'stray not available (server words)', undefined, { reason: 'STRAY_NOT_AVAILABLE' }),
      },
    });
    await userEvent.click(within(await card('보리')).getByRole('button', { name: '보리 입양 신청' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '신청하기' }));
    expect(await screen.findByText('지금은 입양을 신청할 수 없는 유기견입니다.')).toBeInTheDocument();
    expect(screen.queryByText('이미 입양을 신청한 유기견입니다')).not.toBeInTheDocument();
  });

  it('searches by date, time and place, and resets', async () => {
    const { api } = setup({ 'GET /api/abandoned/abandoned-pets/search': { body: [stray({ id: 1, name: '보리' })] } });
    await card('콩이');
    fireEvent.change(screen.getByLabelText('발견 날짜'), { target: { value: '2026-11-20' } });
    fireEvent.change(screen.getByLabelText('발견 시간'), { target: { value: '14:00' } });
    await userEvent.type(screen.getByLabelText('발견 장소'), ' 부산 ');
    await userEvent.click(screen.getByRole('button', { name: '검색' }));
    expect(await screen.findByText('검색 결과 1마리')).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: '콩이' })).not.toBeInTheDocument();
    const q = api.callsTo('GET', '/api/abandoned/abandoned-pets/search')[0]?.query;
    expect(Object.fromEntries(q ?? [])).toEqual({ foundDate: '2026-11-20', foundTime: '14:00', location: '부산', page: '1', size: '20' });

    await userEvent.click(screen.getByRole('button', { name: '초기화' }));
    expect(await card('콩이')).toBeInTheDocument();
    expect(screen.getByLabelText('발견 장소')).toHaveValue('');
  });

  it('says "검색 중 오류가 발생했습니다" when a search fails', async () => {
    setup({ 'GET /api/abandoned/abandoned-pets/search': { status: 502, body: envelope('UPSTREAM_UNAVAILABLE', 'x') } });
    await card('보리');
    await userEvent.type(screen.getByLabelText('발견 장소'), '서울');
    await userEvent.click(screen.getByRole('button', { name: '검색' }));
    await waitFor(() => expect(screen.getAllByText('검색 중 오류가 발생했습니다').length).toBeGreaterThan(0));
  });

  it('lists the member’s own applications, open ones first, with the open count', async () => {
    setup({
      'GET /api/adopt/adoption/my-applications': {
        body: [myApp({ id: 41, adoptPetId: 3, petName: '하루', adoptStatus: 'APPROVED' }), myApp({})],
      },
    });
    const section = await screen.findByRole('region', { name: '내 입양 신청' });
    expect(within(section).getByText('진행 중 1/3건')).toBeInTheDocument();
    const items = within(section).getAllByRole('listitem');
    expect(items.map((li) => li.getAttribute('aria-label'))).toEqual(['콩이', '하루']);
    expect(within(items[0]!).getByText('검토 중')).toBeInTheDocument();
    expect(within(items[0]!).getByRole('button', { name: '콩이 입양 신청 취소' })).toBeEnabled();
    expect(within(items[1]!).getByText('입양 승인')).toBeInTheDocument();
    expect(within(items[1]!).queryByRole('button')).not.toBeInTheDocument();
  });

  it('knows every own application, however many: pages of 100 until X-Total-Count is reached', async () => {
    const mine = Array.from({ length: 130 }, (_, i) =>
      myApp({ id: 1000 + i, adoptPetId: 5000 + i, petName: `강아지${i}`, adoptStatus: 'REJECTED' }),
    );
    // The last one (second page) is the application for 보리, so its card must show it as applied for.
    mine[129] = myApp({ id: 42, adoptPetId: 1, petName: '보리' });
    const { api } = setup({
      'GET /api/adopt/adoption/my-applications': ({ query }) => {
        const page = Number(query.get('page'));
        const size = Number(query.get('size'));
        return { body: mine.slice((page - 1) * size, page * size), headers: { 'x-total-count': '130' } };
      },
    });
    const section = await screen.findByRole('region', { name: '내 입양 신청' });
    expect(await within(section).findByRole('listitem', { name: '보리' })).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/adopt/adoption/my-applications').map((c) => [c.query.get('page'), c.query.get('size')])).toEqual([
      ['1', '100'],
      ['2', '100'],
    ]);
  });

  it('withdraws after confirmation: the stray is 보호 중 again and the section empties', async () => {
    let withdrawn = false;
    const { api } = setup({
      'GET /api/abandoned/abandoned-pets': () => ({ body: withdrawn ? [stray({}), stray({ id: 2, name: '콩이' })] : list }),
      'GET /api/adopt/adoption/my-applications': () => ({ body: withdrawn ? [] : [myApp({})] }),
      'POST /api/adopt/withdraw/40': () => {
        withdrawn = true;
        return { body: { ok: true, message: '입양 신청을 취소했습니다.', status: 'PROTECTING' } };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: '콩이 입양 신청 취소' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/콩이의 입양 신청을 취소할까요/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '신청 취소' }));
    expect(await screen.findByText('입양 신청을 취소했습니다.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('region', { name: '내 입양 신청' })).not.toBeInTheDocument());
    expect(await within(await card('콩이')).findByRole('button', { name: '콩이 입양 신청' })).toBeEnabled();
    expect(api.callsTo('POST', '/api/adopt/withdraw/40')).toHaveLength(1);
  });

  it('keeps the application when the withdrawal is cancelled', async () => {
    const { api } = setup({ 'GET /api/adopt/adoption/my-applications': { body: [myApp({})] } });
    await userEvent.click(await screen.findByRole('button', { name: '콩이 입양 신청 취소' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '취소' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST', '/api/adopt/withdraw/40')).toHaveLength(0);
  });

  it('explains the cap of 3 open applications', async () => {
    setup({ 'POST /api/adopt/apply/1': { status: 409, body: envelope('APPLICATION_LIMIT_REACHED', 'x') } });
    await userEvent.click(within(await card('보리')).getByRole('button', { name: '보리 입양 신청' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '신청하기' }));
    expect(
      await screen.findByText(
        '진행 중인 입양 신청은 최대 3건까지 할 수 있어요. 다른 신청의 결과를 기다리거나 신청을 취소한 뒤 다시 신청해 주세요.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('이미 입양을 신청한 유기견입니다')).not.toBeInTheDocument();
  });

  it('asks nothing about own applications for visitors and admins', async () => {
    for (const session of [{ loggedIn: false }, adminUser()]) {
      const { api } = setup({}, session);
      await card('보리');
      expect(api.callsTo('GET', '/api/adopt/adoption/my-applications')).toHaveLength(0);
      expect(screen.queryByRole('region', { name: '내 입양 신청' })).not.toBeInTheDocument();
      resetTestApp();
    }
  });

  it('shows an empty state', async () => {
    setup({ 'GET /api/abandoned/abandoned-pets': { body: [] } });
    expect(await screen.findByText('아직 등록된 유기견이 없습니다.')).toBeInTheDocument();
  });
});
