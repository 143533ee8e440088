import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi, renderRoutes, resetTestApp, sessionUser, testConfig } from '@/testing/render-app';
import MyPage from './MyPage';

afterEach(resetTestApp);

// Issue 27: the 실종·목격 tab is there only when the app hands its panel in (not on the legacy).
function renderMyPage(path: string, withLost: boolean) {
  mockApi({ 'GET /api/users/check-session': { body: sessionUser() }, 'GET /api/config': { body: testConfig() } });
  return renderRoutes(
    [
      {
        path: '/mypage/:tab?',
        element: (
          <MyPage
            pets={<p>반려견 목록 자리</p>}
            donations={<p>후원 내역 자리</p>}
            lost={withLost ? <p>실종·목격 글 자리</p> : undefined}
            renderEmailChange={() => null}
          />
        ),
      },
    ],
    path,
  );
}

describe('my page 실종·목격 tab', () => {
  it('is a tab of its own URL that shows the lost panel', async () => {
    const { router } = renderMyPage('/mypage/pets', true);
    await userEvent.click(await screen.findByRole('tab', { name: '실종·목격' }));
    expect(router.state.location.pathname).toBe('/mypage/lost');
    expect(await screen.findByText('실종·목격 글 자리')).toBeInTheDocument();
  });

  it('is hidden without the panel, and /mypage/lost lands on my info', async () => {
    const { router } = renderMyPage('/mypage/lost', false);
    await waitFor(() => expect(router.state.location.pathname).toBe('/mypage/info'));
    expect(screen.queryByRole('tab', { name: '실종·목격' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('tab')).toHaveLength(4);
  });
});

// Issue 28: the neighbourhood alerts tab, likewise only with its panel (our api).
describe('my page 동네 알림 tab', () => {
  it('is a tab of its own URL when the app hands the panel in', async () => {
    mockApi({ 'GET /api/users/check-session': { body: sessionUser() }, 'GET /api/config': { body: testConfig() } });
    const { router } = renderRoutes(
      [
        {
          path: '/mypage/:tab?',
          element: (
            <MyPage
              pets={<p>반려견 목록 자리</p>}
              donations={<p>후원 내역 자리</p>}
              alerts={<p>동네 알림 자리</p>}
              renderEmailChange={() => null}
            />
          ),
        },
      ],
      '/mypage/info',
    );
    await userEvent.click(await screen.findByRole('tab', { name: '동네 알림' }));
    expect(router.state.location.pathname).toBe('/mypage/alerts');
    expect(await screen.findByText('동네 알림 자리')).toBeInTheDocument();
  });
});
