import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { io as ioClient, type Socket } from 'socket.io-client';
import { NO_ABOUT } from '@pawbridge/shared';
import { startFakeSpring, type FakeSpring } from '../testing/fake-spring/index';
import { createClient, startTestBff, type TestBff } from '../testing/test-bff';
import { openStomp, type TestStomp } from '../testing/stomp-client';

// Both bridges and the realtime REST in front of the Spring-shaped fake (UPSTREAM_KIND=legacy).
let spring: FakeSpring;
let bff: TestBff;
const opened: TestStomp[] = [];
let seq = 0;

beforeAll(async () => {
  spring = await startFakeSpring();
  bff = await startTestBff(spring.url, { DASHBOARD_URL: spring.state.dashboardUrl });
});
afterAll(async () => {
  for (const s of opened) s.close();
  await bff?.close();
  await spring?.close();
});

function login(userId: string, role: 'USER' | 'ADMIN' = 'USER') {
  if (!spring.state.users.some((u) => u.userId === userId)) spring.state.addUser({ userId, role, name: userId });
  return spring.state.createSession(userId);
}
const newMember = () => {
  seq += 1;
  const userId = `rtmember${seq}`;
  return { userId, sid: login(userId) };
};
const stomp = async (sid: string | null, origin?: string) => {
  const s = await openStomp(bff.url, sid, origin);
  opened.push(s);
  return s;
};

describe('STOMP bridge /ws, upstream = legacy Spring', () => {
  it('refuses a visitor and a foreign origin at the handshake', async () => {
    await expect(stomp(null)).rejects.toThrow('401');
    const { sid } = newMember();
    await expect(stomp(sid, 'https://evil.example')).rejects.toThrow('403');
  });

  it("delivers a member's adoption result, which the legacy publishes on an admin topic, to that member only, normalised", async () => {
    const me = newMember();
    const other = newMember();
    const mine = await stomp(me.sid);
    const theirs = await stomp(other.sid);
    await mine.subscribe(`/topic/user/${me.userId}/adoption`);
    await theirs.subscribe(`/topic/user/${other.userId}/adoption`);
    await vi.waitFor(() => expect(spring.state.stompSubscriptions().flat()).toContain('/topic/admin/adoption/alerts'));

    spring.state.notify(me.userId, 'ADOPTION_RESULT', '입양 신청이 승인되었습니다.');
    const [message] = await mine.messages(1);
    expect(message?.destination).toBe(`/topic/user/${me.userId}/adoption`);
    expect(message?.body).toEqual({
      id: null,
      kind: 'ADOPTION_RESULT',
      message: '입양 신청이 승인되었습니다.',
      // The legacy sends only a sentence: the BFF reads the code out of it; the dog is not named.
      code: 'ADOPTION_APPROVED',
      about: NO_ABOUT,
      createdAt: expect.stringMatching(/Z$/),
      read: false,
      link: '/mypage/applications',
    });
    spring.state.notify(other.userId, 'ADOPTION_RESULT', '다른 회원');
    await theirs.messages(1);
    expect(mine.received).toHaveLength(1);
  });

  it("answers a SUBSCRIBE to another member's topic with an ERROR frame", async () => {
    const me = newMember();
    const other = newMember();
    const s = await stomp(me.sid);
    const error = await s.subscribeExpectingError(`/topic/user/${other.userId}/adoption`);
    expect(error.headers.message).toBe('FORBIDDEN_DESTINATION');
    expect(spring.state.stompSubscriptions().flat()).not.toContain(`/topic/user/${other.userId}/adoption`);
  });

  it('refuses SEND: nothing goes from the browser to the upstream', async () => {
    const s = await stomp(newMember().sid);
    const error = new Promise<{ headers: Record<string, string> }>((resolve) => (s.client.onStompError = resolve));
    s.client.publish({ destination: '/app/anything', body: 'x' });
    expect((await error).headers.message).toBe('SEND_NOT_ALLOWED');
  });

  it('lets only admins subscribe to the admin topics, and feeds them from where the legacy publishes', async () => {
    const member = await stomp(newMember().sid);
    expect((await member.subscribeExpectingError('/topic/admin/abandoned/alerts')).headers.message).toBe('FORBIDDEN_DESTINATION');

    const admin = await stomp(login('admin', 'ADMIN'));
    await admin.subscribe('/topic/admin/abandoned/alerts');
    await vi.waitFor(() => expect(spring.state.stompSubscriptions().flat()).toContain('/topic/user/abandoned/admin'));
    spring.state.notify('admin', 'ABANDONED_PET', '새로운 유기동물 제보가 접수되었습니다.');
    const [message] = await admin.messages(1);
    expect(message?.body).toMatchObject({ kind: 'ABANDONED_PET', link: '/admin/abandoned-pets' });
  });

  it('tells the browser when the upstream restarts (so it refetches), and a reconnect works again (issue 24 item 3)', async () => {
    const me = newMember();
    const s = await stomp(me.sid);
    await s.subscribe(`/topic/user/${me.userId}/community/comment`);
    const topic = `/topic/user/${me.userId}/community/comment`;
    await vi.waitFor(() => expect(spring.state.stompSubscriptions().flat()).toContain(topic));

    spring.state.dropStompConnections();
    await vi.waitFor(() => expect(s.closed).toBe(true), { timeout: 5000 });
    const again = await stomp(me.sid);
    await again.subscribe(topic);
    await vi.waitFor(() => expect(spring.state.stompSubscriptions().flat()).toContain(topic), { timeout: 10_000, interval: 50 });
    spring.state.notify(me.userId, 'COMMENT', '내 글에 댓글이 달렸습니다.');
    const [message] = await again.messages(1);
    expect(message?.body).toMatchObject({ kind: 'COMMENT', message: '내 글에 댓글이 달렸습니다.' });
  });
});

describe('issue 23 item 11: login ids the legacy broker would misread, upstream = legacy Spring', () => {
  const live = (userId: string, type: string, message: string) => ({
    id: null,
    userId,
    notificationType: type,
    message,
    targetUrl: null,
    createdAt: new Date().toISOString().replace('Z', ''),
    readAt: null,
    read: false,
  });

  it('an id with broker pattern characters is never subscribed upstream as a pattern the BFF did not mean; the member gets their own only', async () => {
    const wild = 'star*{x}?q';
    const sid = login(wild);
    // What the legacy's broker would match with the id as is (`*` any run, `{x}` any part, `?` one character), and a same-length id.
    for (const other of ['starEVERYONEq', 'star-anything-zq', 'star12x34q']) login(other);
    const s = await stomp(sid);
    await s.subscribe(`/topic/user/${wild}/community/comment`);
    await vi.waitFor(() => expect(spring.state.stompSubscriptions().flat()).toContain('/topic/user/star??x??q/community/comment'));
    for (const sub of spring.state.stompSubscriptions().flat()) expect(sub).not.toMatch(/[*{}]/);

    spring.state.notify('starEVERYONEq', 'COMMENT', '남의 댓글 1');
    spring.state.notify('star-anything-zq', 'COMMENT', '남의 댓글 2');
    spring.state.notify('star12x34q', 'COMMENT', '같은 길이의 남의 댓글');
    spring.state.notify(wild, 'COMMENT', '내 댓글');
    const [message] = await s.messages(1);
    expect(message?.body).toMatchObject({ kind: 'COMMENT', message: '내 댓글' });
    expect(message?.destination).toBe(`/topic/user/${wild}/community/comment`);
    await new Promise((r) => setTimeout(r, 100));
    expect(s.received).toHaveLength(1);
  });

  it('members named "abandoned" and "adoption" share the topic /topic/user/abandoned/adoption: each gets only what is theirs', async () => {
    const abandoned = await stomp(login('abandoned'));
    const adoption = await stomp(login('adoption'));
    const shared = '/topic/user/abandoned/adoption';
    await abandoned.subscribe(shared); // "abandoned"'s adoption topic
    await adoption.subscribe(shared); // "adoption"'s report topic
    await vi.waitFor(() =>
      expect(
        spring.state
          .stompSubscriptions()
          .flat()
          .filter((d) => d === shared),
      ).toHaveLength(2),
    );

    spring.state.publishStomp(shared, live('abandoned', 'ADOPTION_RESULT', 'abandoned의 입양 결과'));
    spring.state.publishStomp(shared, live('adoption', 'ADMIN_ALERT', 'adoption의 제보 접수'));
    spring.state.notify('abandoned', 'ADOPTION_RESULT', '승인: abandoned');
    spring.state.notify('adoption', 'ADMIN_ALERT', '접수: adoption');
    const mineA = await abandoned.messages(2);
    const mineB = await adoption.messages(2);
    expect(mineA.map((m) => (m.body as { message: string }).message)).toEqual(['abandoned의 입양 결과', '승인: abandoned']);
    expect(mineB.map((m) => (m.body as { message: string }).message)).toEqual(['adoption의 제보 접수', '접수: adoption']);
    await new Promise((r) => setTimeout(r, 100));
    expect(abandoned.received).toHaveLength(2);
    expect(adoption.received).toHaveLength(2);
  });
});

describe('notifications REST, upstream = legacy Spring', () => {
  it("reads and marks the caller's own notifications only", async () => {
    const me = newMember();
    const other = newMember();
    const c = createClient(bff.url);
    c.cookies.set('JSESSIONID', me.sid);
    const mineN = spring.state.notify(me.userId, 'COMMENT', '댓글');
    const theirsN = spring.state.notify(other.userId, 'COMMENT', '남의 알림');

    const list = await c.get(`/api/notifications/user/${me.userId}/unread`);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      {
        id: mineN.id,
        kind: 'COMMENT',
        message: '댓글',
        code: 'COMMENT_ADDED',
        about: NO_ABOUT,
        createdAt: expect.any(String),
        read: false,
        link: '/community',
      },
    ]);
    expect((await c.get(`/api/notifications/user/${other.userId}/unread`)).body.error.code).toBe('FORBIDDEN');
    expect((await c.put(`/api/notifications/user/${other.userId}/read-all`)).status).toBe(403);

    const foreign = await c.put(`/api/notifications/${theirsN.id}/read`);
    expect(foreign.status).toBe(404);
    expect(theirsN.read).toBe(false);
    expect((await c.put(`/api/notifications/${mineN.id}/read`)).status).toBe(204);
    expect(mineN.read).toBe(true);

    spring.state.notify(me.userId, 'LIKE', '좋아요');
    expect((await c.put(`/api/notifications/user/${me.userId}/read-all`)).status).toBe(204);
    expect((await c.get(`/api/notifications/user/${me.userId}/unread`)).body).toEqual([]);
    expect(theirsN.read).toBe(false);
  });

  it('refuses visitors', async () => {
    expect((await createClient(bff.url).get('/api/notifications/user/someone/unread')).status).toBe(401);
  });
});

describe('dashboard, upstream = legacy Spring', () => {
  it('merges the three calls into one shape; a failed part is zeros and named', async () => {
    const c = createClient(bff.url);
    c.cookies.set('JSESSIONID', login('admin', 'ADMIN'));
    const ok = await c.get('/api/admin/dashboard');
    expect(ok.body).toEqual({
      reportCount: 2,
      adoptionCount: 5,
      pendingReports: 1,
      pendingAdoptions: 1,
      totalAmount: 30000,
      monthlyCount: 2,
      monthlyTrend: [],
      abandoned: { lost: 0, protecting: 2, waiting: 1, adopt: 2 },
      failed: [],
    });
    spring.state.override('GET /api/admin/dashboard/donations', (_req, reply) => reply.code(500).send({ status: 500 }));
    const degraded = await c.get('/api/admin/dashboard');
    spring.state.overrides.clear();
    expect(degraded.body).toMatchObject({ totalAmount: 0, monthlyCount: 0, reportCount: 2, failed: ['donations'] });

    const m = createClient(bff.url);
    m.cookies.set('JSESSIONID', newMember().sid);
    expect((await m.get('/api/admin/dashboard')).status).toBe(403);
  });

  it('admits only admins to the live socket and re-emits the v2 upstream events in the shared shape', async () => {
    const connect = (sid: string) =>
      ioClient(bff.url, {
        path: '/dashboard/socket.io/',
        transports: ['websocket'],
        extraHeaders: { cookie: `JSESSIONID=${sid}` },
        reconnection: false,
        forceNew: true,
      });
    const member = connect(newMember().sid);
    const refused = await new Promise<Error>((resolve) => member.on('connect_error', resolve));
    expect(refused.message).toBe('FORBIDDEN');
    member.close();

    const admin: Socket = connect(login('admin', 'ADMIN'));
    const statuses: unknown[] = [];
    admin.on('dashboard:status', (s) => statuses.push(s));
    await new Promise<void>((resolve) => admin.on('connect', resolve));
    const got = new Promise<unknown>((resolve) => admin.on('user_registered', resolve));
    // The upstream connection is opened when the first admin arrives and joins the legacy's room.
    await vi.waitFor(() => expect(spring.state.dashboardJoins).toBe(1), { timeout: 5000 });
    // The browser hears when the BFF's upstream connection is up (and not before).
    await vi.waitFor(() => expect(statuses.at(-1)).toEqual({ online: true }));
    expect(statuses[0]).toEqual({ online: false });
    spring.state.dashboardSocket?.to('dashboard').emit('user_registered', { message: '새로운 사용자가 등록되었습니다.', userId: 'newbie' });
    expect(await got).toMatchObject({ event: 'user_registered', userId: 'newbie', message: '새로운 사용자가 등록되었습니다.' });

    // The upstream ends the session (as a restarting server does): the admin hears it, the BFF comes back, events flow again.
    for (const s of Object.values(spring.state.dashboardSocket?.sockets.sockets ?? {})) s.disconnect(true);
    await vi.waitFor(() => expect(statuses.at(-1)).toEqual({ online: false }));
    await vi.waitFor(() => expect(spring.state.dashboardJoins).toBe(2), { timeout: 10_000 });
    await vi.waitFor(() => expect(statuses.at(-1)).toEqual({ online: true }));
    const again = new Promise<unknown>((resolve) => admin.on('pet_adopted', resolve));
    spring.state.dashboardSocket
      ?.to('dashboard')
      .emit('pet_adopted', { message: '새로운 입양 신청이 접수되었습니다.', petId: 7, userId: 'kim' });
    expect(await again).toMatchObject({ event: 'pet_adopted', petId: 7 });

    // A second admin shares the one upstream connection.
    const second = connect(login('admin', 'ADMIN'));
    const secondStatus = new Promise<unknown>((resolve) => second.on('dashboard:status', resolve));
    expect(await secondStatus).toEqual({ online: true });
    expect(Object.keys(spring.state.dashboardSocket?.sockets.sockets ?? {})).toHaveLength(1);
    second.close();
    admin.close();
  });
});
