import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { io as ioClient } from 'socket.io-client';
import { startTestApi, type TestApi } from '@pawbridge/api/testing';
import { createClient, startTestBff, type TestBff } from '../testing/test-bff';
import { openStomp, type TestStomp } from '../testing/stomp-client';

// The STOMP bridge and the notification REST in front of our api (UPSTREAM_KIND=api).
let api: TestApi;
let bff: TestBff;
const opened: TestStomp[] = [];
let seq = 0;

beforeAll(async () => {
  api = await startTestApi();
  bff = await startTestBff(api.url, { DASHBOARD_URL: api.dashboardUrl });
});
afterAll(async () => {
  for (const s of opened) s.close();
  await bff?.close();
  await api?.close();
});

async function user(role: 'USER' | 'ADMIN' = 'USER') {
  seq += 1;
  const userId = `rt${role === 'ADMIN' ? 'admin' : 'member'}${seq}${Date.now().toString(36)}`;
  const row = await api.ctx.db
    .insertInto('users')
    .values({
      userId,
      name: null,
      email: `${userId}@example.com`,
      passwordHash: null,
      birth: null,
      phoneNm: null,
      role,
      provider: null,
      socialId: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { pk: row.id, userId, sid: await api.ctx.sessions.create(row.id) };
}
const stomp = async (sid: string | null) => {
  const s = await openStomp(bff.url, sid);
  opened.push(s);
  return s;
};
const decided = (applicantPk: number) =>
  api.ctx.events.publish({
    type: 'adoption.decided',
    occurredAt: new Date().toISOString(),
    applicationId: 1,
    strayId: 1,
    applicantPk,
    outcome: 'APPROVED',
    reason: 'APPROVED_BY_ADMIN',
  });

describe('STOMP bridge /ws, upstream = our api', () => {
  it('refuses a visitor at the handshake', async () => {
    await expect(stomp(null)).rejects.toThrow('401');
  });

  it("delivers a member's adoption result on their own topic, normalised, and not to another member", async () => {
    const me = await user();
    const other = await user();
    const mine = await stomp(me.sid);
    const theirs = await stomp(other.sid);
    await mine.subscribe(`/topic/user/${me.userId}/adoption`);
    await theirs.subscribe(`/topic/user/${other.userId}/adoption`);
    await decided(me.pk);
    const [message] = await mine.messages(1);
    expect(message?.body).toMatchObject({
      id: expect.any(Number),
      kind: 'ADOPTION_RESULT',
      read: false,
      // What happened as a code the web words, and the screen it opens (issue 25 item 3).
      code: 'ADOPTION_APPROVED',
      about: expect.objectContaining({ postId: null, actor: null }),
      link: '/mypage/applications',
    });
    await decided(other.pk);
    await theirs.messages(1);
    expect(mine.received).toHaveLength(1);
  });

  it("answers a SUBSCRIBE to another member's topic, or a member's to an admin topic, with an ERROR frame", async () => {
    const me = await user();
    const other = await user();
    expect((await (await stomp(me.sid)).subscribeExpectingError(`/topic/user/${other.userId}/adoption`)).headers.message).toBe(
      'FORBIDDEN_DESTINATION',
    );
    expect((await (await stomp(me.sid)).subscribeExpectingError('/topic/admin/adoption/alerts')).headers.message).toBe(
      'FORBIDDEN_DESTINATION',
    );
  });

  it('tells the browser when the upstream drops its session (so it refetches), and a reconnect works again (issue 24 item 3)', async () => {
    const me = await user();
    const s = await stomp(me.sid);
    await s.subscribe(`/topic/user/${me.userId}/adoption`);
    api.app.realtime.stomp.closeAll();
    // Not kept open silently: what was raised meanwhile would be lost without a word.
    await vi.waitFor(() => expect(s.closed).toBe(true), { timeout: 5000 });
    const again = await stomp(me.sid);
    await again.subscribe(`/topic/user/${me.userId}/adoption`);
    await vi.waitFor(
      async () => {
        await decided(me.pk);
        expect(again.received.length).toBeGreaterThan(0);
      },
      { timeout: 10_000, interval: 300 },
    );
    expect(again.received[0]?.body).toMatchObject({ kind: 'ADOPTION_RESULT' });
  });

  it('lets an admin subscribe to the admin topics', async () => {
    const admin = await user('ADMIN');
    const applicant = await user();
    const s = await stomp(admin.sid);
    await s.subscribe('/topic/admin/adoption/alerts');
    await vi.waitFor(async () => {
      await api.ctx.events.publish({
        type: 'adoption.requested',
        occurredAt: new Date().toISOString(),
        applicationId: 2,
        strayId: 1,
        applicantPk: applicant.pk,
      });
      expect(s.received.length).toBeGreaterThan(0);
    });
    expect(s.received[0]?.body).toMatchObject({ kind: 'ADOPTION_REQUEST', link: '/admin/adopt-applications' });
  });
});

describe('notifications REST, upstream = our api', () => {
  it("reads and marks the caller's own notifications; another member's list is refused", async () => {
    const me = await user();
    const other = await user();
    await decided(me.pk);
    const c = createClient(bff.url);
    c.cookies.set('JSESSIONID', me.sid);
    const list = await c.get(`/api/notifications/user/${me.userId}/unread`);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([expect.objectContaining({ kind: 'ADOPTION_RESULT', read: false })]);
    expect((await c.get(`/api/notifications/user/${other.userId}/unread`)).status).toBe(403);

    await decided(other.pk);
    const o = createClient(bff.url);
    o.cookies.set('JSESSIONID', other.sid);
    const theirs = (await o.get(`/api/notifications/user/${other.userId}/unread`)).body[0];
    expect((await c.put(`/api/notifications/${theirs.id}/read`)).status).toBe(404);
    expect((await o.get(`/api/notifications/user/${other.userId}/unread`)).body).toHaveLength(1);

    expect((await c.put(`/api/notifications/${list.body[0].id}/read`)).status).toBe(204);
    expect((await c.get(`/api/notifications/user/${me.userId}/unread`)).body).toEqual([]);
    await decided(me.pk);
    expect((await c.put(`/api/notifications/user/${me.userId}/read-all`)).status).toBe(204);
    expect((await c.get(`/api/notifications/user/${me.userId}/unread`)).body).toEqual([]);
  });
});

describe('dashboard socket, upstream = our api (socket.io v4)', () => {
  const connect = (sid: string) =>
    ioClient(bff.url, {
      path: '/dashboard/socket.io/',
      transports: ['websocket'],
      extraHeaders: { cookie: `JSESSIONID=${sid}` },
      reconnection: false,
      forceNew: true,
    });

  it('refuses a member and re-emits the events to an admin, numbers included', async () => {
    const member = connect((await user()).sid);
    expect((await new Promise<Error>((resolve) => member.on('connect_error', resolve))).message).toBe('FORBIDDEN');
    member.close();

    const admin = connect((await user('ADMIN')).sid);
    await new Promise<void>((resolve) => admin.on('connect', resolve));
    const got: unknown[] = [];
    admin.on('dashboard_update', (e) => got.push(e));
    admin.on('chart-data-update', (e) => got.push(e));
    // The BFF opens its one upstream connection when the first admin arrives: raise events until it is through.
    await vi.waitFor(
      async () => {
        await api.ctx.events.publish({ type: 'stray.reported', occurredAt: new Date().toISOString(), strayId: 1, reporterPk: null });
        expect(got.length).toBeGreaterThanOrEqual(2);
      },
      { timeout: 5000, interval: 200 },
    );
    expect(got).toContainEqual(expect.objectContaining({ event: 'dashboard_update', type: 'stray_reported' }));
    expect(got).toContainEqual(expect.objectContaining({ event: 'chart-data-update', summary: expect.objectContaining({ failed: [] }) }));
    admin.close();
  });

  it('answers the dashboard in one shape', async () => {
    const c = createClient(bff.url);
    c.cookies.set('JSESSIONID', (await user('ADMIN')).sid);
    const res = await c.get('/api/admin/dashboard');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ failed: [], abandoned: expect.any(Object), monthlyTrend: expect.any(Array) });
  });
});
