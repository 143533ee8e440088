import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { io as ioV4, type Socket } from 'socket.io-client';
import ioV2, { type V2Socket } from 'socket.io-client-v2';
import { DashboardSocketPayloadSchemas } from '@pawbridge/shared';
import { startTestApi, type TestApi } from '../../testing/test-api';
import { insertStray, createMember, post, postReport, solidJpeg, signUpVerified, validReport, type Member } from '../../testing/fixtures';

type AnySocket = Socket | V2Socket;

/** Records every event a client receives, and lets a test wait for one. */
function recorder(socket: AnySocket) {
  const seen: { event: string; payload: unknown }[] = [];
  const waiters: (() => void)[] = [];
  for (const event of ['connected', 'dashboard_joined', 'user_registered', 'pet_adopted', 'dashboard_update', 'chart-data-update']) {
    (socket.on as (e: string, l: (p: unknown) => void) => void)(event, (payload: unknown) => {
      seen.push({ event, payload });
      waiters.splice(0).forEach((w) => w());
    });
  }
  const next = (event: string, match: (p: unknown) => boolean = () => true) =>
    new Promise<unknown>((ok) => {
      const check = () => {
        const hit = seen.find((s) => s.event === event && match(s.payload));
        if (hit) ok(hit.payload);
        else waiters.push(check);
      };
      check();
    });
  return { seen, next };
}

describe('admin dashboard socket: socket.io v4 server with allowEIO3, admins only', () => {
  let api: TestApi;
  let boss: Member;
  let ann: Member;
  const sockets: AnySocket[] = [];

  const v4 = (cookie?: string) => {
    const s = ioV4(api.dashboardUrl, { forceNew: true, reconnection: false, extraHeaders: cookie ? { cookie } : {} });
    sockets.push(s);
    return s;
  };
  const v2 = (cookie?: string, transports = ['polling', 'websocket']) => {
    // forceNode: under Node 22+ engine.io-client 3 would pick the global WebSocket, which cannot send the cookie.
    const s = ioV2(api.dashboardUrl, {
      forceNew: true,
      forceNode: true,
      reconnection: false,
      transports,
      extraHeaders: cookie ? { cookie } : {},
    });
    sockets.push(s);
    return s;
  };
  const refused = (s: AnySocket) =>
    new Promise<string>((ok) => {
      s.on('connect', () => ok('connected'));
      s.on('connect_error', () => ok('refused'));
      s.on('error', () => ok('refused'));
    });

  beforeAll(async () => {
    api = await startTestApi();
    boss = await createMember(api, 'boss', { role: 'ADMIN' });
    ann = await createMember(api, 'ann');
  });
  afterEach(() => {
    for (const s of sockets.splice(0)) s.close();
  });
  afterAll(() => api.close());

  it('a v4 client: connected, join_dashboard answered, a stray report pushes dashboard_update and the new numbers', async () => {
    const socket = v4(boss.cookie);
    const rec = recorder(socket);
    expect(await rec.next('connected')).toBe('connected');
    socket.emit('join_dashboard', 'ADMIN');
    expect(await rec.next('dashboard_joined')).toBe('joined');

    expect((await postReport(api, ann.cookie, validReport(), await solidJpeg(10, 20, 30))).status).toBe(200);
    expect(await rec.next('dashboard_update')).toEqual({ type: 'stray_reported', message: '새로운 유기견 제보가 접수되었습니다.' });
    const numbers = DashboardSocketPayloadSchemas['chart-data-update'].parse(await rec.next('chart-data-update'));
    expect(numbers.reportsAdoptions).toMatchObject({ reportCount: 1, pendingReports: 1 });
    expect(numbers.abandonedStatus).toEqual({ lost: 1, protecting: 0, waiting: 0, adopt: 0 });
    expect(numbers.donations).toEqual({ totalAmount: 0, monthlyCount: 0 });
  });

  it.each([
    ['polling, then upgraded', ['polling', 'websocket']],
    ['websocket only', ['websocket']],
  ])(
    'a socket.io v2-protocol client (%s) joins and hears pet_adopted and the approval, with the legacy payloads',
    async (_name, transports) => {
      const socket = v2(boss.cookie, transports);
      const rec = recorder(socket);
      expect(await rec.next('connected')).toBe('connected');
      socket.emit('join_dashboard', 'ADMIN');
      expect(await rec.next('dashboard_joined')).toBe('joined');

      const strayId = await insertStray(api);
      expect((await post(api, `/api/adopt/apply/${strayId}`, ann.cookie)).status).toBe(200);
      const applied = DashboardSocketPayloadSchemas.pet_adopted.parse(
        await rec.next('pet_adopted', (p) => (p as { petId: number }).petId === strayId),
      );
      expect(applied).toEqual({ message: '새로운 입양 신청이 접수되었습니다.', petId: strayId, userId: 'ann' });

      const app = await api.ctx.db.selectFrom('adoptionApplications').select('id').where('strayId', '=', strayId).executeTakeFirstOrThrow();
      expect((await post(api, `/api/admin/adopt/approve/${app.id}`, boss.cookie)).status).toBe(200);
      expect(await rec.next('dashboard_update', (p) => (p as { type: string }).type === 'adoption_approved')).toEqual({
        type: 'adoption_approved',
        message: '입양이 승인되었습니다.',
      });
    },
  );

  it('user_registered after a signup, with the new login id', async () => {
    const socket = v4(boss.cookie);
    const rec = recorder(socket);
    await rec.next('connected');
    expect((await signUpVerified(api, { userId: 'newbie', email: 'newbie@example.com' })).status).toBe(200);
    expect(await rec.next('user_registered')).toEqual({ message: '새로운 사용자가 등록되었습니다.', userId: 'newbie' });
  });

  it('members and visitors are refused at the handshake, with either protocol', async () => {
    expect(await refused(v4(ann.cookie))).toBe('refused');
    expect(await refused(v4())).toBe('refused');
    expect(await refused(v2(ann.cookie))).toBe('refused');
    expect(await refused(v2(undefined, ['websocket']))).toBe('refused');
    const res = await fetch(`${api.dashboardUrl}/socket.io/?EIO=4&transport=polling`, { headers: { cookie: ann.cookie } });
    expect(res.status).toBe(403);
  });
});
