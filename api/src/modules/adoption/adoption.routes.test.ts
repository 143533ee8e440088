import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@pawbridge/shared';
import { startTestApi, type TestApi } from '../../testing/test-api';
import { getJson, insertStray, createMember, post, type Member } from '../../testing/fixtures';

interface App {
  id: number;
  adoptPetId: number;
  userName: string;
  adoptStatus: string;
  appliedAt: string;
  approvedAt: string | null;
  petImageUrl: string;
  location: string;
  type: string | null;
}

describe('adoption: apply, my applications, admin list and approval', () => {
  let api: TestApi;
  let admin: Member;
  let ann: Member;
  let ben: Member;

  beforeAll(async () => {
    api = await startTestApi();
    admin = await createMember(api, 'admin', { role: 'ADMIN' });
    ann = await createMember(api, 'ann');
    ben = await createMember(api, 'ben');
  });
  afterAll(() => api.close());

  const strayStatus = async (id: number) =>
    (await api.ctx.db.selectFrom('strayReports').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

  it('apply needs a login (401 text)', async () => {
    const id = await insertStray(api);
    const res = await post(api, `/api/adopt/apply/${id}`);
    expect(res).toMatchObject({ status: 401, text: '로그인이 필요합니다.' });
    expect(await strayStatus(id)).toBe('PROTECTING');
  });

  it('apply moves a PROTECTING stray to WAITING with one REQUESTED application; a repeat is 409', async () => {
    const id = await insertStray(api);
    const res = await post(api, `/api/adopt/apply/${id}`, ann.cookie);
    expect(res).toMatchObject({ status: 200, text: '신청 완료' });
    expect(await strayStatus(id)).toBe('WAITING');
    const again = await post(api, `/api/adopt/apply/${id}`, ann.cookie);
    expect(again).toMatchObject({ status: 409, text: '이미 입양을 신청한 유기견입니다.' });
    const rows = await api.ctx.db.selectFrom('adoptionApplications').selectAll().where('strayId', '=', id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ adoptStatus: 'REQUESTED', approvedAt: null, applicantPk: ann.pk });
  });

  it('concurrent applications by one member leave exactly one row', async () => {
    const id = await insertStray(api);
    const results = await Promise.all([1, 2, 3].map(() => post(api, `/api/adopt/apply/${id}`, ben.cookie)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const count = await api.ctx.db
      .selectFrom('adoptionApplications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('strayId', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('refuses strays that are not PROTECTING: WAITING/ADOPT 409, LOST/unknown 404, nothing changes', async () => {
    const waiting = await insertStray(api);
    await post(api, `/api/adopt/apply/${waiting}`, ann.cookie);
    expect(await post(api, `/api/adopt/apply/${waiting}`, ben.cookie)).toMatchObject({
      status: 409,
      text: '지금은 입양을 신청할 수 없는 유기견입니다.',
    });
    const adopted = await insertStray(api, { status: 'ADOPT' });
    expect((await post(api, `/api/adopt/apply/${adopted}`, ben.cookie)).status).toBe(409);
    expect(await strayStatus(adopted)).toBe('ADOPT');
    const lost = await insertStray(api, { status: 'LOST' });
    expect((await post(api, `/api/adopt/apply/${lost}`, ben.cookie)).status).toBe(404);
    expect(await strayStatus(lost)).toBe('LOST');
    expect((await post(api, '/api/adopt/apply/987654', ben.cookie)).status).toBe(404);
    expect((await post(api, '/api/adopt/apply/x', ben.cookie)).status).toBe(404);
  });

  it('my-applications holds only the caller’s own, with the stray id; 401 when anonymous', async () => {
    expect((await getJson(api, '/api/adopt/adoption/my-applications')).status).toBe(401);
    const mine = (await getJson(api, '/api/adopt/adoption/my-applications', ann.cookie)).json as App[];
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((a) => a.userName === 'ann')).toBe(true);
    expect(mine[0]).toMatchObject({
      adoptStatus: 'REQUESTED',
      approvedAt: null,
      petImageUrl: expect.stringMatching(/^\/uploads\//),
      location: '경기도',
    });
    expect(mine[0]?.appliedAt).toMatch(/Z$/);
    const bens = (await getJson(api, '/api/adopt/adoption/my-applications', ben.cookie)).json as App[];
    expect(bens.every((a) => a.userName === 'ben')).toBe(true);
  });

  it('admin list: 401/403 for others, every application for admins', async () => {
    expect((await getJson(api, '/api/admin/adopt-applications')).status).toBe(401);
    expect((await getJson(api, '/api/admin/adopt-applications', ann.cookie)).status).toBe(403);
    const all = (await getJson(api, '/api/admin/adopt-applications', admin.cookie)).json as App[];
    expect(new Set(all.map((a) => a.userName))).toEqual(new Set(['ann', 'ben']));
  });

  it('approve: REQUESTED → APPROVED with approvedAt, stray ADOPT, other open applications REJECTED; then 409', async () => {
    const id = await insertStray(api);
    await post(api, `/api/adopt/apply/${id}`, ann.cookie);
    // A second open application can only come from old data (the api refuses it now); approval must still close it.
    await api.ctx.db
      .insertInto('adoptionApplications')
      .values({ strayId: id, applicantPk: ben.pk, adoptStatus: 'REQUESTED', approvedAt: null, decidedAt: null })
      .execute();
    const apps = await api.ctx.db.selectFrom('adoptionApplications').select(['id', 'applicantPk']).where('strayId', '=', id).execute();
    const annApp = apps.find((a) => a.applicantPk === ann.pk)?.id ?? 0;
    expect((await post(api, `/api/admin/adopt/approve/${annApp}`)).status).toBe(401);
    expect((await post(api, `/api/admin/adopt/approve/${annApp}`, ann.cookie)).status).toBe(403);
    expect(await post(api, `/api/admin/adopt/approve/${annApp}`, admin.cookie)).toMatchObject({
      status: 200,
      text: '입양이 승인되었습니다.',
    });
    expect(await strayStatus(id)).toBe('ADOPT');
    const after = await api.ctx.db
      .selectFrom('adoptionApplications')
      .select(['applicantPk', 'adoptStatus', 'approvedAt'])
      .where('strayId', '=', id)
      .execute();
    expect(after.find((a) => a.applicantPk === ann.pk)).toMatchObject({ adoptStatus: 'APPROVED', approvedAt: expect.any(Date) });
    expect(after.find((a) => a.applicantPk === ben.pk)).toMatchObject({ adoptStatus: 'REJECTED', approvedAt: null });
    expect(await post(api, `/api/admin/adopt/approve/${annApp}`, admin.cookie)).toMatchObject({
      status: 409,
      text: '대기 중인 입양 신청만 승인할 수 있습니다.',
    });
    const benApp = apps.find((a) => a.applicantPk === ben.pk)?.id ?? 0;
    expect((await post(api, `/api/admin/adopt/approve/${benApp}`, admin.cookie)).status).toBe(409);
    expect((await post(api, '/api/admin/adopt/approve/555555', admin.cookie)).status).toBe(404);
    const mine = (await getJson(api, '/api/adopt/adoption/my-applications', ann.cookie)).json as App[];
    expect(mine.find((a) => a.id === annApp)).toMatchObject({
      adoptStatus: 'APPROVED',
      adoptPetId: id,
      approvedAt: expect.stringMatching(/Z$/),
    });
  });

  it('the database refuses a second approval for one stray and inconsistent approval rows', async () => {
    const id = await insertStray(api, { status: 'ADOPT' });
    await api.ctx.db
      .insertInto('adoptionApplications')
      .values({ strayId: id, applicantPk: ann.pk, adoptStatus: 'APPROVED', approvedAt: new Date(), decidedAt: new Date() })
      .execute();
    await expect(
      api.ctx.db
        .insertInto('adoptionApplications')
        .values({ strayId: id, applicantPk: ben.pk, adoptStatus: 'APPROVED', approvedAt: new Date(), decidedAt: new Date() })
        .execute(),
    ).rejects.toThrow();
    const other = await insertStray(api);
    await expect(
      api.ctx.db
        .insertInto('adoptionApplications')
        .values({ strayId: other, applicantPk: ben.pk, adoptStatus: 'APPROVED', approvedAt: null, decidedAt: new Date() })
        .execute(),
    ).rejects.toThrow();
    await expect(api.ctx.db.updateTable('strayReports').set({ status: 'LOST' }).where('id', '=', other).execute()).rejects.toThrow();
  });
  // docs/decisions/0026: the BFF answers a refused apply from this header alone (one round trip), never from the sentence.
  it('a refused apply names its reason in x-pawbridge-reason; the legacy body stays as it was', async () => {
    const apply = async (id: number | string, cookie: string) => {
      const res = await fetch(`${api.url}/api/adopt/apply/${id}`, { method: 'POST', headers: { cookie } });
      return { status: res.status, reason: res.headers.get('x-pawbridge-reason'), text: await res.text() };
    };
    const cat = await createMember(api, 'cat');
    const dan = await createMember(api, 'dan');
    const open = await insertStray(api);
    expect(await apply(open, cat.cookie)).toMatchObject({ status: 200, reason: null, text: '신청 완료' });
    expect(await apply(open, cat.cookie)).toEqual({ status: 409, reason: 'ALREADY_APPLIED', text: '이미 입양을 신청한 유기견입니다.' });
    expect(await apply(open, dan.cookie)).toMatchObject({ status: 409, reason: 'NOT_AVAILABLE' });
    expect(await apply(await insertStray(api, { status: 'LOST' }), dan.cookie)).toMatchObject({ status: 404, reason: 'NOT_LISTED' });
    const rejected = await insertStray(api);
    await apply(rejected, dan.cookie);
    const row = await api.ctx.db.selectFrom('adoptionApplications').select('id').where('strayId', '=', rejected).executeTakeFirstOrThrow();
    expect((await post(api, `/api/admin/adopt/reject/${row.id}`, admin.cookie)).status).toBe(200);
    expect(await apply(rejected, dan.cookie)).toEqual({
      status: 409,
      reason: 'REJECTED_BEFORE',
      text: '이 유기견에 대한 입양 신청은 이미 거절되었습니다.',
    });
    for (let i = 0; i < LIMITS.openAdoptionApplicationsMax; i += 1) await apply(await insertStray(api), cat.cookie);
    expect(await apply(await insertStray(api), cat.cookie)).toMatchObject({ status: 409, reason: 'LIMIT_REACHED' });
  });
});
