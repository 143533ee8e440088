import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, ok, resetTestApp } from '@/testing/render-app';
import { VALID_CODE, button, field, fieldError, renderSignup, sendCode, verify } from './signup-page.testing';

// Whole journeys through a large form: give jsdom room.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  resetTestApp();
  vi.useRealTimers();
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
    renderSignup({
      'POST /api/users/send-email': { status: 409, body: envelope('EMAIL_ALREADY_REGISTERED', '이미 가입된 이메일입니다.') },
    });
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
