import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RouteObject } from 'react-router';
import type { Session } from '@pawbridge/shared';
import { documentTitle } from '@/components/layout/use-document-title';
import { adminUser, mockApi, renderRoutes, resetTestApp, sessionUser, testConfig } from '@/testing/render-app';
import type { RouteHandle } from '@/lib/route-handle';
import { routeObjects } from './router';

const screens = (routeObjects[0]?.children ?? []) as RouteObject[];

vi.setConfig({ testTimeout: 15_000 });
afterEach(resetTestApp);

function renderApp(path: string, session: Session = { loggedIn: false }) {
  // Home lists strays (and a member's dogs); my page's pets tab lists the dogs.
  mockApi({
    'GET /api/users/check-session': { body: session },
    'GET /api/abandoned/abandoned-pets': { body: [] },
    'GET /api/pet/profile/pets': { body: [] },
    // The header's bell asks for the logged-in user's unread notifications.
    'GET /api/notifications/user/mina/unread': { body: [] },
    'GET /api/notifications/user/admin/unread': { body: [] },
    // The login screen a visitor is sent to asks which social logins exist.
    'GET /api/config': {
      body: {
        map: { provider: 'leaflet', tileUrl: 'https://tile.example/{z}/{x}/{y}.png', attribution: 'OSM' },
        socialProviders: [],
        payments: { mode: 'test', merchantCode: null },
        breedPrediction: false,
        donations: true,
        nicknames: true,
        strayNames: true,
      },
    },
  });
  return renderRoutes(routeObjects, path);
}

describe('routes', () => {
  it('gives every screen its own title and a fallback while its code loads', () => {
    for (const route of screens) {
      expect((route.handle as RouteHandle | undefined)?.title, route.path).toBeDefined();
      expect(route.HydrateFallback, route.path).toBeDefined();
    }
  });

  it('titles a screen "name · 포브리지" and home with the app name alone', () => {
    expect(documentTitle([undefined, { title: 'title.adopt' }])).toBe('입양하기 · 포브리지');
    expect(documentTitle([undefined, { title: 'title.home' }])).toBe('포브리지');
    expect(documentTitle([undefined])).toBe('포브리지');
  });

  it('loads a lazy screen without React Router warnings and sets its title', async () => {
    const warn = vi.spyOn(console, 'warn');
    const error = vi.spyOn(console, 'error');
    mockApi({
      'GET /api/users/check-session': { body: { loggedIn: false } },
      'GET /api/community/posts': { body: [] },
      'GET /api/config': { body: testConfig() },
    });
    renderRoutes(routeObjects, '/community');
    expect(await screen.findByRole('heading', { level: 1, name: '커뮤니티' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('커뮤니티 · 포브리지'));
    expect(warn).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
  });
});

describe('/mypage', () => {
  it('sends a visitor who types the address to /login, saying a login is needed', async () => {
    const { router } = renderApp('/mypage');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText('로그인이 필요합니다.')).toBeInTheDocument();
  });

  it('sends an admin home, saying my page is for members', async () => {
    const { router } = renderApp('/mypage', adminUser());
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText(/마이페이지는 일반 회원 전용이에요/)).toBeInTheDocument();
  });

  it('shows a member my page on its first tab, my info', async () => {
    const { router } = renderApp('/mypage', sessionUser());
    expect(await screen.findByRole('heading', { level: 1, name: '마이페이지' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/mypage/info'));
    expect(screen.getByRole('tab', { name: '내 정보', selected: true })).toBeInTheDocument();
  });

  it('opens a tab from its own address (a reload keeps it)', async () => {
    renderApp('/mypage/pets', sessionUser());
    expect(await screen.findByRole('tab', { name: '내 반려견', selected: true })).toBeInTheDocument();
  });
});
