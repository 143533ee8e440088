import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicConfig } from '@pawbridge/shared';
import { envelope, mockApi, renderRoutes, resetTestApp, sessionUser } from '@/testing/render-app';
import LoginPage from './LoginPage';
import { fullReload } from './full-reload';

vi.mock('./full-reload', () => ({ fullReload: vi.fn() }));

const config = (socialProviders: PublicConfig['socialProviders']): PublicConfig => ({
  map: { provider: 'leaflet', tileUrl: 'https://tile.example/{z}/{x}/{y}.png', attribution: 'OSM' },
  socialProviders,
  payments: { mode: 'test', merchantCode: null },
  breedPrediction: false,
  donations: true,
  nicknames: true,
  strayNames: true,
});

function renderLogin(routes: Parameters<typeof mockApi>[0] = {}, path = '/login') {
  const api = mockApi({
    'GET /api/users/check-session': { body: { loggedIn: false } },
    'GET /api/config': { body: config([]) },
    ...routes,
  });
  const view = renderRoutes(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/signup', element: <p>signup screen</p> },
    ],
    path,
  );
  return { ...view, api };
}

const submit = () => userEvent.click(screen.getByRole('button', { name: '로그인' }));

// Full renders of the app frame; leave room when the whole suite runs in parallel.
vi.setConfig({ testTimeout: 15_000 });

afterEach(() => {
  resetTestApp();
  vi.mocked(fullReload).mockReset();
});

describe('LoginPage', () => {
  it('requires both fields, says which is missing, and sends nothing', async () => {
    const { api } = renderLogin();
    await submit();
    expect(screen.getByText('아이디를 입력해 주세요.')).toBeInTheDocument();
    expect(screen.getByText('비밀번호를 입력해 주세요.')).toBeInTheDocument();
    expect(screen.getByLabelText(/아이디/)).toHaveAttribute('aria-invalid', 'true');

    await userEvent.type(screen.getByLabelText(/아이디/), '   ');
    await userEvent.type(screen.getByLabelText(/비밀번호/), 'secret12');
    await submit();
    expect(screen.getByText('아이디를 입력해 주세요.')).toBeInTheDocument();
    expect(screen.queryByText('비밀번호를 입력해 주세요.')).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/api/users/login')).toHaveLength(0);
  });

  it('logs in: sends userId and password, disables the button meanwhile, says so, reloads at /', async () => {
    let release: () => void = () => undefined;
    const { api } = renderLogin({
      'POST /api/users/login': () => new Promise((resolve) => (release = () => resolve({ body: sessionUser() }))),
    });
    await userEvent.type(screen.getByLabelText(/아이디/), ' mina ');
    await userEvent.type(screen.getByLabelText(/비밀번호/), 'secret12');
    await submit();
    await waitFor(() => expect(screen.getByRole('button', { name: '로그인' })).toBeDisabled());
    release();
    expect(await screen.findByText('로그인되었습니다')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/users/login')[0]?.body).toEqual({ userId: 'mina', password: 'secret12' });
    await waitFor(() => expect(fullReload).toHaveBeenCalledWith('/'));
    // Still submitting until the page goes: no second login in between.
    expect(screen.getByRole('button', { name: '로그인' })).toBeDisabled();
  });

  it('goes back where a member-only tap came from (?next, issue 28), never to another origin', async () => {
    for (const [next, expected] of [
      ['/adopt?region=서울특별시', '/adopt?region=서울특별시'],
      ['//evil.example/x', '/'],
    ] as const) {
      const view = renderLogin({ 'POST /api/users/login': { body: sessionUser() } }, `/login?next=${encodeURIComponent(next)}`);
      await userEvent.type(screen.getByLabelText(/아이디/), 'mina');
      await userEvent.type(screen.getByLabelText(/비밀번호/), 'secret12');
      await submit();
      await waitFor(() => expect(fullReload).toHaveBeenCalledWith(expected));
      view.unmount();
      resetTestApp();
      vi.mocked(fullReload).mockReset();
    }
  });

  it('shows the server message when login fails and lets the user try again', async () => {
    renderLogin({
      'POST /api/users/login': { status: 401, body: envelope('INVALID_CREDENTIALS', '아이디 또는 비밀번호가 올바르지 않습니다.') },
    });
    await userEvent.type(screen.getByLabelText(/아이디/), 'mina');
    await userEvent.type(screen.getByLabelText(/비밀번호/), 'wrong-pass');
    await submit();
    expect(await screen.findByText('로그인 실패: 아이디 또는 비밀번호가 올바르지 않습니다.')).toBeInTheDocument();
    expect(fullReload).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: '로그인' })).toBeEnabled();
  });

  it('shows only the social buttons the deployment configured, each leaving for /oauth2/authorization/{provider}', async () => {
    renderLogin({ 'GET /api/config': { body: config(['kakao', 'naver']) } });
    const kakao = await screen.findByRole('link', { name: '카카오로 로그인' });
    expect(kakao).toHaveAttribute('href', '/oauth2/authorization/kakao');
    expect(screen.getByRole('link', { name: '네이버로 로그인' })).toHaveAttribute('href', '/oauth2/authorization/naver');
    expect(screen.queryByRole('link', { name: /Google/ })).not.toBeInTheDocument();
  });

  it('shows no social buttons when none is configured', async () => {
    const { api } = renderLogin();
    await waitFor(() => expect(api.callsTo('GET', '/api/config')).toHaveLength(1));
    expect(screen.queryByRole('link', { name: /로 로그인$/ })).not.toBeInTheDocument();
  });

  it('reports a failed social login from ?error=<code> once, in words, and removes it from the address', async () => {
    const { router } = renderLogin({}, '/login?error=SOCIAL_LOGIN_DENIED');
    expect(await screen.findByText('소셜 로그인 실패: 로그인을 취소했습니다')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getAllByText(/^소셜 로그인 실패/)).toHaveLength(1);
  });

  it.each([
    ['SOCIAL_LOGIN_STATE_MISMATCH', '소셜 로그인 실패: 로그인 요청이 만료되었거나 올바르지 않습니다. 다시 시도해 주세요'],
    ['SOCIAL_LOGIN_PROVIDER_ERROR', '소셜 로그인 실패: 로그인 서비스에서 정보를 받아오지 못했습니다. 잠시 후 다시 시도해 주세요'],
    ['SOCIAL_LOGIN_EMAIL_IN_USE', '소셜 로그인 실패: 이 이메일로 이미 가입된 계정이 있습니다. 아이디와 비밀번호로 로그인해 주세요'],
    ['SOCIAL_LOGIN_UNSUPPORTED', '지원하지 않는 소셜 로그인입니다'],
  ])('words %s', async (code, message) => {
    renderLogin({}, `/login?error=${code}`);
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('never echoes an unknown ?error value (anyone can write the address)', async () => {
    renderLogin({}, `/login?error=${encodeURIComponent('고객센터 010-0000-0000 으로 전화하세요')}`);
    expect(await screen.findByText('소셜 로그인 실패: 인증이 취소되었거나 처리되지 않았습니다')).toBeInTheDocument();
    expect(screen.queryByText(/010-0000-0000/)).not.toBeInTheDocument();
  });

  it('explains an empty ?error (the provider gave no reason)', async () => {
    renderLogin({}, '/login?error');
    expect(await screen.findByText('소셜 로그인 실패: 인증이 취소되었거나 처리되지 않았습니다')).toBeInTheDocument();
  });

  it('links to signup', async () => {
    renderLogin();
    await userEvent.click(screen.getByRole('link', { name: '회원가입' }));
    expect(await screen.findByText('signup screen')).toBeInTheDocument();
  });
});
