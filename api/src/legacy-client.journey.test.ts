import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ioV2, { type V2Socket } from 'socket.io-client-v2';
import { startTestApi, type TestApi } from './testing/test-api';
import { createMember, LEGACY_ORIGIN, LegacyBrowser, latestCode, solidJpeg, type Member } from './testing/fixtures';

/**
 * Issue 23: our api as a drop-in for the legacy React front end (front-pawnder), driven in the order
 * its pages call it, with exactly what it sends: from its own origin (http://localhost:3000, the api's
 * development default for CORS_ORIGINS) with credentials, bodiless POSTs typed as forms, the
 * verification code alone, coordinates as JSON strings, and the admin dashboard's socket.io v2
 * polling client. docs/decisions/0029-legacy-front-end-drop-in.md
 */
describe('the legacy front end, from its own origin, against our api', () => {
  let api: TestApi;
  let boss: Member;
  const sockets: V2Socket[] = [];
  const member = () => new LegacyBrowser(api);
  let browser: LegacyBrowser;
  let postId: number;

  beforeAll(async () => {
    // What `npm start` in development configures, set explicitly because tests run as NODE_ENV=test.
    api = await startTestApi({ CORS_ORIGINS: LEGACY_ORIGIN });
    boss = await createMember(api, 'boss', { role: 'ADMIN' });
    // A post by someone else (the admin may write any kind) for the member to like.
    const form = new FormData();
    const post = { postType: 'TEMP_PROTECT', title: '임시 보호 구해요', strContent: '<p>산책</p>' };
    form.append('communityPost', new Blob([JSON.stringify(post)], { type: 'application/json' }));
    const res = await fetch(`${api.url}/api/community/createPost`, { method: 'POST', headers: { cookie: boss.cookie }, body: form });
    const created = (await res.json()) as { id: number };
    expect(res.status, JSON.stringify(created)).toBe(200);
    postId = created.id;
    browser = member();
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await api.close();
  });

  it('1. a visitor: the home asks for the session and "my dogs" and gets no login alert (no 401)', async () => {
    expect((await browser.call('GET', '/api/users/check-session')).json).toEqual({ loggedIn: false });
    const dogs = await browser.call('GET', '/api/pet/profile/pets');
    expect(dogs).toMatchObject({ status: 200, json: [] });
  });

  it('2. signup: send-email and verify-email are empty form-typed POSTs; verify sends the code alone', async () => {
    const sent = await browser.emptyFormPost('/api/users/send-email?email=legacy.fan%40example.com');
    expect(sent).toMatchObject({ status: 200, text: '인증 이메일을 전송했습니다.' });
    const verified = await browser.emptyFormPost(`/api/users/verify-email?code=${latestCode(api, 'legacy.fan@example.com')}`);
    expect(verified).toMatchObject({ status: 200, text: '인증되었습니다.' });
    const signup = await browser.json('POST', '/api/users/signup', {
      name: '김레거시',
      userId: 'legacyfan',
      email: 'legacy.fan@example.com',
      password: 'secret123',
      birth: '1994-03-15',
      phoneNm: '010-2345-6789',
    });
    expect(signup).toMatchObject({ status: 200, text: '회원가입 성공!' });
  });

  it('3. login (JSON, preflighted) sets the session the later calls carry', async () => {
    const login = await browser.json('POST', '/api/users/login', { userId: 'legacyfan', password: 'secret123' });
    expect(login.status).toBe(200);
    expect(browser.cookies.get('JSESSIONID')).toBeTruthy();
    expect((await browser.call('GET', '/api/users/check-session')).json).toMatchObject({ loggedIn: true, userId: 'legacyfan' });
  });

  it('4. a stray report with the coordinates as JSON strings', async () => {
    const form = new FormData();
    const dto = {
      latitude: '37.5547',
      longitude: '126.9706',
      gender: 'MALE',
      description: '서울역 앞에서 떨고 있던 강아지',
      location: '서울특별시',
      type: '진돗개',
      foundDate: '2026-11-20',
      foundTime: '14:30',
    };
    form.append('abandoned-pet', new Blob([JSON.stringify(dto)], { type: 'application/json' }));
    form.append('imageurl', new Blob([new Uint8Array(await solidJpeg(120, 90, 60))], { type: 'image/jpeg' }), 'dog.jpg');
    const res = await browser.multipart('/api/abandoned/register', form);
    expect(res.status, res.text).toBe(200);
    const stored = await api.ctx.db.selectFrom('strayReports').select(['latitude', 'longitude']).executeTakeFirstOrThrow();
    expect(stored).toEqual({ latitude: 37.5547, longitude: 126.9706 });
  });

  it('5. the like toggle is an empty form-typed POST', async () => {
    const like = await browser.emptyFormPost(`/api/community/like/${postId}/toggle`);
    expect(like).toMatchObject({ status: 200, json: { liked: true, likeCount: 1 } });
    expect((await browser.call('GET', `/api/community/like/${postId}/count`)).json).toMatchObject({ isLiked: true, likeCount: 1 });
  });

  const dashboardClient = (cookie: string) => {
    // socket.io-client 2 as in the legacy dashboard: polling first, from the page's origin, with the cookie
    // (forceNode: under Node 22+ engine.io-client 3 would pick the global WebSocket, which cannot send it).
    const s = ioV2(api.dashboardUrl, {
      forceNew: true,
      forceNode: true,
      reconnection: false,
      transports: ['polling'],
      extraHeaders: { cookie, origin: LEGACY_ORIGIN },
    });
    sockets.push(s);
    return s;
  };
  const outcome = (s: V2Socket) =>
    new Promise<string>((ok) => {
      s.on('connected', () => ok('connected'));
      s.on('error', () => ok('refused'));
      s.on('connect_error', () => ok('refused'));
    });

  it('6. the dashboard socket: the admin connects from that origin over polling and gets the live numbers; the member is refused', async () => {
    const adminSocket = dashboardClient(boss.cookie);
    expect(await outcome(adminSocket)).toBe('connected');
    const update = new Promise((ok) => adminSocket.on('dashboard_update', ok));
    adminSocket.emit('join_dashboard', 'admin');

    expect(await outcome(dashboardClient(browser.cookieHeader))).toBe('refused');

    // The member's second report reaches the admin's dashboard live.
    const form = new FormData();
    const dto = {
      latitude: '35.1',
      longitude: '129.04',
      description: '부산역 앞',
      location: '부산광역시',
      foundDate: '2026-11-21',
      foundTime: '08:00',
    };
    form.append('abandoned-pet', new Blob([JSON.stringify(dto)], { type: 'application/json' }));
    form.append('imageurl', new Blob([new Uint8Array(await solidJpeg(10, 20, 30))], { type: 'image/jpeg' }), 'dog.jpg');
    expect((await browser.multipart('/api/abandoned/register', form)).status).toBe(200);
    expect(await update).toEqual({ type: 'stray_reported', message: '새로운 유기견 제보가 접수되었습니다.' });
  });
});
