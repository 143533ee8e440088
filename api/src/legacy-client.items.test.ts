import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ioV2, { type V2Socket } from 'socket.io-client-v2';
import { io as ioV4, type Socket } from 'socket.io-client';
import { corsOrigins, loadApiConfig } from './config/env';
import { startTestApi, type TestApi } from './testing/test-api';
import { createMember, insertStray, LEGACY_ORIGIN, postReport, send, solidJpeg, validReport, type Member } from './testing/fixtures';

/** Issue 23 items 1, 2, 4 and 5, one at a time (3 and 6 live with the users and pets suites; the journey drives all). */
let api: TestApi;
let ann: Member;
let boss: Member;
beforeAll(async () => {
  api = await startTestApi({ CORS_ORIGINS: `${LEGACY_ORIGIN},https://legacy.example.org` });
  ann = await createMember(api, 'ann');
  boss = await createMember(api, 'boss', { role: 'ADMIN' });
});
afterAll(() => api.close());

describe('1. numbers as JSON strings, as Spring binds them', () => {
  it('a stray report with string coordinates is stored with those numbers', async () => {
    const res = await postReport(api, ann.cookie, validReport({ latitude: '37.5547', longitude: '126.9706' }), await solidJpeg(1, 2, 3));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const row = await api.ctx.db
      .selectFrom('strayReports')
      .select(['latitude', 'longitude'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ latitude: 37.5547, longitude: 126.9706 });
  });

  it('still refuses text that is not a plain decimal: empty, blank, NaN, Infinity, hex, exponent, words', async () => {
    for (const latitude of ['', ' ', 'NaN', 'Infinity', '0x25', '3.7e1', 'north', '37.5.5', null, true]) {
      const res = await postReport(api, ann.cookie, validReport({ latitude }), await solidJpeg(1, 2, 3));
      expect(res.status, JSON.stringify(latitude)).toBe(400);
    }
    expect((await postReport(api, ann.cookie, validReport({ longitude: '181' }), await solidJpeg(1, 2, 3))).status).toBe(400);
  });

  it('a donation order with its amount and stray id as text', async () => {
    const stray = await insertStray(api, { status: 'PROTECTING' });
    const order = (amount: unknown, abandonedPetId: unknown) =>
      send(api, 'POST', '/api/abandoned/donation/prepare', {
        cookie: ann.cookie,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ merchantUid: `donation_${Date.now()}`, amount, abandonedPetId }),
      });
    expect((await order('5000', String(stray))).status).toBe(200);
    for (const [amount, id] of [
      ['', String(stray)],
      ['5e3', String(stray)],
      ['0x1388', String(stray)],
      ['5000', 'Infinity'],
    ])
      expect((await order(amount, id)).status, `${amount} ${id}`).toBe(400);
  });
});

describe('2. an empty body of any content type is no body', () => {
  const emptyPost = (path: string, type: string, cookie?: string) =>
    send(api, 'POST', path, { cookie, headers: { 'content-type': type }, body: '' });

  it('send-email, verify-email and the like toggle accept the empty form-typed POST the legacy sends', async () => {
    expect(await emptyPost('/api/users/send-email?email=form-typed%40example.com', 'application/x-www-form-urlencoded')).toMatchObject({
      status: 200,
    });
    // A wrong code: the route ran (400 text), not 415.
    expect(
      await emptyPost('/api/users/verify-email?code=000000&email=form-typed%40example.com', 'application/x-www-form-urlencoded'),
    ).toMatchObject({ status: 400, text: '인증 코드가 올바르지 않거나 만료되었습니다.' });
    const form = new FormData();
    form.append(
      'communityPost',
      new Blob([JSON.stringify({ postType: 'TEMP_PROTECT', title: '임보처 구해요', strContent: '<p>급해요</p>' })], {
        type: 'application/json',
      }),
    );
    const post = await send(api, 'POST', '/api/community/createPost', { cookie: boss.cookie, form });
    const id = (post.json as unknown as { id: number }).id;
    for (const type of ['application/x-www-form-urlencoded', 'application/json', 'application/octet-stream', 'text/plain;charset=UTF-8']) {
      const like = await emptyPost(`/api/community/like/${id}/toggle`, type, ann.cookie);
      expect(like.status, type).toBe(200);
    }
  });

  it('a body of a type nobody reads is still 415, and an empty body where one is needed is the route’s own 400', async () => {
    const res = await send(api, 'POST', '/api/users/login', { headers: { 'content-type': 'application/octet-stream' }, body: 'x' });
    expect(res.status).toBe(415);
    const empty = await emptyPost('/api/users/signup', 'application/json');
    expect(empty.status).toBe(400);
    expect(empty.json).toMatchObject({ status: 400, path: '/api/users/signup' });
  });
});

describe('4. CORS with credentials for the configured origins only', () => {
  const preflight = (origin: string, method = 'POST') =>
    fetch(`${api.url}/api/users/login`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': 'content-type' },
    });

  it('answers the legacy origin’s preflight and its credentialed calls', async () => {
    for (const origin of [LEGACY_ORIGIN, 'https://legacy.example.org']) {
      const pre = await preflight(origin, 'PUT');
      expect(pre.status).toBe(204);
      expect(pre.headers.get('access-control-allow-origin')).toBe(origin);
      expect(pre.headers.get('access-control-allow-credentials')).toBe('true');
      expect(pre.headers.get('access-control-allow-methods')).toContain('PUT');
      expect(pre.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('content-type');
    }
    const res = await fetch(`${api.url}/api/abandoned/abandoned-pets?page=1&size=1`, { headers: { origin: LEGACY_ORIGIN } });
    expect(res.headers.get('access-control-allow-origin')).toBe(LEGACY_ORIGIN);
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
    expect(res.headers.get('access-control-expose-headers')?.toLowerCase()).toContain('x-total-count');
    expect(res.headers.get('vary')?.toLowerCase()).toContain('origin');
  });

  it('gives any other origin nothing: no CORS header, its preflight refused', async () => {
    for (const origin of ['http://localhost:3001', 'https://evil.example', 'null', 'http://localhost:3000.evil.example']) {
      const pre = await preflight(origin);
      expect(pre.status, origin).toBe(403);
      expect(pre.headers.get('access-control-allow-origin')).toBeNull();
      expect(pre.headers.get('access-control-allow-credentials')).toBeNull();
      const res = await fetch(`${api.url}/api/users/check-session`, { headers: { origin } });
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
    }
    const plain = await fetch(`${api.url}/api/users/check-session`);
    expect(plain.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('CORS_ORIGINS: development defaults to the legacy dev origin, production and tests to none; wildcards and paths are refused', () => {
    expect(loadApiConfig({ NODE_ENV: 'development' }).corsOrigins).toEqual(['http://localhost:3000']);
    expect(loadApiConfig({ NODE_ENV: 'test' }).corsOrigins).toEqual([]);
    expect(corsOrigins(undefined, 'production')).toEqual([]);
    expect(corsOrigins(' https://a.example , http://localhost:5173,https://a.example ', 'production')).toEqual([
      'https://a.example',
      'http://localhost:5173',
    ]);
    for (const bad of ['*', 'https://a.example/', 'https://a.example/app', 'localhost:3000', 'ftp://a.example'])
      expect(() => loadApiConfig({ NODE_ENV: 'development', CORS_ORIGINS: bad }), bad).toThrow(/CORS_ORIGINS/);
  });
});

describe('5. the dashboard socket from the legacy page’s origin', () => {
  const sockets: V2Socket[] = [];
  afterAll(() => sockets.forEach((s) => s.close()));
  const client = (cookie: string, origin: string) => {
    const s = ioV2(api.dashboardUrl, {
      forceNew: true,
      forceNode: true,
      reconnection: false,
      transports: ['polling'],
      extraHeaders: { cookie, origin },
    });
    sockets.push(s);
    return new Promise<string>((ok) => {
      s.on('connected', () => ok('connected'));
      s.on('error', () => ok('refused'));
      s.on('connect_error', () => ok('refused'));
    });
  };

  it('the polling handshake allows that origin with credentials (preflight too); other origins are refused', async () => {
    const handshake = (origin: string, cookie: string) =>
      fetch(`${api.dashboardUrl}/socket.io/?EIO=3&transport=polling&t=legacy`, { headers: { origin, cookie } });
    const ok = await handshake(LEGACY_ORIGIN, boss.cookie);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('access-control-allow-origin')).toBe(LEGACY_ORIGIN);
    expect(ok.headers.get('access-control-allow-credentials')).toBe('true');
    const pre = await fetch(`${api.dashboardUrl}/socket.io/?EIO=3&transport=polling`, {
      method: 'OPTIONS',
      headers: { origin: LEGACY_ORIGIN, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe(LEGACY_ORIGIN);
    const other = await handshake('https://evil.example', boss.cookie);
    expect(other.status).toBe(403);
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it("the legacy page's own socket.io 4 client, whose polling sends no cookie: admitted only when its WebSocket upgrade carries an admin's", async () => {
    const v4: Socket[] = [];
    const legacyPage = (cookie: string) => {
      // As in a browser: the cross-origin XHR polling carries no cookie (no withCredentials), the WebSocket does.
      const s = ioV4(api.dashboardUrl, {
        forceNew: true,
        reconnection: false,
        transportOptions: {
          polling: { extraHeaders: { origin: LEGACY_ORIGIN } },
          websocket: { extraHeaders: { origin: LEGACY_ORIGIN, cookie } },
        },
      });
      v4.push(s);
      return s;
    };
    try {
      const admin = legacyPage(boss.cookie);
      const connected = new Promise((ok) => admin.on('connected', ok));
      expect(await connected).toBe('connected');
      const joined = new Promise((ok) => admin.on('dashboard_joined', ok));
      admin.emit('join_dashboard', 'admin');
      expect(await joined).toBe('joined');

      const memberSocket = legacyPage(ann.cookie);
      const refused = await new Promise<string>((ok) => {
        memberSocket.on('connected', () => ok('connected'));
        memberSocket.on('connect_error', () => ok('refused'));
      });
      expect(refused).toBe('refused');
    } finally {
      v4.forEach((s) => s.close());
    }
  });

  it('a socket.io v2 polling client: the admin connects, a member and another origin are refused', async () => {
    expect(await client(boss.cookie, LEGACY_ORIGIN)).toBe('connected');
    expect(await client(ann.cookie, LEGACY_ORIGIN)).toBe('refused');
    expect(await client(boss.cookie, 'https://evil.example')).toBe('refused');
  });
});
