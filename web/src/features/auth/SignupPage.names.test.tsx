import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, resetTestApp, testConfig } from '@/testing/render-app';
import { button, enter, field, fieldError, fillAllButEmail, renderSignup, sendCode, verify } from './signup-page.testing';

vi.setConfig({ testTimeout: 20_000 });
afterEach(resetTestApp);

const withNames = { 'GET /api/config': { body: testConfig({ nicknames: true }) } };

describe('SignupPage: 아이디·닉네임 중복 확인 and the nickname (issue 25 item 5)', () => {
  it('checks the id: taken is said on the field, a free one is said in words', async () => {
    const user = userEvent.setup();
    const { api } = renderSignup({
      ...withNames,
      'GET /api/users/check-user-id': (call) => ({ body: { available: call.query.get('userId') !== 'minji01' } }),
    });
    await enter('아이디', 'minji01', user);
    await user.click(await screen.findByRole('button', { name: '아이디 중복 확인' }));
    await waitFor(() => expect(fieldError('아이디')).toBe('이미 사용 중인 아이디입니다.'));
    await user.clear(field('아이디'));
    await enter('아이디', 'minji02', user);
    expect(fieldError('아이디')).toBeNull();
    await user.click(button('아이디 중복 확인'));
    expect(await screen.findByText(/사용할 수 있는 아이디예요/)).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/users/check-user-id').map((c) => c.query.get('userId'))).toEqual(['minji01', 'minji02']);
  });

  it('an id the rules refuse is not sent to the check', async () => {
    const user = userEvent.setup();
    const { api } = renderSignup(withNames);
    await enter('아이디', 'ab', user);
    await user.click(await screen.findByRole('button', { name: '아이디 중복 확인' }));
    expect(fieldError('아이디')).toBe('아이디는 4자 이상이어야 합니다.');
    expect(api.callsTo('GET', '/api/users/check-user-id')).toHaveLength(0);
  });

  it('checks the nickname, and sends it with the signup; a race lost at submit lands on the nickname field', async () => {
    const user = userEvent.setup();
    const { api } = renderSignup({
      ...withNames,
      'GET /api/users/check-nickname': { body: { available: true } },
      'POST /api/users/signup': {
        status: 409,
        body: envelope(
          'NICKNAME_TAKEN',
          '이미 다른 회원이 쓰고 있는 닉네임입니다. 다른 닉네임을 골라 주세요.',
          { nickname: 'x' },
          {
            fieldErrorCodes: { nickname: 'nicknameTaken' },
          },
        ),
      },
    });
    await fillAllButEmail(user);
    await enter('닉네임', '콩이엄마', user);
    await user.click(button('닉네임 중복 확인'));
    expect(await screen.findByText(/사용할 수 있는 닉네임이에요/)).toBeInTheDocument();
    await sendCode(undefined, user);
    await verify(undefined, user);
    await user.click(button('가입하기'));
    await waitFor(() => expect(fieldError('닉네임')).toBe('이미 다른 회원이 쓰고 있는 닉네임입니다. 다른 닉네임을 골라 주세요.'));
    expect(api.callsTo('POST', '/api/users/signup')[0]?.body).toMatchObject({ nickname: '콩이엄마', phoneNm: '010-2345-6789' });
  });

  it('the phone is sent in its one format whatever was typed', async () => {
    const user = userEvent.setup();
    const { api } = renderSignup(withNames);
    await fillAllButEmail(user);
    await user.clear(field('휴대폰 번호'));
    await enter('휴대폰 번호', '+82 10 2345 6789', user);
    await sendCode(undefined, user);
    await verify(undefined, user);
    await user.click(button('가입하기'));
    await waitFor(() => expect(api.callsTo('POST', '/api/users/signup')).toHaveLength(1));
    const body = api.callsTo('POST', '/api/users/signup')[0]?.body as Record<string, unknown>;
    expect(body.phoneNm).toBe('010-2345-6789');
    // Left empty, the nickname is not sent: the server takes the name.
    expect(body).not.toHaveProperty('nickname');
  });

  it('in front of the legacy (nicknames off) there is no nickname field and no check button', async () => {
    renderSignup();
    await screen.findByLabelText(/^아이디/);
    await waitFor(() => expect(screen.queryByRole('button', { name: '아이디 중복 확인' })).toBeNull());
    expect(screen.queryByLabelText(/^닉네임/)).toBeNull();
  });
});
