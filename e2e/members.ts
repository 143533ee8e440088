// Members for the journeys: a cookie-keeping HTTP client that talks to the BFF as the SPA does, new
// members signed up through it, and logging in (through the screen, or over HTTP for speed).
import type { BrowserContext, Page } from 'playwright-core';
import type { Stack } from './harness';
import { latestCode } from './mail';

/** A tiny cookie-keeping HTTP client that talks to the BFF like the SPA does. */
export function httpClient(stack: Stack) {
  let cookie = '';
  const call = async (method: string, p: string, init: { json?: unknown; form?: FormData } = {}) => {
    const headers: Record<string, string> = { origin: stack.baseUrl, accept: 'application/json' };
    if (cookie) headers.cookie = cookie;
    let body: RequestInit['body'];
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    } else if (init.form) body = init.form;
    const res = await fetch(stack.baseUrl + p, { method, headers, body, redirect: 'manual' });
    const set = res.headers.getSetCookie().find((c) => c.startsWith('JSESSIONID='));
    if (set) cookie = set.split(';')[0] ?? '';
    const text = await res.text();
    let data: unknown = text;
    try {
      data = text ? JSON.parse(text) : undefined;
    } catch {
      // keep text
    }
    return { status: res.status, data };
  };
  return {
    get: (p: string) => call('GET', p),
    post: (p: string, json?: unknown) => call('POST', p, { json }),
    postForm: (p: string, form: FormData) => call('POST', p, { form }),
    put: (p: string, json?: unknown) => call('PUT', p, { json }),
    delete: (p: string) => call('DELETE', p),
    cookie: () => cookie,
  };
}

export interface TestUser {
  userId: string;
  password: string;
  name: string;
  email: string;
}

let seq = 0;
/** A fresh member created through the BFF (send code → outbox → verify → signup). */
export async function createUser(stack: Stack, prefix = 'user'): Promise<TestUser> {
  seq += 1;
  const tag = `${prefix}${Date.now().toString(36)}${seq}`.toLowerCase().slice(0, 24);
  const user: TestUser = { userId: tag, password: 'pass1234', name: `테스트${seq}`, email: `${tag}@example.com` };
  const c = httpClient(stack);
  const sent = await c.post(`/api/users/send-email?email=${encodeURIComponent(user.email)}`);
  if (sent.status !== 200) throw new Error(`send-email failed: ${sent.status} ${JSON.stringify(sent.data)}`);
  const code = latestCode(stack, user.email);
  const verified = await c.post(`/api/users/verify-email?code=${code}&email=${encodeURIComponent(user.email)}`);
  if (verified.status !== 200) throw new Error(`verify failed: ${verified.status} ${JSON.stringify(verified.data)}`);
  const signed = await c.post('/api/users/signup', {
    name: user.name,
    userId: user.userId,
    email: user.email,
    password: user.password,
    birth: '1990-01-01',
    phoneNm: '010-1234-5678',
  });
  if (signed.status !== 200) throw new Error(`signup failed: ${signed.status} ${JSON.stringify(signed.data)}`);
  return user;
}

/** Log in through the real login screen (full reload to / afterwards, as the spec says). */
export async function loginViaUi(page: Page, userId: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('아이디').fill(userId);
  await page.getByLabel('비밀번호').fill(password);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  await page.waitForURL((u) => u.pathname === '/');
}

/** Log in over HTTP and hand the session cookie to the browser context (fast path for journeys). */
export async function loginContext(context: BrowserContext, stack: Stack, userId: string, password: string): Promise<void> {
  const c = httpClient(stack);
  const res = await c.post('/api/users/login', { userId, password });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.data)}`);
  const value = c.cookie().split('=')[1] ?? '';
  await context.addCookies([{ name: 'JSESSIONID', value, url: stack.baseUrl, httpOnly: true, sameSite: 'Lax' }]);
}
