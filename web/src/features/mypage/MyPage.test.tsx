import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NO_ABOUT, type AdoptionApplication, type NotificationKind } from '@pawbridge/shared';
import { publishLiveNotice } from '@/lib/live-notices';
import { envelope, mockApi, renderRoutes, resetTestApp, sessionUser, testConfig, type MockRoute } from '@/testing/render-app';
import MyPage, { type EmailChangeSlot } from './MyPage';

vi.setConfig({ testTimeout: 15_000 });
afterEach(resetTestApp);

const member = sessionUser({ email: 'mina@example.com', birth: '1994-03-15', phoneNm: '010-1111-2222' });

/** Stands in for the app's verification step: types an address and says whether it was verified. */
function FakeEmailChange({ email, error, onChange }: EmailChangeSlot) {
  return (
    <div>
      <label>
        새 이메일
        <input value={email} onChange={(e) => onChange(e.currentTarget.value, false)} />
      </label>
      <button type="button" onClick={() => onChange(email, true)}>
        인증 완료로 표시
      </button>
      {error && <p>{error}</p>}
    </div>
  );
}

function renderMyPage(path: string, routes: Record<string, MockRoute> = {}) {
  const api = mockApi({ 'GET /api/users/check-session': { body: member }, 'GET /api/config': { body: testConfig() }, ...routes });
  const rendered = renderRoutes(
    [
      {
        path: '/mypage/:tab?',
        element: (
          <MyPage
            pets={<p>반려견 목록 자리</p>}
            donations={<p>후원 내역 자리</p>}
            renderEmailChange={(slot) => <FakeEmailChange {...slot} />}
          />
        ),
      },
      { path: '/login', element: <p>로그인 화면</p> },
    ],
    path,
  );
  return { ...rendered, api };
}

const notice = (kind: NotificationKind) => ({
  id: null,
  kind,
  message: '',
  code: null,
  about: NO_ABOUT,
  createdAt: new Date().toISOString(),
  read: false,
  link: '/mypage/applications',
});

const application = (over: Partial<AdoptionApplication> = {}): AdoptionApplication => ({
  id: 1,
  adoptPetId: 10,
  adoptStatus: 'REQUESTED',
  userName: 'mina',
  appliedAt: '2026-09-01T01:00:00Z',
  approvedAt: null,
  location: '서울특별시',
  type: '진돗개',
  petImageUrl: null,
  petName: '백구',
  applicantName: null,
  applicantEmail: null,
  applicantPhone: null,
  ...over,
});

describe('MyPage tabs', () => {
  it('/mypage lands on my info; each tab has its own address', async () => {
    const { router } = renderMyPage('/mypage');
    await waitFor(() => expect(router.state.location.pathname).toBe('/mypage/info'));
    expect(await screen.findByText('010-1111-2222')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: '후원 내역' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mypage/donations'));
    expect(screen.getByText('후원 내역 자리')).toBeInTheDocument();
  });

  it('an unknown tab goes to my info', async () => {
    const { router } = renderMyPage('/mypage/nope');
    await waitFor(() => expect(router.state.location.pathname).toBe('/mypage/info'));
  });
});

describe('my info', () => {
  const openForm = async () => {
    fireEvent.click(await screen.findByRole('button', { name: '정보 수정' }));
    return screen.getByLabelText('휴대폰 번호');
  };

  it('saves a new phone number and shows it', async () => {
    const { api } = renderMyPage('/mypage/info', {
      'PUT /api/users/me': (call) => ({ body: { ...member, ...(call.body as object) } }),
    });
    fireEvent.change(await openForm(), { target: { value: '010-9876-5432' } });
    fireEvent.click(screen.getByRole('button', { name: '저장' }));
    expect(await screen.findByText('010-9876-5432')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/users/me')[0]?.body).toEqual({
      email: 'mina@example.com',
      birth: '1994-03-15',
      phoneNm: '010-9876-5432',
    });
  });

  it('checks the phone with the shared schema before sending', async () => {
    const { api } = renderMyPage('/mypage/info');
    fireEvent.change(await openForm(), { target: { value: 'call me' } });
    fireEvent.click(screen.getByRole('button', { name: '저장' }));
    expect(await screen.findByText('휴대폰 번호 형식이 올바르지 않습니다. (예: 010-1234-5678)')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/users/me')).toHaveLength(0);
  });

  it('a new e-mail must be verified first; once verified it is sent', async () => {
    const { api } = renderMyPage('/mypage/info', { 'PUT /api/users/me': (call) => ({ body: { ...member, ...(call.body as object) } }) });
    await openForm();
    fireEvent.click(screen.getByRole('button', { name: '이메일 변경' }));
    fireEvent.change(screen.getByLabelText('새 이메일'), { target: { value: 'mina.new@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: '저장' }));
    expect(await screen.findByText('새 이메일 인증을 먼저 완료해 주세요.')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/users/me')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: '인증 완료로 표시' }));
    fireEvent.click(screen.getByRole('button', { name: '저장' }));
    expect(await screen.findByText('mina.new@example.com')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/users/me')[0]?.body).toMatchObject({ email: 'mina.new@example.com' });
  });

  it('the legacy server cannot save: says so', async () => {
    renderMyPage('/mypage/info', { 'PUT /api/users/me': { status: 501, body: envelope('UPSTREAM_UNSUPPORTED', 'x') } });
    fireEvent.change(await openForm(), { target: { value: '010-9876-5432' } });
    fireEvent.click(screen.getByRole('button', { name: '저장' }));
    expect(await screen.findByText('지금 연결된 서버에서는 회원 정보를 수정할 수 없어요.')).toBeInTheDocument();
  });

  it('a 401 while saving goes to /login', async () => {
    const { router } = renderMyPage('/mypage/info', { 'PUT /api/users/me': { status: 401, body: envelope('UNAUTHENTICATED', 'x') } });
    fireEvent.change(await openForm(), { target: { value: '010-9876-5432' } });
    fireEvent.click(screen.getByRole('button', { name: '저장' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('info that cannot load says so', async () => {
    mockApi({ 'GET /api/users/check-session': { status: 502, body: envelope('UPSTREAM_UNAVAILABLE', 'x') } });
    renderRoutes(
      [{ path: '/mypage/:tab', element: <MyPage pets={null} donations={null} renderEmailChange={() => null} /> }],
      '/mypage/info',
    );
    expect(await screen.findByText('내 정보를 불러오지 못했어요.')).toBeInTheDocument();
  });
});

describe('my applications', () => {
  it('own applications with the spec words and a timeline; the open one can be withdrawn', async () => {
    renderMyPage('/mypage/applications', {
      'GET /api/adopt/adoption/my-applications': {
        body: [application({ id: 2, petName: '누렁이', adoptStatus: 'APPROVED', approvedAt: '2026-09-03T02:00:00Z' }), application()],
      },
    });
    const open = within(await screen.findByRole('listitem', { name: '백구' }));
    expect(open.getByText('대기 중')).toBeInTheDocument();
    expect(open.getByText('관리자 검토를 기다리고 있어요')).toBeInTheDocument();
    expect(open.getByRole('button', { name: '백구 입양 신청 취소' })).toBeInTheDocument();
    const done = within(screen.getByRole('listitem', { name: '누렁이' }));
    expect(done.getByText('승인', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
    expect(done.getByText(/2026년 9월 3일/)).toBeInTheDocument();
    expect(done.queryByRole('button', { name: /신청 취소/ })).not.toBeInTheDocument();
    // Open ones first.
    expect(screen.getAllByRole('listitem').map((li) => li.getAttribute('aria-labelledby'))).toEqual(['mypage-app-1', 'mypage-app-2']);
  });

  it('a decision arriving live (the bell’s message) turns 대기 중 into 승인 without a reload (issue 25 item 3)', async () => {
    let status: AdoptionApplication['adoptStatus'] = 'REQUESTED';
    renderMyPage('/mypage/applications', {
      'GET /api/adopt/adoption/my-applications': () => ({ body: [application({ adoptStatus: status })] }),
    });
    const card = within(await screen.findByRole('listitem', { name: '백구' }));
    expect(card.getByText('대기 중')).toBeInTheDocument();
    status = 'APPROVED';
    // Another kind of message leaves the list alone; an adoption result reads it again.
    act(() => publishLiveNotice(notice('COMMENT')));
    act(() => publishLiveNotice(notice('ADOPTION_RESULT')));
    expect(await card.findByText('승인', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
    expect(card.queryByText('대기 중')).not.toBeInTheDocument();
  });

  it('none: an empty state leading to /adopt; a failed load says so', async () => {
    const { unmount } = renderMyPage('/mypage/applications', { 'GET /api/adopt/adoption/my-applications': { body: [] } });
    expect(await screen.findByRole('link', { name: '입양할 아이 보기' })).toHaveAttribute('href', '/adopt');
    unmount();
    resetTestApp();
    renderMyPage('/mypage/applications', {
      'GET /api/adopt/adoption/my-applications': { status: 502, body: envelope('UPSTREAM_UNAVAILABLE', 'x') },
    });
    expect(await screen.findByText('입양 신청 내역을 불러오지 못했어요.')).toBeInTheDocument();
  });

  it('more than a page: "더 보기" reads the next page of applications', async () => {
    const all = Array.from({ length: 21 }, (_, i) => application({ id: 300 - i, petName: `강아지 ${300 - i}`, adoptStatus: 'REJECTED' }));
    renderMyPage('/mypage/applications', {
      'GET /api/adopt/adoption/my-applications': (call) => {
        const page = Number(call.query.get('page'));
        return { body: page === 1 ? all.slice(0, 20) : all.slice(20), headers: { 'x-total-count': '21' } };
      },
    });
    expect(await screen.findByText('전체 21건 중 20건')).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: '강아지 280' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '더 보기' }));
    expect(await screen.findByRole('listitem', { name: '강아지 280' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '더 보기' })).not.toBeInTheDocument();
  });
});

describe('my nickname (issue 25 item 5)', () => {
  const withNames = { 'GET /api/config': { body: testConfig({ nicknames: true }) } };

  it('shows the nickname and changes it; the session takes the answer', async () => {
    const { api } = renderMyPage('/mypage/info', {
      ...withNames,
      'PUT /api/users/me/nickname': (call) => ({ body: { ...member, ...(call.body as object) } }),
    });
    expect(await screen.findByText('미나')).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: '닉네임 변경' }));
    const input = screen.getByLabelText('닉네임');
    fireEvent.change(input, { target: { value: ' 콩이엄마 ' } });
    fireEvent.click(screen.getByRole('button', { name: '닉네임 저장' }));
    expect(await screen.findByText('콩이엄마')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/users/me/nickname')[0]?.body).toEqual({ nickname: '콩이엄마' });
  });

  it('a nickname someone else holds is refused with a clear sentence on the field', async () => {
    renderMyPage('/mypage/info', {
      ...withNames,
      'PUT /api/users/me/nickname': {
        status: 409,
        body: envelope('NICKNAME_TAKEN', '이미 다른 회원이 쓰고 있는 닉네임입니다. 다른 닉네임을 골라 주세요.', undefined, {
          fieldErrorCodes: { nickname: 'nicknameTaken' },
        }),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: '닉네임 변경' }));
    fireEvent.change(screen.getByLabelText('닉네임'), { target: { value: '초코아빠' } });
    fireEvent.click(screen.getByRole('button', { name: '닉네임 저장' }));
    expect(await screen.findByText('이미 다른 회원이 쓰고 있는 닉네임입니다. 다른 닉네임을 골라 주세요.')).toBeInTheDocument();
    expect(screen.getByLabelText('닉네임')).toHaveAttribute('aria-invalid', 'true');
  });

  it('checks the rules before sending', async () => {
    const { api } = renderMyPage('/mypage/info', withNames);
    fireEvent.click(await screen.findByRole('button', { name: '닉네임 변경' }));
    fireEvent.change(screen.getByLabelText('닉네임'), { target: { value: '민지 짱' } });
    fireEvent.click(screen.getByRole('button', { name: '닉네임 저장' }));
    expect(await screen.findByText('닉네임은 한글, 영문, 숫자, 밑줄(_)만 쓸 수 있습니다.')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/users/me/nickname')).toHaveLength(0);
  });

  it('in front of the legacy (nicknames off) there is nothing to edit', async () => {
    renderMyPage('/mypage/info');
    await screen.findByRole('button', { name: '정보 수정' });
    expect(screen.queryByRole('button', { name: '닉네임 변경' })).toBeNull();
  });
});
