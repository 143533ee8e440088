import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ModalsProvider } from '@mantine/modals';
import type { AdoptionApplication } from '@pawbridge/shared';
import { adminUser, envelope, mockApi, renderRoutes, resetTestApp, sessionUser, type MockRoute } from '@/testing/render-app';
import AdminApplicationsPage from './AdminApplicationsPage';

const application = (over: Partial<AdoptionApplication>): AdoptionApplication => ({
  id: 10,
  adoptPetId: 1,
  adoptStatus: 'REQUESTED',
  userName: 'mina',
  appliedAt: '2026-11-21T01:00:00Z',
  approvedAt: null,
  location: '부산광역시',
  type: '진돗개',
  petImageUrl: '/uploads/bori.jpg',
  petName: '보리',
  applicantName: '김민아',
  applicantEmail: 'mina@example.com',
  applicantPhone: '010-1234-5678',
  ...over,
});

function setup(routes: Record<string, MockRoute> = {}, session: unknown = adminUser()) {
  const api = mockApi({ 'GET /api/users/check-session': { body: session }, ...routes });
  const view = renderRoutes(
    [
      {
        path: '/admin/adopt-applications',
        element: (
          <ModalsProvider>
            <AdminApplicationsPage />
          </ModalsProvider>
        ),
      },
      { path: '/', element: <p>홈 화면</p> },
      { path: '/login', element: <p>로그인 화면</p> },
    ],
    '/admin/adopt-applications',
  );
  return { api, ...view };
}

describe('AdminApplicationsPage', () => {
  afterEach(() => resetTestApp());

  it('sends non-admins to / with "관리자만 접근할 수 있습니다"', async () => {
    const { api, router } = setup({}, sessionUser());
    expect(await screen.findByText('홈 화면')).toBeInTheDocument();
    expect(screen.getByText('관리자만 접근할 수 있습니다.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(api.callsTo('GET', '/api/admin/adopt-applications')).toHaveLength(0);
  });

  it('shows applicant, Korean dates, stray, photo and status; approve only for REQUESTED', async () => {
    setup({
      'GET /api/admin/adopt-applications': {
        body: [
          application({}),
          application({ id: 11, userName: 'joon', adoptStatus: 'APPROVED', approvedAt: '2026-11-22T02:00:00Z' }),
          application({ id: 12, userName: 'hana', adoptStatus: 'REJECTED' }),
        ],
      },
    });
    const requested = await screen.findByRole('article', { name: 'mina · 보리' });
    expect(within(requested).getByText('승인 대기')).toBeInTheDocument();
    // A clean title: the dog's name only (not "보리 (번호 1)").
    expect(within(requested).getByRole('heading', { name: '보리' })).toBeInTheDocument();
    expect(within(requested).queryByText(/번호 \d/)).not.toBeInTheDocument();
    // The phone's label is the one used everywhere (issue 25 item 8), not a stray number.
    expect(within(requested).getByText('휴대폰 번호')).toBeInTheDocument();
    expect(within(requested).getByText('김민아 (mina)')).toBeInTheDocument();
    expect(within(requested).getByRole('link', { name: 'mina@example.com' })).toHaveAttribute('href', 'mailto:mina@example.com');
    expect(within(requested).getByRole('link', { name: '010-1234-5678' })).toHaveAttribute('href', 'tel:01012345678');
    expect(within(requested).getByText(/^2026년 11월 21일/)).toBeInTheDocument();
    expect(within(requested).getByRole('img', { name: '보리의 사진' })).toHaveAttribute('src', '/uploads/bori.jpg');
    expect(within(requested).getByRole('button', { name: '보리 입양 신청 승인' })).toBeEnabled();
    expect(within(requested).getByRole('button', { name: '보리 입양 신청 거절' })).toBeEnabled();

    const approved = screen.getByRole('article', { name: 'joon · 보리' });
    expect(within(approved).getByText('승인됨')).toBeInTheDocument();
    expect(within(approved).getByText(/^2026년 11월 22일/)).toBeInTheDocument();
    expect(within(approved).queryByRole('button')).not.toBeInTheDocument();
    const rejected = screen.getByRole('article', { name: 'hana · 보리' });
    expect(within(rejected).getByText('거절됨')).toBeInTheDocument();
    expect(within(rejected).queryByRole('button')).not.toBeInTheDocument();
  });

  it('approves after confirmation and reloads', async () => {
    let approved = false;
    const { api } = setup({
      'GET /api/admin/adopt-applications': () => ({
        body: [application(approved ? { adoptStatus: 'APPROVED', approvedAt: '2026-11-22T02:00:00Z' } : {})],
      }),
      'POST /api/admin/adopt/approve/10': () => {
        approved = true;
        return { body: { ok: true, message: '입양이 승인되었습니다.', status: 'ADOPT' } };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: '보리 입양 신청 승인' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/김민아님의 보리 입양 신청을 승인할까요/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '승인' }));
    expect(await screen.findByText('승인됨')).toBeInTheDocument();
    expect(screen.getByText('입양 신청을 승인했습니다.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admin/adopt/approve/10')).toHaveLength(1);
  });

  it('rejects after a confirmation that names the applicant, and reloads', async () => {
    let rejected = false;
    const { api } = setup({
      'GET /api/admin/adopt-applications': () => ({ body: [application(rejected ? { adoptStatus: 'REJECTED' } : {})] }),
      'POST /api/admin/adopt/reject/10': () => {
        rejected = true;
        return { body: { ok: true, message: '입양 신청을 거절했습니다.', status: 'PROTECTING' } };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: '보리 입양 신청 거절' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(
        '김민아님의 보리 입양 신청을 거절할까요? 되돌릴 수 없으며, 남은 신청이 없으면 보리는 다시 입양 신청을 받습니다.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '거절' }));
    expect(await screen.findByText('거절됨')).toBeInTheDocument();
    expect(screen.getByText('입양 신청을 거절했습니다.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '보리 입양 신청 거절' })).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admin/adopt/reject/10')).toHaveLength(1);
  });

  it('sends nothing when the rejection is cancelled', async () => {
    const { api } = setup({ 'GET /api/admin/adopt-applications': { body: [application({})] } });
    await userEvent.click(await screen.findByRole('button', { name: '보리 입양 신청 거절' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '취소' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST', '/api/admin/adopt/reject/10')).toHaveLength(0);
  });

  it('says the connected server cannot reject (legacy upstream, 501)', async () => {
    setup({
      'GET /api/admin/adopt-applications': { body: [application({})] },
      'POST /api/admin/adopt/reject/10': { status: 501, body: envelope('UPSTREAM_UNSUPPORTED', 'x') },
    });
    await userEvent.click(await screen.findByRole('button', { name: '보리 입양 신청 거절' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '거절' }));
    expect(await screen.findByText('지금 연결된 서버에서는 입양 신청을 거절할 수 없습니다.')).toBeInTheDocument();
  });

  it('legacy applications without contact details show the login id and say so', async () => {
    setup({
      'GET /api/admin/adopt-applications': { body: [application({ applicantName: null, applicantEmail: null, applicantPhone: null })] },
    });
    const card = await screen.findByRole('article', { name: 'mina · 보리' });
    expect(within(card).getByText('mina')).toBeInTheDocument();
    expect(within(card).getByText('등록된 연락처 없음')).toBeInTheDocument();
    expect(within(card).queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows a generic message when approval fails', async () => {
    setup({
      'GET /api/admin/adopt-applications': { body: [application({})] },
      'POST /api/admin/adopt/approve/10': { status: 500, body: envelope('INTERNAL', 'boom') },
    });
    await userEvent.click(await screen.findByRole('button', { name: '보리 입양 신청 승인' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '승인' }));
    expect(await screen.findByText('승인 처리 중 오류가 발생했습니다.')).toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    setup({ 'GET /api/admin/adopt-applications': { body: [] } });
    expect(await screen.findByText('입양 신청이 없습니다.')).toBeInTheDocument();
  });

  it('pages the applications: 20 first, "더 보기" asks for page 2 and then shows all', async () => {
    const all = Array.from({ length: 23 }, (_, i) => application({ id: 200 - i, petName: `아이 ${200 - i}` }));
    const { api } = setup({
      'GET /api/admin/adopt-applications': (call) => {
        const page = Number(call.query.get('page'));
        const size = Number(call.query.get('size'));
        return { body: all.slice((page - 1) * size, page * size), headers: { 'x-total-count': '23' } };
      },
    });
    expect(await screen.findByText('전체 23건 중 20건')).toBeInTheDocument();
    expect(screen.queryByText('아이 178', { exact: false })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '더 보기' }));
    expect(await screen.findByText('전체 23건 중 23건')).toBeInTheDocument();
    expect(screen.getAllByText('아이 178', { exact: false }).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: '더 보기' })).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/admin/adopt-applications').map((c) => c.query.get('page'))).toEqual(['1', '2']);
  });
});
