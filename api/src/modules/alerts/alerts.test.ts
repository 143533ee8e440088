import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/test-api';
import { call, createAdmin, createMember, jpegWithExif, type Member } from '../../testing/fixtures';
import { emlText, outboxMessages } from '../../testing/fixtures/mail';
import { HERE, lostCalls, missingJson, sightingJson } from '../lost/lost.testing';
import { MatchQueueRepository } from '../matching/matching.queue.repository';
import { MatchingWorker } from '../matching/matching.worker';
import { AlertFanout } from './alerts.fanout';

// neighbourhood alerts (issue 28): members' own settings, the fan-out on the matching queue, the owner's reach.

const log = pino({ level: 'silent' });
let api: TestApi;
let lost: ReturnType<typeof lostCalls>;
let owner: Member;
let near: Member;
let far: Member;
let onlyFound: Member;
let stranger: Member;
let admin: Member;

const setting = (over: Record<string, unknown> = {}) => ({
  lat: HERE.lat + 0.018, // ~2 km north of the post
  lng: HERE.lng,
  place: '서울 마포구 성산동',
  radiusKm: 3,
  missing: true,
  found: true,
  strays: true,
  shelter: false,
  delivery: 'BELL',
  ...over,
});
const put = (m: Member, body: unknown) => call(api, 'PUT', '/api/me/neighbourhood', { cookie: m.cookie, json: body });
const bell = async (m: Member) =>
  (await api.ctx.db.selectFrom('notifications').select(['code', 'targetUrl', 'about']).where('recipientPk', '=', m.pk).execute()).filter(
    (n) => n.code?.startsWith('NEIGHBOURHOOD_'),
  );
const missingIdOf = (res: { status: number; json: unknown }) => {
  expect(res.status).toBe(201);
  return (res.json as { id: number }).id;
};

beforeAll(async () => {
  api = await startTestApi();
  await api.app.matching.stop(); // the tests run the queue themselves
  lost = lostCalls(api);
  owner = await createMember(api, 'alertowner');
  near = await createMember(api, 'alertnear');
  far = await createMember(api, 'alertfar');
  onlyFound = await createMember(api, 'alertfound');
  stranger = await createMember(api, 'alertstranger');
  admin = await createAdmin(api, 'alertadmin');
  expect((await put(near, setting({ delivery: 'INSTANT' }))).status).toBe(200);
  expect((await put(far, setting({ lat: HERE.lat + 0.09 }))).status).toBe(200); // ~10 km away
  expect((await put(onlyFound, setting({ missing: false, radiusKm: 5 }))).status).toBe(200);
  // The owner has a neighbourhood around the same spot: their own post never alerts them.
  expect((await put(owner, setting({ lat: HERE.lat, radiusKm: 1 }))).status).toBe(200);
});
afterAll(() => api.close());

describe('the member’s own 동네 setting', () => {
  it('is read back only by its member; others see none, visitors are refused', async () => {
    const mine = await call(api, 'GET', '/api/me/neighbourhood', { cookie: near.cookie });
    expect(JSON.parse(mine.text)).toEqual({ setting: { ...setting({ delivery: 'INSTANT' }) } });
    expect(JSON.parse((await call(api, 'GET', '/api/me/neighbourhood', { cookie: stranger.cookie })).text)).toEqual({ setting: null });
    expect((await call(api, 'GET', '/api/me/neighbourhood')).status).toBe(401);
  });

  it('refuses a point outside Korea, a radius not 1/3/5 and no topic, with field codes', async () => {
    const codes = async (body: unknown) =>
      (JSON.parse((await put(stranger, body)).text) as { error: { code: string; fieldErrorCodes: Record<string, string> } }).error;
    expect((await codes(setting({ lat: 35.68, lng: 139.76 }))).fieldErrorCodes).toEqual({ lat: 'lostOutsideKorea' });
    expect((await codes(setting({ radiusKm: 10 }))).fieldErrorCodes).toEqual({ radiusKm: 'invalid' });
    expect((await codes(setting({ missing: false, found: false, strays: false }))).fieldErrorCodes).toEqual({
      missing: 'alertTopicRequired',
    });
  });

  it('is deleted by DELETE', async () => {
    expect((await put(stranger, setting())).status).toBe(200);
    expect((await call(api, 'DELETE', '/api/me/neighbourhood', { cookie: stranger.cookie })).status).toBe(204);
    expect(JSON.parse((await call(api, 'GET', '/api/me/neighbourhood', { cookie: stranger.cookie })).text)).toEqual({ setting: null });
  });
});

describe('the fan-out', () => {
  let missingId: number;
  beforeAll(async () => {
    missingId = missingIdOf(await lost.postMissing(owner, missingJson(), [await jpegWithExif()]));
    // Nothing happens in the request: the job waits on the queue.
    expect(await bell(near)).toEqual([]);
    await api.app.matching.drain();
  });

  it('reaches members whose radius holds the post, for the kinds they chose, never the author', async () => {
    expect(await bell(near)).toEqual([
      {
        code: 'NEIGHBOURHOOD_MISSING',
        targetUrl: `/lost/${missingId}`,
        about: expect.objectContaining({ dogName: '초코', postId: missingId }),
      },
    ]);
    expect(await bell(far)).toEqual([]); // 10 km away
    expect(await bell(onlyFound)).toEqual([]); // chose found dogs only
    expect(await bell(owner)).toEqual([]); // their own post
  });

  it('e-mails at once who chose it, with the place in words, whole km, no position, and an unsubscribe link', async () => {
    const mails = outboxMessages(api, 'alertnear@example.com');
    expect(mails).toHaveLength(1);
    const text = emlText(mails[0]!);
    expect(text).toContain('서울특별시 마포구');
    expect(text).toContain('약 2 km');
    expect(text).not.toMatch(/37\.5|126\.9|망원동 한강공원/);
    expect(text).toMatch(/\/unsubscribe\?token=[\w-]+\.[\w-]+/);
    expect(mails[0]).toMatch(/^List-Unsubscribe:\s+<http[^>]+\/api\/unsubscribe\?token=/m);
    expect(mails[0]).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
  });

  it('a found post reaches the found-only member too', async () => {
    expect((await lost.postSighting(stranger, sightingJson({ kind: 'FOUND' }), [await jpegWithExif()])).status).toBe(201);
    await api.app.matching.drain();
    expect((await bell(onlyFound)).map((n) => n.code)).toEqual(['NEIGHBOURHOOD_FOUND']);
    expect((await bell(near)).map((n) => n.code).sort()).toEqual(['NEIGHBOURHOOD_FOUND', 'NEIGHBOURHOOD_MISSING']);
  });

  it('tells each member once: a re-run over everything adds nothing', async () => {
    await new MatchQueueRepository(api.ctx.db).requeueAll();
    await api.app.matching.drain();
    expect(await bell(near)).toHaveLength(2);
    expect(outboxMessages(api, 'alertnear@example.com')).toHaveLength(2);
  });

  it('shows the reach to the owner and admins only', async () => {
    const reach = async (m: Member) => call(api, 'GET', `/api/lost/posts/${missingId}/reach`, { cookie: m.cookie });
    expect(JSON.parse((await reach(owner)).text)).toEqual({ count: 1, radiusKm: 3 });
    expect((await reach(admin)).status).toBe(200);
    expect((await reach(stranger)).status).toBe(404);
  });
});

describe('scale rules', () => {
  it('survives a worker dying mid-job: the next resumes from the committed page; each member told exactly once', async () => {
    const members: Member[] = [];
    for (let i = 0; i < 7; i++) {
      const m = await createMember(api, `alertcrowd${i}`);
      await put(m, setting({ lat: 35.1587 + i * 0.001, lng: 129.1604, place: '부산 해운대구' }));
      members.push(m);
    }
    const author = await createMember(api, 'alertbusan');
    missingIdOf(
      await lost.postMissing(author, missingJson({ lat: 35.1587, lng: 129.1604, address: '해운대', sigungu: '해운대구' }), [
        await jpegWithExif(),
      ]),
    );
    const queue = new MatchQueueRepository(api.ctx.db);
    // Matching jobs first (not this test's concern), then the alert job, claimed by a worker that dies.
    let job = await queue.claim('doomed', 40);
    while (job && job.recordKind !== 'ALERT') {
      await queue.finish(job.id, 'doomed');
      job = await queue.claim('doomed', 40);
    }
    let pages = 0;
    const done = await new AlertFanout(api.ctx, log, 2).run(job!, {
      checkpoint: async (trx, cursor) => {
        expect(await new MatchQueueRepository(trx).checkpoint(job!.id, 'doomed', cursor, 40)).toBe(true);
        pages += 1;
      },
      stopping: () => pages >= 1,
    });
    expect(done).toBe(false);
    const told = async () => (await Promise.all(members.map(bell))).map((b) => b.length);
    expect((await told()).filter((n) => n === 1)).toHaveLength(2); // the first page only
    await new Promise((r) => setTimeout(r, 80)); // the lease runs out
    const fanout = new AlertFanout(api.ctx, log, 2);
    await new MatchingWorker(api.ctx, log, { alerts: (j, c) => fanout.run(j, c) }).drain();
    expect(await told()).toEqual([1, 1, 1, 1, 1, 1, 1]);
  });

  it('sends at most 10 alert e-mails a day per member; the bell still rings', async () => {
    const busy = await createMember(api, 'alertbusy');
    await put(busy, setting({ lat: 35.87, lng: 128.6, delivery: 'INSTANT', place: '대구 중구' }));
    const poster = await createMember(api, 'alertposter');
    for (let i = 0; i < 12; i++)
      await api.ctx.db
        .insertInto('lostPosts')
        .values({
          kind: 'SEEN',
          authorPk: poster.pk,
          contact: 'RELAY',
          latitude: 35.87 + i * 0.0005,
          longitude: 128.6,
          publicLat: 35.87,
          publicLng: 128.6,
          gridSeedLat: 0.5,
          gridSeedLng: 0.5,
          address: '대구 중구',
          sido: '대구광역시',
          sigungu: '중구',
          happenedDate: '2026-11-20',
          happenedTime: '10:00',
          description: '봤어요',
        } as never)
        .execute();
    await api.app.matching.drain();
    expect(await bell(busy)).toHaveLength(12);
    expect(outboxMessages(api, 'alertbusy@example.com')).toHaveLength(10);
  });
});
