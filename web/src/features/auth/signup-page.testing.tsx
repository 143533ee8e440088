// Shared helpers of the signup page tests (render with a BFF-like fetch stub, fill, send, verify).
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { envelope, mockApi, ok, renderRoutes, testConfig, type MockRoute } from '@/testing/render-app';
import SignupPage from './SignupPage';

/** An input by its label, ignoring the required asterisk ("비밀번호" is not "비밀번호 확인"). */
export const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}\\s*\\*?$`));
export const button = (name: string) => screen.getByRole('button', { name });
/** The message Mantine shows under a field (linked by aria-describedby). */
export const fieldError = (label: string) => {
  const input = field(label);
  const ids = (input.getAttribute('aria-describedby') ?? '').split(/\s+/).filter((id) => id.endsWith('-error'));
  return ids.map((id) => document.getElementById(id)?.textContent).join('') || null;
};

export const VALID_CODE = '123456';

export function renderSignup(routes: Record<string, MockRoute> = {}) {
  const api = mockApi({
    'GET /api/users/check-session': { body: { loggedIn: false } },
    'GET /api/config': { body: testConfig() },
    'POST /api/users/send-email': ok('sent'),
    'POST /api/users/verify-email': (call) =>
      call.query.get('code') === VALID_CODE
        ? ok('verified')
        : {
            status: 400,
            body: envelope('INVALID_CODE', '인증 코드가 올바르지 않거나 만료되었습니다.', {
              code: '인증 코드가 올바르지 않거나 만료되었습니다.',
            }),
          },
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
export async function enter(label: string, text: string, user = userEvent.setup()) {
  await user.click(field(label));
  await user.paste(text);
}

export async function fillAllButEmail(user = userEvent.setup()) {
  await enter('이름', '김민아', user);
  await enter('아이디', 'mina_01', user);
  await enter('비밀번호', 'secret12', user);
  await enter('비밀번호 확인', 'secret12', user);
  fireEvent.change(field('생년월일'), { target: { value: '1995-03-14' } });
  await enter('휴대폰 번호', '010-2345-6789', user);
}

export async function sendCode(email = 'mina@example.com', user = userEvent.setup()) {
  await enter('이메일', email, user);
  await user.click(button('인증 코드 보내기'));
  await screen.findByLabelText('인증 코드');
}

export async function verify(code = VALID_CODE, user = userEvent.setup()) {
  await user.type(screen.getByLabelText('인증 코드'), code);
  await user.click(button('인증하기'));
}
