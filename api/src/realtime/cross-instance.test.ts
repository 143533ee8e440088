import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as ioV4, type Socket } from 'socket.io-client';
import { testServices } from '../testing/services';
import { domainEvent } from '../events';
import { NO_ABOUT } from '@pawbridge/shared';
import { startTestApi, type TestApi } from '../testing/test-api';
import { createMember, insertStray, post, type Member } from '../testing/fixtures';
import { connectStomp, type StompSession } from '../testing/stomp-client';

const { redisUrl, databaseUrl } = testServices();
const viaRedis = Boolean(redisUrl);
// On Postgres the two instances share one schema (one database), as two replicas would.
const sharedDatabase = Boolean(redisUrl && databaseUrl);

/**
 * Two api instances in one process. With REDIS_URL, what is raised on A
 * reaches STOMP and dashboard clients connected to B; without it each
 * instance is its own world (then B's own sentinel arrives and A's never does).
 */
describe(`realtime across api instances (${viaRedis ? 'through Redis' : 'in-process: no fan-out'}${sharedDatabase ? ', one Postgres schema' : ''})`, () => {
  let a: TestApi;
  let b: TestApi;
  let ann: Member;
  let boss: Member;
  const stomps: StompSession[] = [];
  const sockets: Socket[] = [];

  beforeAll(async () => {
    const tag = crypto.randomBytes(6).toString('hex');
    const shared = { EVENTS_CHANNEL: `pawbridge:test:${tag}:events`, ...(sharedDatabase ? { DATABASE_SCHEMA: `t_${tag}` } : {}) };
    a = await startTestApi(shared);
    b = await startTestApi(shared);
    // Members live in B's database (the same one as A's when shared).
    ann = await createMember(b, 'ann');
    boss = await createMember(b, 'boss', { role: 'ADMIN' });
  });
  afterAll(async () => {
    await Promise.all(stomps.map((s) => s.disconnect()));
    for (const s of sockets) s.close();
    await b.close();
    await a.close();
  });

  it('a notification stored on instance A is delivered to the member’s STOMP subscription on instance B', async () => {
    const stomp = await connectStomp(b.url, ann.cookie, 'raw');
    stomps.push(stomp);
    await stomp.subscribe('/topic/user/ann/adoption');

    if (sharedDatabase) {
      // The whole path: approval on A → notification row → bus → Redis → B's broker.
      const strayId = await insertStray(a);
      expect((await post(a, `/api/adopt/apply/${strayId}`, ann.cookie)).status).toBe(200);
      const app = await a.ctx.db.selectFrom('adoptionApplications').select('id').where('strayId', '=', strayId).executeTakeFirstOrThrow();
      expect((await post(a, `/api/admin/adopt/approve/${app.id}`, boss.cookie)).status).toBe(200);
      const [message] = await stomp.next('/topic/user/ann/adoption');
      expect(JSON.parse(message!.body)).toMatchObject({ userId: 'ann', notificationType: 'ADOPTION_RESULT' });
      return;
    }

    const body = (message: string) => ({
      id: 1,
      userId: 'ann',
      notificationType: 'ADOPTION_RESULT' as const,
      message,
      targetUrl: '/mypage',
      createdAt: new Date().toISOString(),
      readAt: null,
      read: false,
      code: 'ADOPTION_APPROVED' as const,
      about: NO_ABOUT,
    });
    const raised = (bus: TestApi, message: string) =>
      bus.ctx.events.publish(
        domainEvent('notification.created', {
          notificationId: 1,
          recipientPk: ann.pk,
          destination: '/topic/user/ann/adoption',
          body: body(message),
        }),
      );
    await raised(a, 'from A');
    if (viaRedis) {
      const [message] = await stomp.next('/topic/user/ann/adoption');
      expect(JSON.parse(message!.body)).toMatchObject({ message: 'from A' });
    } else {
      await raised(b, 'from B');
      await stomp.next('/topic/user/ann/adoption');
      expect(stomp.messages.map((m) => JSON.parse(m.body).message)).toEqual(['from B']);
    }
  });

  it('a dashboard event raised on A reaches an admin’s socket.io client connected to B', async () => {
    const socket = ioV4(b.dashboardUrl, { forceNew: true, reconnection: false, extraHeaders: { cookie: boss.cookie } });
    sockets.push(socket);
    const seen: string[] = [];
    let wake: () => void = () => undefined;
    socket.on('user_registered', (p: { userId: string }) => {
      seen.push(p.userId);
      wake();
    });
    await new Promise<void>((ok) => socket.on('connected', () => ok()));
    const arrived = (userId: string) =>
      new Promise<void>((ok) => {
        const check = () => (seen.includes(userId) ? ok() : (wake = check));
        check();
      });

    await a.ctx.events.publish(domainEvent('user.registered', { userPk: 999, userId: 'from-a' }));
    if (viaRedis) {
      await arrived('from-a');
      expect(seen).toEqual(['from-a']);
    } else {
      await b.ctx.events.publish(domainEvent('user.registered', { userPk: 998, userId: 'from-b' }));
      await arrived('from-b');
      expect(seen).toEqual(['from-b']);
    }
  });
});
