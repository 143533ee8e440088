import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, mockApi, ok, renderRoutes, resetTestApp, type MockRoute } from '@/testing/render-app';
import SignupPage from './SignupPage';

/** An input by its label, ignoring the required asterisk ("비밀번호" is not "비밀번호 확인"). */
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}\\s*\\*?$`));
const button = (name: string) => screen.getByRole('button', { name });
/** The message Mantine shows under a field (linked by aria-describedby). */
const fieldError = (label: string) => {
  const input = field(label);
  const ids = (input.getAttribute('aria-describedby') ?? '').split(/\s+/).filter((id) => id.endsWith('-error'));
  return ids.map((id) => document.getElementById(id)?.textContent).join('') || null;
};

const VALID_CODE = '123456';

// Whole journeys through a large form: give jsdom room.
vi.setConfig({ testTimeout: 20_000 });

function renderSignup(routes: Record<string, MockRoute> = {}) {
  const api = mockApi({
    'GET /api/users/check-session': { body: { loggedIn: false } },
    'POST /api/users/send-email': ok('sent'),
    'POST /api/users/verify-email': (call) =>
      call.query.get('code') === VALID_CODE
        ? ok('verified')
        : { status: 400, body: envelope('INVALID_CODE', '인증 코드가 올바르지 않거나 만료되었습니다.', { code: '인증 코드가 올바르지 않거나 만료되었습니다.' }) },
    'POST /api/users/signup': ok('가입 완료'),
    ...routes,
  });
  const view = renderRoutes(
    [
      { path: '/signup', element: <SignupPage /> },
      { path: '/login', element: <p>login screen</p> },
    ],
    '/signup',
  );
  return { ...view, api };
}

/** Typing key by key is slow in jsdom; pasting goes through the same change handlers. */
async function enter(label: string, text: string, user = userEvent.setup()) {
  await user.click(field(label));
  await user.paste(text);
}

async function fillAllButEmail(user = userEvent.setup()) {
  await enter('이름', '김민아', user);
  await enter('아이디', 'mina_01', user);
  await enter('비밀번호', 'secret12', user);
  await enter('비밀번호 확인', 'secret12', user);
  fireEvent.change(field('생년월일'), { target: { value: '1995-03-14' } });
  await enter('전화번호', '010-2345-6789', user);
}

async function sendCode(email = 'mina@example.com', user = userEvent.setup()) {
  await enter('이메일', email, user);
  await user.click(button('인증 코드 보내기'));
  await screen.findByLabelText('인증 코드');
}

async function verify(code = VALID_CODE, user = userEvent.setup()) {
  await user.type(screen.getByLabelText('인증 코드'), code);
  await user.click(button('인증하기'));
}

afterEach(() => {
  resetTestApp();
  vi.useRealTimers();
});

describe('SignupPage rules (spec §5): per-field messages and nothing sent', () => {
  it('an empty form names every missing field', async () => {
    const { api } = renderSignup();
    await userEvent.click(button('가입하기'));
    expect(fieldError('이름')).toBe('이름을 입력해 주세요.');
    expect(fieldError('아이디')).toBe('아이디를 입력해 주세요.');
    expect(fieldError('이메일')).toBe('이메일을 입력해 주세요.');
    expect(fieldError('비밀번호')).toBe('비밀번호를 입력해 주세요.');
    expect(fieldError('비밀번호 확인')).toBe('비밀번호를 한 번 더 입력해 주세요.');
    expect(fieldError('생년월일')).toBe('생년월일을 입력해 주세요.');
    expect(fieldError('전화번호')).toBe('전화번호를 입력해 주세요.');
    expect(field('이름')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST', '/api/users/signup')).toHaveLength(0);
  });

  it('checks lengths, patterns and the confirmation', async () => {
    const user = userEvent.setup();
    const { api } = renderSignup();
    await enter('이름', '김민아', user);
    await enter('아이디', 'abc', user);
    await enter('이메일', 'not-an-email', user);
    await enter('비밀번호', '12345', user);
    await enter('비밀번호 확인', '12346', user);
    fireEvent.change(field('생년월일'), { target: { value: '2999-01-01' } });
    await enter('전화번호', '12345', user);
    await user.click(button('가입하기'));
    expect(fieldError('이름')).toBeNull();
    expect(fieldError('아이디')).toBe('아이디는 4자 이상이어야 합니다.');
    expect(fieldError('이메일')).toBe('올바른 이메일 형식이 아닙니다.');
    expect(fieldError('비밀번호')).toBe('비밀번호는 6자 이상이어야 합니다.');
    expect(fieldError('비밀번호 확인')).toBe('비밀번호가 일치하지 않습니다.');
    expect(fieldError('생년월일')).toBe('생년월일이 올바르지 않습니다.');
    expect(fieldError('전화번호')).toBe('전화번호 형식이 올바르지 않습니다. (예: 010-1234-5678)');

    await user.clear(field('아이디'));
    await enter('아이디', 'mina kim', user);
    await user.click(button('가입하기'));
    expect(fieldError('아이디')).toBe('아이디는 영문, 숫자, 밑줄(_), 점(.), 하이픈(-)만 쓸 수 있습니다.');
    expect(api.callsTo('POST', '/api/users/signup')).toHaveLength(0);
  });

  it('a valid form still needs a verified e-mail', async () => {
    const user = userEvent.setup();
    const { api } = renderSignup();
    await fillAllButEmail(user);
    await enter('이메일', 'mina@example.com', user);
    await user.click(button('가입하기'));
    expect(fieldError('이메일')).toBe('이메일 인증을 완료해 주세요.');
    expect(api.callsTo('POST', '/api/users/signup')).toHaveLength(0);
  });

  it('clears a field message when the field is edited', async () => {
    renderSignup();
    await userEvent.click(button('가입하기'));
    expect(fieldError('이름')).not.toBeNull();
    await userEvent.type(field('이름'), '김');
    expect(fieldError('이름')).toBeNull();
  });
});

describe('SignupPage e-mail verification (spec §4)', () => {
  it('sending needs an address, and a well-formed one', async () => {
    const { api } = renderSignup();
    await userEvent.click(button('인증 코드 보내기'));
    expect(fieldError('이메일')).toBe('이메일을 먼저 입력해 주세요.');
    await userEvent.type(field('이메일'), 'mina@');
    await userEvent.click(button('인증 코드 보내기'));
    expect(fieldError('이메일')).toBe('올바른 이메일 형식이 아닙니다.');
    expect(api.callsTo('POST', '/api/users/send-email')).toHaveLength(0);
    expect(screen.queryByLabelText('인증 코드')).not.toBeInTheDocument();
  });

  it('sent: asks the BFF, shows the code input and a 2:00 countdown; the code takes 6 digits only', async () => {
    const { api } = renderSignup();
    await sendCode(' mina@example.com ');
    expect(api.callsTo('POST', '/api/users/send-email')[0]?.query.get('email')).toBe('mina@example.com');
    expect(screen.getByRole('timer')).toHaveTextContent('2:00');
    expect(button('인증하기')).toBeDisabled();
    await userEvent.type(screen.getByLabelText('인증 코드'), '12a3 4-5678');
    expect(screen.getByLabelText('인증 코드')).toHaveValue('123456');
    expect(button('인증하기')).toBeEnabled();
  });

  it('a server refusal to send is shown on the e-mail field', async () => {
    renderSignup({ 'POST /api/users/send-email': { status: 409, body: envelope('EMAIL_ALREADY_REGISTERED', '이미 가입된 이메일입니다.') } });
    await userEvent.type(field('이메일'), 'taken@example.com');
    await userEvent.click(button('인증 코드 보내기'));
    await waitFor(() => expect(fieldError('이메일')).toBe('이미 가입된 이메일입니다.'));
    expect(screen.queryByLabelText('인증 코드')).not.toBeInTheDocument();
  });

  it('a wrong code says so and keeps the step open', async () => {
    renderSignup();
    await sendCode();
    await verify('000000');
    await waitFor(() => expect(fieldError('인증 코드')).toBe('인증 코드가 올바르지 않습니다.'));
    expect(button('인증하기')).toBeEnabled();
  });

  it('the verify button is disabled while the check is under way', async () => {
    let release: () => void = () => undefined;
    renderSignup({ 'POST /api/users/verify-email': () => new Promise((resolve) => (release = () => resolve(ok('verified')))) });
    await sendCode();
    await verify();
    await waitFor(() => expect(button('인증하기')).toBeDisabled());
    release();
    expect(await screen.findByRole('button', { name: '인증 완료' })).toBeDisabled();
  });

  it('verified: binds code and address, locks the e-mail, the send button reads 인증 완료 and is disabled', async () => {
    const { api } = renderSignup();
    await sendCode();
    await verify();
    const done = await screen.findByRole('button', { name: '인증 완료' });
    expect(done).toBeDisabled();
    const call = api.callsTo('POST', '/api/users/verify-email')[0];
    expect(call?.query.get('code')).toBe(VALID_CODE);
    expect(call?.query.get('email')).toBe('mina@example.com');
    expect(field('이메일')).toHaveAttribute('readonly');
    expect(screen.queryByLabelText('인증 코드')).not.toBeInTheDocument();
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
  });

  it('changing the e-mail after verification resets the verification', async () => {
    renderSignup();
    await sendCode();
    await verify();
    await userEvent.click(await screen.findByRole('button', { name: '이메일 변경' }));
    expect(field('이메일')).not.toHaveAttribute('readonly');
    expect(button('인증 코드 보내기')).toBeEnabled();
    await userEvent.type(field('이메일'), 'x');
    await userEvent.click(button('가입하기'));
    expect(fieldError('이메일')).toBe('이메일 인증을 완료해 주세요.');
  });

  it('editing the address while a code is pending drops the code step', async () => {
    renderSignup();
    await sendCode();
    await userEvent.type(field('이메일'), 'm');
    expect(screen.queryByLabelText('인증 코드')).not.toBeInTheDocument();
    expect(button('인증 코드 보내기')).toBeInTheDocument();
  });

  it('at 0:00 the code expires: expired message and verify disabled; sending again restarts from 2:00', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { api } = renderSignup();
    await sendCode('mina@example.com', user);
    await user.type(screen.getByLabelText('인증 코드'), '123');
    act(() => vi.advanceTimersByTime(61_000));
    expect(screen.getByRole('timer')).toHaveTextContent('0:59');
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(screen.getByText('인증 시간이 만료되었습니다. 다시 요청해 주세요.')).toBeInTheDocument();
    expect(button('인증하기')).toBeDisabled();

    await user.click(button('다시 보내기'));
    await waitFor(() => expect(screen.getByRole('timer')).toHaveTextContent('2:00'));
    expect(api.callsTo('POST', '/api/users/send-email')).toHaveLength(2);
    expect(screen.getByLabelText('인증 코드')).toHaveValue('');
  });
});

describe('SignupPage submit', () => {
  it('sends the payload without the confirmation, disables the button meanwhile, clears and goes to /login', async () => {
    let release: () => void = () => undefined;
    const { api, router } = renderSignup({
      'POST /api/users/signup': () => new Promise((resolve) => (release = () => resolve(ok('가입 완료')))),
    });
    await fillAllButEmail();
    await sendCode();
    await verify();
    await screen.findByRole('button', { name: '인증 완료' });
    await userEvent.click(button('가입하기'));
    await waitFor(() => expect(screen.getByRole('button', { name: /가입/ })).toBeDisabled());
    release();
    expect(await screen.findByText('login screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByText('회원가입이 완료되었습니다. 로그인해 주세요')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/users/signup')[0]?.body).toEqual({
      name: '김민아',
      userId: 'mina_01',
      email: 'mina@example.com',
      password: 'secret12',
      birth: '1995-03-14',
      phoneNm: '010-2345-6789',
    });
  });

  it('puts the server field errors and a taken user id on their fields', async () => {
    const { router } = renderSignup({
      'POST /api/users/signup': { status: 409, body: envelope('USER_ID_TAKEN', '이미 사용 중인 아이디입니다.') },
    });
    await fillAllButEmail();
    await sendCode();
    await verify();
    await screen.findByRole('button', { name: '인증 완료' });
    await userEvent.click(button('가입하기'));
    await waitFor(() => expect(fieldError('아이디')).toBe('이미 사용 중인 아이디입니다.'));
    expect(screen.getByText('회원가입 실패: 이미 사용 중인 아이디입니다.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signup');
    expect(field('이름')).toHaveValue('김민아');
  });

  it('shows 400 fieldErrors from the BFF under the matching inputs', async () => {
    renderSignup({
      'POST /api/users/signup': {
        status: 400,
        body: envelope('VALIDATION_FAILED', '입력한 내용을 다시 확인해 주세요.', { phoneNm: '서버가 거절한 전화번호입니다.' }),
      },
    });
    await fillAllButEmail();
    await sendCode();
    await verify();
    await screen.findByRole('button', { name: '인증 완료' });
    await userEvent.click(button('가입하기'));
    await waitFor(() => expect(fieldError('전화번호')).toBe('서버가 거절한 전화번호입니다.'));
  });

  it('a lapsed verification (EMAIL_NOT_VERIFIED) reopens the e-mail step', async () => {
    renderSignup({
      'POST /api/users/signup': { status: 400, body: envelope('EMAIL_NOT_VERIFIED', '이메일 인증을 먼저 완료해 주세요.') },
    });
    await fillAllButEmail();
    await sendCode();
    await verify();
    await screen.findByRole('button', { name: '인증 완료' });
    await userEvent.click(button('가입하기'));
    await waitFor(() => expect(fieldError('이메일')).toBe('이메일 인증을 먼저 완료해 주세요.'));
    expect(button('인증 코드 보내기')).toBeEnabled();
    expect(field('이메일')).not.toHaveAttribute('readonly');
  });

  it('links to login', async () => {
    renderSignup();
    await userEvent.click(screen.getByRole('link', { name: '로그인' }));
    expect(await screen.findByText('login screen')).toBeInTheDocument();
  });
});
