import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LIMITS } from '@pawbridge/shared';
import { mockApi, renderRoutes, resetTestApp, sessionUser, testConfig } from '@/testing/render-app';
import AppLayout from './AppLayout';

function renderAt(path: string, loggedIn: boolean) {
  const api = mockApi({
    'GET /api/users/check-session': { body: loggedIn ? sessionUser() : { loggedIn: false } },
    // The header asks whether the deployment has the 실종·목격 board.
    'GET /api/config': { body: testConfig() },
  });
  const view = renderRoutes(
    [
      {
        element: <AppLayout />,
        children: [
          { path: '/', element: <p>home</p> },
          { path: '/login', element: <p>login</p> },
        ],
      },
    ],
    path,
  );
  return { ...view, api };
}

afterEach(resetTestApp);

describe('?socialLogin=success', () => {
  it('re-checks the session after the pause, then goes home without the flag', async () => {
    const { api, router } = renderAt('/login?socialLogin=success', true);
    const started = Date.now();
    // The first check is the app-start one; the flag triggers a second.
    await waitFor(() => expect(api.callsTo('GET', '/api/users/check-session').length).toBeGreaterThanOrEqual(2), { timeout: 3000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(LIMITS.socialLoginRecheckMs - 50);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByText('로그인되었습니다')).toBeInTheDocument();
  });

  it('sends the user to login when the session is not there after all', async () => {
    const { router } = renderAt('/?socialLogin=success', false);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 3000 });
    expect(await screen.findByText(/소셜 로그인 세션을 확인하지 못했습니다/)).toBeInTheDocument();
  });

  it('does nothing without the flag', async () => {
    const { api, router } = renderAt('/login', true);
    await new Promise((r) => setTimeout(r, LIMITS.socialLoginRecheckMs + 200));
    expect(router.state.location.pathname).toBe('/login');
    expect(api.callsTo('GET', '/api/users/check-session')).toHaveLength(1);
  });
});
