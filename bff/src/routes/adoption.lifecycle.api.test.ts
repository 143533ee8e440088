import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApi } from '@pawbridge/api/testing';
import { AdoptionApplicationListSchema, LIMITS, StrayListSchema } from '@pawbridge/shared';
import { createClient, type TestBff, type TestClient } from '../testing/test-bff';
import type { RecordingProxy } from '../testing/recording-proxy';
import { expectEnvelope, photo } from './strays.suite';
import { apiMember, type Member, type Role } from '../testing/fixtures';
import { closeBffOnApi, startBffOnApi } from '../testing/api-stack';

type Status = 'LOST' | 'PROTECTING' | 'WAITING' | 'ADOPT';

// Issue 8 item 13 and issue 9 items 15-16 through the BFF: our api has reject and
// withdraw; the legacy Spring service has neither and gets an honest 501.
describe('adoption lifecycle through the BFF, upstream = our api', () => {
  let api: TestApi;
  let proxy: RecordingProxy;
  let bff: TestBff;

  beforeAll(async () => void ({ api, proxy, bff } = await startBffOnApi()));
  afterAll(() => closeBffOnApi({ api, proxy, bff }));

  const user = (role: Role = 'USER', contact: { name?: string; phoneNm?: string } = {}): Promise<Member> =>
    apiMember(api, bff.url, { role, ...contact });

  async function seed(status: Status = 'PROTECTING', over: { foundDate?: string; description?: string } = {}): Promise<number> {
    const key = await api.ctx.storage.put(await photo(), 'jpg');
    const row = await api.ctx.db
      .insertInto('strayReports')
      .values({
        reporterPk: null,
        latitude: 37.5,
        longitude: 127,
        imageUrl: `/uploads/${key}`,
        gender: 'MALE',
        description: over.description ?? '갈색 털의 작은 개',
        location: '경기도',
        type: '믹스견',
        name: null,
        foundDate: over.foundDate ?? '2026-08-01',
        foundTime: '12:00',
        status,
        registeredAt: status === 'LOST' ? null : new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  const posts = (path: string) => proxy.seen.filter((s) => s === `POST ${path}`).length;
  const strayStatus = async (id: number) =>
    StrayListSchema.parse((await createClient(bff.url).get('/api/abandoned/abandoned-pets')).body).find((s) => s.id === id)?.status;
  const mine = async (c: TestClient) => AdoptionApplicationListSchema.parse((await c.get('/api/adopt/adoption/my-applications')).body);

  it('member applies, withdraws (stray back to 보호 중), applies again; only the applicant withdraws, only REQUESTED', async () => {
    const id = await seed();
    const ann = await user();
    const ben = await user();
    expect((await ann.client.post(`/api/adopt/apply/${id}`)).status).toBe(200);
    expect(await strayStatus(id)).toBe('WAITING');
    const app = (await mine(ann.client)).find((a) => a.adoptPetId === id);
    expect(app?.adoptStatus).toBe('REQUESTED');
    const path = `/api/adopt/withdraw/${app?.id}`;

    expectEnvelope(await createClient(bff.url).post(path), 401, 'UNAUTHENTICATED');
    expectEnvelope(await ben.client.post(path), 404, 'NOT_FOUND', '존재하지 않는 입양 신청입니다.');
    // Our api refuses someone else's application itself: one call, nothing changed (docs/decisions/0026).
    expect(posts(path)).toBe(1);
    expect(await strayStatus(id)).toBe('WAITING');
    expectEnvelope(await ann.client.post('/api/adopt/withdraw/0x1A'), 400, 'VALIDATION_FAILED');

    const done = await ann.client.post(path);
    expect(done.status, done.text).toBe(200);
    expect(done.body).toEqual({ ok: true, message: '입양 신청을 취소했습니다.', status: 'PROTECTING' });
    expect(await strayStatus(id)).toBe('PROTECTING');
    expect((await mine(ann.client)).some((a) => a.id === app?.id)).toBe(false);
    expectEnvelope(await ann.client.post(path), 404, 'NOT_FOUND');

    expect((await ann.client.post(`/api/adopt/apply/${id}`)).status).toBe(200);
    expect(await strayStatus(id)).toBe('WAITING');
  });

  it('admin rejects: only admins, only REQUESTED; the stray is 보호 중 again and the member cannot re-apply for it', async () => {
    const id = await seed();
    const ann = await user();
    await ann.client.post(`/api/adopt/apply/${id}`);
    const app = (await mine(ann.client)).find((a) => a.adoptPetId === id);
    const path = `/api/admin/adopt/reject/${app?.id}`;
    expectEnvelope(await createClient(bff.url).post(path), 401, 'UNAUTHENTICATED');
    expectEnvelope(await ann.client.post(path), 403, 'FORBIDDEN');
    expect(posts(path)).toBe(0);
    const admin = (await user('ADMIN')).client;
    const res = await admin.post(path);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ ok: true, message: '입양 신청을 거절했습니다.', status: 'PROTECTING' });
    expect(await strayStatus(id)).toBe('PROTECTING');
    expect((await mine(ann.client)).find((a) => a.id === app?.id)?.adoptStatus).toBe('REJECTED');
    const writes = posts(path);
    expectEnvelope(await admin.post(path), 409, 'INVALID_STATE', '대기 중인 입양 신청만 거절할 수 있습니다.');
    expectEnvelope(await admin.post(`/api/admin/adopt/approve/${app?.id}`), 409, 'INVALID_STATE');
    // Decided by our api itself, in one call each (docs/decisions/0026).
    expect(posts(path)).toBe(writes + 1);
    expect(await strayStatus(id)).toBe('PROTECTING');
    expectEnvelope(await admin.post('/api/admin/adopt/reject/765432'), 404, 'NOT_FOUND');
    expectEnvelope(await admin.post('/api/admin/adopt/reject/abc'), 400, 'VALIDATION_FAILED');
    expectEnvelope(
      await ann.client.post(`/api/adopt/apply/${id}`),
      409,
      'ALREADY_APPLIED',
      '이 유기견에 대한 입양 신청은 이미 거절되었습니다.',
    );
    expectEnvelope(
      await ann.client.post(`/api/adopt/withdraw/${app?.id}`),
      409,
      'INVALID_STATE',
      '대기 중인 입양 신청만 취소할 수 있습니다.',
    );
  });

  it(`cap: the ${LIMITS.openAdoptionApplicationsMax + 1}th open application is refused with APPLICATION_LIMIT_REACHED by the api, in one call`, async () => {
    const ann = await user();
    const ids: number[] = [];
    for (let i = 0; i <= LIMITS.openAdoptionApplicationsMax; i++) ids.push(await seed());
    for (const id of ids.slice(0, -1)) expect((await ann.client.post(`/api/adopt/apply/${id}`)).status).toBe(200);
    const last = ids.at(-1) ?? 0;
    expectEnvelope(await ann.client.post(`/api/adopt/apply/${last}`), 409, 'APPLICATION_LIMIT_REACHED');
    expect(posts(`/api/adopt/apply/${last}`)).toBe(1);
    expect(await strayStatus(last)).toBe('PROTECTING');
    const first = (await mine(ann.client)).find((a) => a.adoptPetId === ids[0]);
    expect((await ann.client.post(`/api/adopt/withdraw/${first?.id}`)).status).toBe(200);
    expect((await ann.client.post(`/api/adopt/apply/${last}`)).status).toBe(200);
  });

  it('the admin sees the applicant’s name, e-mail and phone; the member’s own list carries none', async () => {
    const id = await seed();
    const ann = await user('USER', { name: '김하늘', phoneNm: '010-2345-6789' });
    await ann.client.post(`/api/adopt/apply/${id}`);
    const admin = (await user('ADMIN')).client;
    const all = AdoptionApplicationListSchema.parse((await admin.get('/api/admin/adopt-applications')).body);
    expect(all.find((a) => a.adoptPetId === id)).toMatchObject({
      userName: ann.userId,
      applicantName: '김하늘',
      applicantEmail: `${ann.userId}@example.com`,
      applicantPhone: '010-2345-6789',
    });
    expect((await mine(ann.client)).find((a) => a.adoptPetId === id)).toMatchObject({
      applicantName: null,
      applicantEmail: null,
      applicantPhone: null,
    });
  });

  it('the adopt list and its search put 보호 중 first, then 입양 대기, then 입양 완료', async () => {
    const description = '정렬 확인 골목';
    const adopted = await seed('ADOPT', { foundDate: '2026-09-01', description });
    const waiting = await seed('WAITING', { foundDate: '2026-09-02', description });
    const protecting = await seed('PROTECTING', { foundDate: '2026-01-01', description });
    const list = StrayListSchema.parse((await createClient(bff.url).get('/api/abandoned/abandoned-pets')).body);
    const ranks = list.map((s) => ['PROTECTING', 'WAITING', 'ADOPT'].indexOf(s.status));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    const found = StrayListSchema.parse(
      (await createClient(bff.url).get('/api/abandoned/abandoned-pets/search', { query: { location: description } })).body,
    );
    expect(found.map((s) => s.id)).toEqual([protecting, waiting, adopted]);
  });
});
