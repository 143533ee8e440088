import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, ok, resetTestApp } from '@/testing/render-app';
import { button, enter, field, fieldError, fillAllButEmail, renderSignup, sendCode, verify } from './signup-page.testing';

// Whole journeys through a large form: give jsdom room.
vi.setConfig({ testTimeout: 20_000 });

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
    expect(fieldError('휴대폰 번호')).toBe('휴대폰 번호를 입력해 주세요.');
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
    await enter('휴대폰 번호', '12345', user);
    await user.click(button('가입하기'));
    expect(fieldError('이름')).toBeNull();
    expect(fieldError('아이디')).toBe('아이디는 4자 이상이어야 합니다.');
    expect(fieldError('이메일')).toBe('올바른 이메일 형식이 아닙니다.');
    expect(fieldError('비밀번호')).toBe('비밀번호는 6자 이상이어야 합니다.');
    expect(fieldError('비밀번호 확인')).toBe('비밀번호가 일치하지 않습니다.');
    expect(fieldError('생년월일')).toBe('생년월일이 올바르지 않습니다.');
    expect(fieldError('휴대폰 번호')).toBe('휴대폰 번호 형식이 올바르지 않습니다. (예: 010-1234-5678)');

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
    await waitFor(() => expect(fieldError('휴대폰 번호')).toBe('서버가 거절한 전화번호입니다.'));
  });

  it("says a 400 field's code with the form's own words, not the server's text", async () => {
    renderSignup({
      'POST /api/users/signup': {
        status: 400,
        body: envelope(
          'VALIDATION_FAILED',
          'server words',
          { phoneNm: 'phone (server words)' },
          { fieldErrorCodes: { phoneNm: 'phoneInvalid' } },
        ),
      },
    });
    await fillAllButEmail();
    await sendCode();
    await verify();
    await screen.findByRole('button', { name: '인증 완료' });
    await userEvent.click(button('가입하기'));
    await waitFor(() => expect(fieldError('휴대폰 번호')).toBe('휴대폰 번호 형식이 올바르지 않습니다. (예: 010-1234-5678)'));
    expect(screen.getByText('회원가입 실패: 입력한 내용을 다시 확인해 주세요.')).toBeInTheDocument();
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
