import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, mockApi, renderRoutes, resetTestApp, sessionUser } from '@/testing/render-app';
import RegisterPetPage from './RegisterPetPage';
import { reloadPage } from './reload-page';

vi.mock('./reload-page', () => ({ reloadPage: vi.fn() }));

const created = {
  id: '410-2024-00001',
  petId: '410-2024-00001',
  name: '초코',
  type: '푸들',
  weight: 4.2,
  age: 3,
  size: 'SMALL',
  gender: 'MALE',
  adopt: false,
  imageUrl: '/uploads/a.jpg',
};

function renderRegister(
  routes: Parameters<typeof mockApi>[0] = {},
  user: ReturnType<typeof sessionUser> | { loggedIn: false } = sessionUser(),
) {
  const api = mockApi({ 'GET /api/users/check-session': { body: user }, ...routes });
  const view = renderRoutes(
    [
      { path: '/pet/register', element: <RegisterPetPage /> },
      { path: '/login', element: <p>login screen</p> },
    ],
    '/pet/register',
  );
  return { ...view, api };
}

async function fillValid() {
  const photo = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'choco.jpg', { type: 'image/jpeg' });
  await userEvent.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, photo);
  await userEvent.type(screen.getByLabelText(/^이름/), '초코');
  await userEvent.type(screen.getByLabelText(/^품종/), '푸들');
  await userEvent.type(screen.getByLabelText(/몸무게/), '4.2');
  await userEvent.type(screen.getByLabelText(/나이/), '3');
  await userEvent.click(screen.getByRole('radio', { name: '소형' }));
  await userEvent.click(screen.getByRole('radio', { name: '수컷' }));
  await userEvent.click(screen.getByRole('radio', { name: '아니요' }));
  await userEvent.type(screen.getByLabelText(/동물 등록번호/), '410-2024-00001');
}

/** The multipart body of the n-th registration call. */
function sentForm(n = 0): FormData {
  const calls = vi.mocked(fetch).mock.calls.filter(([url, init]) => String(url).endsWith('/api/pet/register') && init?.method === 'POST');
  return calls[n]![1]!.body as FormData;
}

afterEach(() => {
  resetTestApp();
  vi.mocked(reloadPage).mockReset();
});

describe('RegisterPetPage', () => {
  it('tells a logged-out visitor to log in and offers the way', async () => {
    renderRegister({}, { loggedIn: false });
    expect(await screen.findByText('반려견을 등록하려면 로그인이 필요합니다')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '로그인하러 가기' })).toHaveAttribute('href', '/login');
  });

  it('shows a message for every missing field and sends nothing', async () => {
    const { api } = renderRegister();
    await userEvent.click(await screen.findByRole('button', { name: '반려견 등록' }));
    for (const m of [
      '반려견 사진을 선택해 주세요',
      '반려견 이름을 입력해 주세요',
      '품종을 입력해 주세요',
      '몸무게를 숫자로 입력해 주세요',
      '나이를 숫자로 입력해 주세요',
      '크기를 선택해 주세요',
      '성별을 선택해 주세요',
      '입양 여부를 선택해 주세요',
      '등록번호를 입력해 주세요',
    ]) {
      expect(screen.getByText(m)).toBeInTheDocument();
    }
    expect(api.callsTo('POST', '/api/pet/register')).toHaveLength(0);
  });

  it('has no tiny number steppers on weight and age: typing or the number pad only (issue 25 item 6)', async () => {
    renderRegister();
    const weight = await screen.findByLabelText(/^몸무게/);
    expect(weight).toBeInTheDocument();
    expect(document.querySelector('.mantine-NumberInput-controls')).toBeNull();
  });

  it('keeps what was typed in weight and age (no clamping or rounding) and shows the rule when the field is left', async () => {
    renderRegister();
    const weight = await screen.findByLabelText(/몸무게/);
    await userEvent.type(weight, 'abc');
    expect(weight).toHaveValue('');
    for (const [typed, rule] of [
      ['0', '몸무게는 0보다 커야 합니다'],
      ['999', '몸무게는 200kg 이하로 입력해 주세요'],
      ['2.55', '몸무게는 0.1kg 단위로 입력해 주세요'],
    ] as const) {
      await userEvent.clear(weight);
      await userEvent.type(weight, typed);
      await userEvent.tab();
      expect(weight).toHaveValue(typed);
      expect(screen.getByText(rule)).toBeInTheDocument();
    }
    const age = screen.getByLabelText(/나이/);
    await userEvent.type(age, '2.5');
    await userEvent.tab();
    expect(age).toHaveValue('2.5');
    expect(screen.getByText('나이는 정수로 입력해 주세요')).toBeInTheDocument();
    await userEvent.clear(age);
    await userEvent.type(age, '3');
    await userEvent.tab();
    expect(screen.queryByText('나이는 정수로 입력해 주세요')).not.toBeInTheDocument();
    expect(screen.getByText('1~40살, 정수로 입력해 주세요')).toBeInTheDocument();
  }, 15_000);

  it('sends the JSON part pet (size and gender uppercased) and the photo, shows the registering state, then clears the form and offers the list', async () => {
    let release: () => void = () => undefined;
    renderRegister({ 'POST /api/pet/register': () => new Promise((resolve) => (release = () => resolve({ status: 201, body: created }))) });
    await screen.findByRole('button', { name: '반려견 등록' });
    await fillValid();
    await userEvent.click(screen.getByRole('button', { name: '반려견 등록' }));
    expect(await screen.findByRole('button', { name: '등록 중…' })).toBeDisabled();
    const form = sentForm();
    expect(JSON.parse(String(form.get('pet')))).toEqual({
      name: '초코',
      type: '푸들',
      weight: 4.2,
      age: 3,
      size: 'SMALL',
      gender: 'MALE',
      adopt: false,
      petId: '410-2024-00001',
    });
    expect(form.get('profile')).toBeInstanceOf(File);
    release();
    const done = await screen.findByRole('status', { name: '초코가 등록되었어요' });
    // Said once, by the panel: no toast saying it again (issue 25 item 6).
    expect(screen.queryByText('반려견이 등록되었습니다')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/^이름/)).toHaveValue(''));
    expect(screen.getByLabelText(/동물 등록번호/)).toHaveValue('');
    expect(screen.queryByRole('img', { name: '선택한 사진 미리보기' })).not.toBeInTheDocument();
    expect(done).toHaveTextContent('초코가 등록되었어요');
    expect(done).toHaveFocus();
    expect(within(done).getByRole('link', { name: '내 반려견 목록 보기' })).toHaveAttribute('href', '/mypet');
    // Starting the next dog puts the note away.
    await userEvent.type(screen.getByLabelText(/^이름/), '보');
    expect(screen.queryByText('초코가 등록되었어요')).not.toBeInTheDocument();
  }, 15_000);

  it('shows the server reason after "registration failed" and marks the field', async () => {
    renderRegister({
      'POST /api/pet/register': {
        status: 409,
        body: envelope('ALREADY_EXISTS', 'duplicate (server words)', undefined, { reason: 'PET_NUMBER_DUPLICATE' }),
      },
    });
    await screen.findByRole('button', { name: '반려견 등록' });
    await fillValid();
    await userEvent.click(screen.getByRole('button', { name: '반려견 등록' }));
    expect(await screen.findByText('반려견 등록에 실패했습니다: 이미 같은 등록번호로 등록한 반려견이 있습니다.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^이름/)).toHaveValue('초코');
  }, 15_000);

  it('on 401 for a social-login user re-checks the session and retries once after 1 s', async () => {
    let attempts = 0;
    const { api } = renderRegister(
      {
        'POST /api/pet/register': () => {
          attempts += 1;
          return attempts === 1
            ? { status: 401, body: envelope('UNAUTHENTICATED', '로그인이 필요합니다.') }
            : { status: 201, body: created };
        },
      },
      sessionUser({ provider: 'kakao', socialId: '3141', isSocialLogin: true }),
    );
    await screen.findByRole('button', { name: '반려견 등록' });
    await fillValid();
    const started = Date.now();
    await userEvent.click(screen.getByRole('button', { name: '반려견 등록' }));
    expect(await screen.findByRole('status', { name: '초코가 등록되었어요' }, { timeout: 3000 })).toBeInTheDocument();
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(api.callsTo('POST', '/api/pet/register')).toHaveLength(2);
  }, 15_000);

  it('on 401 otherwise asks to log in again and goes to /login', async () => {
    const { router, api } = renderRegister({
      'POST /api/pet/register': { status: 401, body: envelope('UNAUTHENTICATED', '로그인이 필요합니다.') },
    });
    await screen.findByRole('button', { name: '반려견 등록' });
    await fillValid();
    await userEvent.click(screen.getByRole('button', { name: '반려견 등록' }));
    expect(await screen.findByText('로그인이 필요합니다. 다시 로그인해 주세요')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(api.callsTo('POST', '/api/pet/register')).toHaveLength(1);
  }, 15_000);
});

describe('social-login box', () => {
  it('shows the provider (with its fallback) and the signed-in state, never the raw ids; refresh says so and reloads', async () => {
    renderRegister({}, sessionUser({ provider: null, socialId: '3141', isSocialLogin: true, userId: 'kakao_3141' }));
    const box = (await screen.findByText('소셜 로그인 정보')).closest('[role="alert"]') as HTMLElement;
    expect(within(box).getByText('알 수 없음')).toBeInTheDocument();
    expect(within(box).getByText('소셜 계정으로 로그인 중')).toBeInTheDocument();
    expect(box).not.toHaveTextContent('3141');
    await userEvent.click(within(box).getByRole('button', { name: '세션 새로고침' }));
    expect(await screen.findByText('세션이 새로고침되었습니다')).toBeInTheDocument();
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('says when the refresh failed and does not reload', async () => {
    let calls = 0;
    renderRegister({
      'GET /api/users/check-session': () => {
        calls += 1;
        return calls === 1
          ? { body: sessionUser({ provider: 'naver', socialId: null, isSocialLogin: true }) }
          : { status: 502, body: envelope('UPSTREAM_UNAVAILABLE', '서버 오류') };
      },
    });
    expect(await screen.findByText('네이버')).toBeInTheDocument();
    expect(screen.getByText('없음')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '세션 새로고침' }));
    expect(await screen.findByText('세션 새로고침에 실패했습니다')).toBeInTheDocument();
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('is not shown for a local account', async () => {
    renderRegister();
    await screen.findByRole('button', { name: '반려견 등록' });
    expect(screen.queryByText('소셜 로그인 정보')).not.toBeInTheDocument();
  });
});
