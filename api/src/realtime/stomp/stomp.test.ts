import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestApi, type TestApi } from '../../testing/test-api';
import { insertStray, createMember, post, type Member } from '../../testing/fixtures';
import { connectStomp, type StompSession, type Transport } from '../../testing/stomp-client';

describe('STOMP at /ws (SockJS) and /ws/websocket (raw), with a real @stomp/stompjs client', () => {
  let api: TestApi;
  let boss: Member;
  let ann: Member;
  let ben: Member;
  const open: StompSession[] = [];
  const connect = async (who: Member | undefined, transport: Transport) => {
    const s = await connectStomp(api.url, who?.cookie, transport);
    open.push(s);
    return s;
  };

  beforeAll(async () => {
    api = await startTestApi();
    boss = await createMember(api, 'boss', { role: 'ADMIN' });
    ann = await createMember(api, 'ann');
    ben = await createMember(api, 'ben');
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((s) => s.disconnect()));
  });
  afterAll(() => api.close());

  const applyAndGetId = async (who: Member) => {
    const strayId = await insertStray(api);
    expect((await post(api, `/api/adopt/apply/${strayId}`, who.cookie)).status).toBe(200);
    return (await api.ctx.db.selectFrom('adoptionApplications').select('id').where('strayId', '=', strayId).executeTakeFirstOrThrow()).id;
  };

  it.each<Transport>(['raw', 'sockjs-websocket', 'sockjs-xhr-streaming'])(
    '%s: a member hears their adoption result on their own topic, with the stored notification as body',
    async (transport) => {
      const stomp = await connect(ann, transport);
      expect(stomp.connected.headers).toMatchObject({ version: '1.2', 'heart-beat': '10000,10000' });
      // The SockJS client really runs the transport asked for (no silent fallback).
      if (transport !== 'raw')
        expect((stomp.client.webSocket as unknown as { transport: string }).transport).toBe(transport.replace('sockjs-', ''));
      await stomp.subscribe('/topic/user/ann/adoption');
      const appId = await applyAndGetId(ann);
      expect((await post(api, `/api/admin/adopt/approve/${appId}`, boss.cookie)).status).toBe(200);
      const [message] = await stomp.next('/topic/user/ann/adoption');
      expect(message!.headers['content-type']).toBe('application/json');
      const unread = (await (
        await fetch(`${api.url}/api/notifications/user/ann/unread`, { headers: { cookie: ann.cookie } })
      ).json()) as unknown[];
      expect(JSON.parse(message!.body)).toEqual(unread[0]);
      expect(JSON.parse(message!.body)).toMatchObject({
        userId: 'ann',
        notificationType: 'ADOPTION_RESULT',
        message: '관리자가 입양 신청을 승인했습니다.',
        read: false,
      });
    },
  );

  it('admins hear stray reports on the admin topic; a member on the same topic name would not even be allowed to subscribe', async () => {
    const admin = await connect(boss, 'raw');
    await admin.subscribe('/topic/admin/adoption/alerts');
    await applyAndGetId(ben);
    const [alert] = await admin.next('/topic/admin/adoption/alerts');
    expect(JSON.parse(alert!.body)).toMatchObject({
      userId: 'boss',
      notificationType: 'ADOPTION_REQUEST',
      message: 'ben님이 유기견 입양 신청했습니다.',
    });

    const memberSession = await connect(ann, 'raw');
    memberSession.client.subscribe('/topic/admin/adoption/alerts', () => undefined);
    const error = await memberSession.error();
    expect(error.headers.message).toBe('forbidden destination');
    await memberSession.closed;
  });

  it.each<Transport>(['raw', 'sockjs-websocket'])(
    '%s: subscribing to another member’s topic is an ERROR frame and the connection ends; nothing of theirs arrives',
    async (transport) => {
      const intruder = await connect(ben, transport);
      intruder.client.subscribe('/topic/user/ann/adoption', () => undefined);
      expect((await intruder.error()).headers.message).toBe('forbidden destination');
      await intruder.closed;
      expect(intruder.messages).toEqual([]);
    },
  );

  it('a member cannot publish to a topic (ERROR), and /app has no handlers (accepted, dropped)', async () => {
    const stomp = await connect(ann, 'raw');
    await stomp.subscribe('/topic/user/ann/adoption');
    await new Promise<void>((ok) => {
      stomp.client.watchForReceipt('app-send', ok);
      stomp.client.publish({ destination: '/app/hello', body: 'hi', headers: { receipt: 'app-send' } });
    });
    stomp.client.publish({ destination: '/topic/user/ann/adoption', body: '{"message":"fake"}' });
    expect((await stomp.error()).headers.message).toBe('forbidden destination');
    expect(stomp.messages).toEqual([]);
  });

  it('a visitor’s handshake is refused: 401 on the raw WebSocket and on SockJS transports; /ws/info stays open', async () => {
    const status = await new Promise<number>((ok) => {
      const ws = new WebSocket(`${api.url.replace('http', 'ws')}/ws/websocket`);
      ws.on('unexpected-response', (_req, res) => ok(res.statusCode ?? 0));
      ws.on('open', () => ok(101));
    });
    expect(status).toBe(401);
    expect((await fetch(`${api.url}/ws/123/abcdefgh/xhr_streaming`, { method: 'POST' })).status).toBe(401);
    expect(
      (
        await fetch(`${api.url}/ws/123/abcdefgh/xhr_streaming`, {
          method: 'POST',
          headers: { cookie: 'JSESSIONID=not-a-session-at-all-not-a-session-at-all00' },
        })
      ).status,
    ).toBe(401);
    const info = await fetch(`${api.url}/ws/info`);
    expect(info.status).toBe(200);
    expect(await info.json()).toMatchObject({ websocket: true });
    // Ordinary routes still reach Fastify.
    expect((await fetch(`${api.url}/healthz`)).status).toBe(200);
  });

  it('a SockJS session opened by one member cannot be used by another (403)', async () => {
    const key = `k${Date.now()}`;
    const first = await fetch(`${api.url}/ws/000/${key}/xhr`, { method: 'POST', headers: { cookie: ann.cookie } });
    expect(first.status).toBe(200);
    expect(await first.text()).toBe('o\n');
    const hijack = await fetch(`${api.url}/ws/000/${key}/xhr_send`, {
      method: 'POST',
      headers: { cookie: ben.cookie, 'content-type': 'text/plain' },
      body: '["SUBSCRIBE\\nid:1\\ndestination:/topic/user/ann/adoption\\n\\n\\u0000"]',
    });
    expect(hijack.status).toBe(403);
  });

  it('a logged-out session cannot subscribe any more', async () => {
    const gone = await createMember(api, 'gone');
    const stomp = await connect(gone, 'raw');
    await api.ctx.sessions.destroy(gone.cookie.split('=')[1]!);
    stomp.client.subscribe('/topic/user/gone/adoption', () => undefined);
    expect((await stomp.error()).headers.message).toBe('session expired');
  });
});
