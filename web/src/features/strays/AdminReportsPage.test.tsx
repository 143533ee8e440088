import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Stray } from '@pawbridge/shared';
import { adminUser, envelope, mockApi, renderRoutes, resetTestApp, sessionUser, type MockRoute } from '@/testing/render-app';
import type { MapViewProps } from '@/components/map/MapView';
import AdminReportsPage from './AdminReportsPage';

vi.mock('@/components/map/MapView', () => ({
  default: ({ label, marker }: MapViewProps) => (
    <div role="region" aria-label={label}>
      {marker ? `${marker.lat},${marker.lng}` : ''}
    </div>
  ),
}));

const longText =
  '갈색 털에 빨간 목줄을 한 중형견입니다. 사람을 잘 따르고 공원 벤치 근처에서 한 시간 넘게 머물렀습니다. 다리를 조금 절어요.';

const stray = (over: Partial<Stray>): Stray => ({
  id: 1,
  name: '유기견 1',
  imageUrl: '/uploads/a.jpg',
  type: '진돗개',
  gender: 'MALE',
  location: '서울특별시',
  place: '서울특별시',
  description: '짧은 설명',
  foundDate: '2026-11-20',
  foundTime: '14:30',
  latitude: 37.5665,
  longitude: 126.978,
  status: 'LOST',
  reportStatus: 'PENDING',
  ...over,
});

function setup(routes: Record<string, MockRoute>, session: unknown = adminUser()) {
  const api = mockApi({
    'GET /api/users/check-session': { body: session },
    // The place words ask the deployment's map: without a Kakao key there is no address lookup.
    'GET /api/config': {
      body: {
        map: { provider: 'leaflet', tileUrl: 'https://tile.example/{z}/{x}/{y}.png', attribution: 'OSM' },
        socialProviders: [],
        payments: { mode: 'test', merchantCode: null },
        breedPrediction: false,
        donations: true,
        nicknames: true,
        strayNames: true,
      },
    },
    ...routes,
  });
  const view = renderRoutes(
    [
      { path: '/admin/abandoned-pets', element: <AdminReportsPage /> },
      { path: '/login', element: <p>로그인 화면</p> },
      { path: '/', element: <p>홈 화면</p> },
    ],
    '/admin/abandoned-pets',
  );
  return { api, ...view };
}

describe('AdminReportsPage', () => {
  afterEach(() => resetTestApp());

  it('sends members home with "관리자만 접근할 수 있습니다" and never loads the list', async () => {
    const { api, router } = setup({}, sessionUser());
    expect(await screen.findByText('홈 화면')).toBeInTheDocument();
    expect(screen.getByText('관리자만 접근할 수 있습니다.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(api.callsTo('GET', '/api/admin/abandoned-pets')).toHaveLength(0);
  });

  it('sends visitors to the login screen', async () => {
    const { router } = setup({}, { loggedIn: false });
    expect(await screen.findByText('로그인 화면')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('lists reports with a 50-character description preview and status words', async () => {
    setup({
      'GET /api/admin/abandoned-pets': {
        body: [stray({ id: 7, description: longText }), stray({ id: 8, status: 'ADOPT', reportStatus: 'APPROVED', foundTime: '09:05:00' })],
      },
    });
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1] as HTMLElement).getByText(`${Array.from(longText).slice(0, 50).join('')}…`)).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('검토 대기')).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText('입양 완료')).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText('09:05')).toBeInTheDocument();
    for (const header of ['ID', '발견 날짜', '발견 시간', '지역', '설명', '상태', '상세'])
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    setup({ 'GET /api/admin/abandoned-pets': { body: [] } });
    expect(await screen.findByText('접수된 제보가 없습니다.')).toBeInTheDocument();
  });

  it('says when the list could not be loaded', async () => {
    setup({ 'GET /api/admin/abandoned-pets': { status: 502, body: envelope('UPSTREAM_UNAVAILABLE', 'x') } });
    expect(await screen.findByText('데이터를 불러오지 못했습니다')).toBeInTheDocument();
  });

  it('the admin names the dog when registering it (a suggestion, not "유기견 #N") and renames it later (issue 25 item 8)', async () => {
    let registered = false;
    const { api } = setup({
      'GET /api/admin/abandoned-pets': () => ({
        body: [registered ? stray({ name: '두부', status: 'PROTECTING', reportStatus: 'APPROVED' }) : stray({ name: '유기견 #1' })],
      }),
      'POST /api/admin/reports/1/register': () => {
        registered = true;
        return { body: { ok: true, message: '등록', status: 'PROTECTING' } };
      },
      'PUT /api/admin/abandoned-pets/1/name': { status: 204 },
    });
    await userEvent.click(await screen.findByRole('button', { name: '제보 1 상세 보기' }));
    const dialog = await screen.findByRole('dialog');
    const nameField = within(dialog).getByLabelText('이름');
    expect(nameField).not.toHaveValue('유기견 #1');
    expect((nameField as HTMLInputElement).value).not.toBe('');
    await userEvent.clear(nameField);
    await userEvent.click(within(dialog).getByRole('button', { name: '유기견으로 등록' }));
    expect(await within(dialog).findByText('유기견의 이름을 입력해 주세요.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admin/reports/1/register')).toHaveLength(0);
    await userEvent.type(nameField, '두부');
    await userEvent.click(within(dialog).getByRole('button', { name: '유기견으로 등록' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/admin/reports/1/register')[0]?.body).toEqual({ name: '두부' }));
    const renamed = await within(dialog).findByDisplayValue('두부');
    await userEvent.clear(renamed);
    await userEvent.type(renamed, '두부콩');
    await userEvent.click(within(dialog).getByRole('button', { name: '이름 저장' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/admin/abandoned-pets/1/name')[0]?.body).toEqual({ name: '두부콩' }));
  });

  it('opens the details and registers a LOST report, then reloads', async () => {
    let registered = false;
    const { api } = setup({
      'GET /api/admin/abandoned-pets': () => ({
        body: [registered ? stray({ status: 'PROTECTING', reportStatus: 'APPROVED' }) : stray({})],
      }),
      'POST /api/admin/reports/1/register': () => {
        registered = true;
        return { body: { ok: true, message: '제보가 유기동물로 등록되었습니다.', status: 'PROTECTING' } };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: '제보 1 상세 보기' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('img', { name: '제보된 유기견 사진 (ID 1)' })).toHaveAttribute('src', '/uploads/a.jpg');
    expect(within(dialog).getByText('진돗개')).toBeInTheDocument();
    expect(within(dialog).getByRole('region', { name: '발견 위치' })).toHaveTextContent('37.5665,126.978');
    await userEvent.click(within(dialog).getByRole('button', { name: '유기견으로 등록' }));
    expect(await within(dialog).findByRole('button', { name: '이미 등록됨' })).toBeDisabled();
    expect(screen.getByText('보호 중인 유기견으로 등록했습니다.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admin/reports/1/register')).toHaveLength(1);
    expect(api.callsTo('GET', '/api/admin/abandoned-pets').length).toBeGreaterThanOrEqual(2);
  });

  it.each(['PROTECTING', 'WAITING', 'ADOPT'] as const)('disables registering a %s stray as "이미 등록됨"', async (status) => {
    setup({ 'GET /api/admin/abandoned-pets': { body: [stray({ status, reportStatus: 'APPROVED' })] } });
    await userEvent.click(await screen.findByRole('button', { name: '제보 1 상세 보기' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: '이미 등록됨' })).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: '유기견으로 등록' })).not.toBeInTheDocument();
  });

  it('the details say the place in words and swap a photo that fails to load for the no-photo line', async () => {
    setup({ 'GET /api/admin/abandoned-pets': { body: [stray({ latitude: 35.1587, longitude: 129.1604, location: '부산광역시' })] } });
    await userEvent.click(await screen.findByRole('button', { name: '제보 1 상세 보기' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('부산광역시 부근')).toBeInTheDocument();
    fireEvent.error(within(dialog).getByRole('img', { name: '제보된 유기견 사진 (ID 1)' }));
    expect(within(dialog).getByText('사진이 없습니다.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('img')).not.toBeInTheDocument();
  });

  it('shows the server reason, or a generic line, when registering fails', async () => {
    let attempt = 0;
    setup({
      'GET /api/admin/abandoned-pets': { body: [stray({})] },
      'POST /api/admin/reports/1/register': () =>
        ++attempt === 1
          ? {
              status: 409,
              body: envelope('INVALID_STATE', 'already registered (server words)', undefined, { reason: 'REPORT_ALREADY_REGISTERED' }),
            }
          : { status: 500, body: envelope('INTERNAL', '내부 오류') },
    });
    await userEvent.click(await screen.findByRole('button', { name: '제보 1 상세 보기' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: '유기견으로 등록' }));
    expect(await screen.findByText('등록에 실패했습니다: 이미 유기견으로 등록된 제보입니다.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '유기견으로 등록' }));
    await waitFor(() => expect(screen.getByText('등록 중 오류가 발생했습니다')).toBeInTheDocument());
  });

  it('pages the list: 20 first, "더 보기" asks for page 2 and the button goes once all are shown', async () => {
    const all = Array.from({ length: 25 }, (_, i) => stray({ id: 100 - i, name: `유기견 ${100 - i}` }));
    const { api } = setup({
      'GET /api/admin/abandoned-pets': (call) => {
        const page = Number(call.query.get('page'));
        const size = Number(call.query.get('size'));
        return { body: all.slice((page - 1) * size, page * size), headers: { 'x-total-count': '25' } };
      },
    });
    expect(await screen.findByText('전체 25건 중 20건')).toBeInTheDocument();
    expect(screen.getByText('전체 25건')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '제보 81 상세 보기' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '제보 80 상세 보기' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '더 보기' }));
    expect(await screen.findByRole('button', { name: '제보 76 상세 보기' })).toBeInTheDocument();
    expect(screen.getByText('전체 25건 중 25건')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '더 보기' })).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/admin/abandoned-pets').map((c) => `${c.query.get('page')}/${c.query.get('size')}`)).toEqual([
      '1/20',
      '2/20',
    ]);
  });
});
