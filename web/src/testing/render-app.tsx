// Test helpers: the app's providers around a memory router, and a fetch stub
// that answers like the BFF so the real api client runs in tests.
import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { SWRConfig } from 'swr';
import { vi } from 'vitest';
import type { ErrorCode, ErrorReason, PublicConfig, SessionUser } from '@pawbridge/shared';
import { recordUnmockedCall } from './unmocked-calls';

export interface FetchCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}
export interface Reply {
  status?: number;
  body?: unknown;
  /** Extra answer headers (e.g. a paged list's X-Total-Count). */
  headers?: Record<string, string>;
}
export type MockRoute = Reply | ((call: FetchCall) => Reply | Promise<Reply>);

/**
 * Stub `fetch` with answers keyed by "METHOD /path". A call no route answers still
 * gets a 404 envelope (so the screen keeps going), and fails the test afterwards.
 */
export function mockApi(routes: Record<string, MockRoute>) {
  const calls: FetchCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const call: FetchCall = { method, path: url.pathname, query: url.searchParams, body };
    calls.push(call);
    const route = routes[`${method} ${url.pathname}`];
    if (route === undefined) recordUnmockedCall(`${method} ${url.pathname}${url.search}`);
    const reply: Reply =
      route === undefined
        ? { status: 404, body: envelope('NOT_FOUND', 'not mocked') }
        : typeof route === 'function'
          ? await route(call)
          : route;
    return new Response(reply.body === undefined ? '' : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json', ...reply.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}

export const envelope = (
  code: ErrorCode,
  message: string,
  fieldErrors?: Record<string, string>,
  more: { reason?: ErrorReason; fieldErrorCodes?: Record<string, string> } = {},
) => ({
  error: { code, message, ...(fieldErrors ? { fieldErrors } : {}), ...more, requestId: 'test-request' },
});

/** A /api/config answer; `nicknames: false` is the legacy's (no nickname, no 중복 확인). */
export const testConfig = (over: Partial<PublicConfig> = {}): PublicConfig => ({
  map: { provider: 'leaflet', tileUrl: 'https://tile/{z}/{x}/{y}.png', attribution: 'OSM' },
  socialProviders: [],
  payments: { mode: 'test', merchantCode: null },
  breedPrediction: false,
  donations: true,
  nicknames: false,
  strayNames: false,
  ...over,
});

export const ok = (message = 'ok'): Reply => ({ body: { ok: true, message } });

export function sessionUser(over: Partial<SessionUser> = {}): SessionUser {
  return {
    loggedIn: true,
    userId: 'mina',
    username: 'mina',
    name: 'Mina Kim',
    nickname: '미나',
    displayName: 'Mina Kim',
    email: 'mina@example.com',
    role: 'USER',
    isAdmin: false,
    provider: null,
    socialId: null,
    isSocialLogin: false,
    birth: null,
    phoneNm: null,
    firstLogin: false,
    ...over,
  };
}

export const adminUser = () =>
  sessionUser({ userId: 'admin', username: 'admin', name: 'Admin', displayName: 'Admin', role: 'ADMIN', isAdmin: true });

export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider>
      <Notifications />
      {/* A fresh cache per test: no session or config leaks between tests. */}
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{children}</SWRConfig>
    </MantineProvider>
  );
}

/** Render routes in a memory router at `path`; `router.state.location` shows where the app went. */
export function renderRoutes(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...result, router };
}

/** Call in afterEach: notifications live in a global store that outlives a render. */
export function resetTestApp() {
  notifications.clean();
  // The last confirmed session is remembered per tab (lib/session); each test starts as a fresh tab.
  sessionStorage.clear();
  notifications.cleanQueue();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
}
