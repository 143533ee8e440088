import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/test-api';
import { getJson, insertStray, createMember, post, type Member } from '../../testing/fixtures';

interface Dto {
  id: number;
  status: string;
  reportStatus: string;
  userId: string | null;
  imageUrl: string;
}

describe('stray lists, search and admin registration', () => {
  let api: TestApi;
  let admin: Member;
  let user: Member;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    api = await startTestApi();
    admin = await createMember(api, 'admin', { role: 'ADMIN' });
    user = await createMember(api, 'walker');
    ids.lost = await insertStray(api, { status: 'LOST', location: '서울특별시', foundDate: '2026-11-10', foundTime: '10:00' });
    ids.protecting = await insertStray(api, {
      status: 'PROTECTING',
      location: '서울특별시',
      description: '망원 한강공원 산책로',
      foundDate: '2026-11-10',
      foundTime: '10:30',
    });
    ids.waiting = await insertStray(api, {
      status: 'WAITING',
      location: '부산광역시',
      description: 'Brown POODLE near the beach',
      type: '푸들',
      foundDate: '2026-11-10',
      foundTime: '11:31',
    });
    ids.adopt = await insertStray(api, { status: 'ADOPT', location: '경기도', foundDate: '2026-11-11', foundTime: '09:45' });
  });
  afterAll(() => api.close());

  it('public list: PROTECTING, WAITING and ADOPT, never LOST, reporter hidden, reportStatus set', async () => {
    const res = await getJson(api, '/api/abandoned/abandoned-pets');
    const list = res.json as Dto[];
    expect(list.map((d) => d.id).sort()).toEqual([ids.protecting, ids.waiting, ids.adopt].sort());
    expect(list.every((d) => d.userId === null && d.reportStatus === 'APPROVED')).toBe(true);
    expect(list[0]).toMatchObject({
      imageUrl: expect.stringMatching(/^\/uploads\//),
      foundDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
  });

  const search = async (q: string) => {
    const res = await getJson(api, `/api/abandoned/abandoned-pets/search?${q}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-pawbridge-search')).toBe('rules-v1');
    return (res.json as Dto[]).map((d) => d.id).sort();
  };

  it('search: same day, within an hour, place text in region/description/breed, all criteria together', async () => {
    expect(await search('foundDate=2026-11-10')).toEqual([ids.protecting, ids.waiting].sort());
    expect(await search('foundTime=10:00')).toEqual([ids.protecting, ids.adopt].sort());
    expect(await search('foundTime=12:31')).toEqual([ids.waiting]);
    expect(await search('foundTime=12:32')).toEqual([]);
    expect(await search(`location=${encodeURIComponent('서울')}`)).toEqual([ids.protecting]);
    expect(await search(`location=${encodeURIComponent('한강')}`)).toEqual([ids.protecting]);
    expect(await search('location=poodle')).toEqual([ids.waiting]);
    expect(await search(`location=${encodeURIComponent('푸들')}`)).toEqual([ids.waiting]);
    expect(await search('location=100%25')).toEqual([]);
    expect(await search(`foundDate=2026-11-10&foundTime=10:15&location=${encodeURIComponent('서울특별시')}`)).toEqual([ids.protecting]);
    expect(await search('foundDate=2026-11-12')).toEqual([]);
    expect(await search('')).toEqual([ids.protecting, ids.waiting, ids.adopt].sort());
  });

  it('search: invalid date or time is a 400', async () => {
    expect((await getJson(api, '/api/abandoned/abandoned-pets/search?foundDate=10-11-2026')).status).toBe(400);
    expect((await getJson(api, '/api/abandoned/abandoned-pets/search?foundTime=9am')).status).toBe(400);
  });

  it('admin list: 401 anonymous, 403 members, every status with reportStatus and the reporter for admins', async () => {
    expect((await getJson(api, '/api/admin/abandoned-pets')).status).toBe(401);
    expect((await getJson(api, '/api/admin/abandoned-pets', user.cookie)).status).toBe(403);
    const res = await getJson(api, '/api/admin/abandoned-pets', admin.cookie);
    const list = res.json as Dto[];
    expect(list).toHaveLength(4);
    expect(list.find((d) => d.id === ids.lost)).toMatchObject({ status: 'LOST', reportStatus: 'PENDING' });
    expect(list.find((d) => d.id === ids.adopt)).toMatchObject({ status: 'ADOPT', reportStatus: 'APPROVED' });
    const one = await getJson(api, `/api/admin/abandoned-pets/${ids.lost}`, admin.cookie);
    expect(one.json).toMatchObject({ id: ids.lost, status: 'LOST' });
    const missing = await getJson(api, '/api/admin/abandoned-pets/999999', admin.cookie);
    expect(missing.status).toBe(404);
    expect(missing.text).toBe('');
  });

  it('register: admins only, LOST → PROTECTING once, then 409; unknown → 404', async () => {
    expect((await post(api, `/api/admin/reports/${ids.lost}/register`)).status).toBe(401);
    expect((await post(api, `/api/admin/reports/${ids.lost}/register`, user.cookie)).status).toBe(403);
    const [first, second] = await Promise.all([
      post(api, `/api/admin/reports/${ids.lost}/register`, admin.cookie),
      post(api, `/api/admin/reports/${ids.lost}/register`, admin.cookie),
    ]);
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([200, 409]);
    const ok = first.status === 200 ? first : second;
    const conflict = first.status === 200 ? second : first;
    expect(ok.text).toBe('제보가 유기동물로 등록되었습니다.');
    expect(ok.type).toContain('text/plain');
    expect(conflict.text).toBe('이미 등록된 유기견입니다.');
    const row = await api.ctx.db
      .selectFrom('strayReports')
      .select(['status', 'registeredAt'])
      .where('id', '=', ids.lost as number)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('PROTECTING');
    expect(row.registeredAt).not.toBeNull();
    for (const id of [ids.waiting, ids.adopt])
      expect((await post(api, `/api/admin/reports/${id}/register`, admin.cookie)).status).toBe(409);
    expect((await post(api, '/api/admin/reports/424242/register', admin.cookie)).status).toBe(404);
    expect((await post(api, '/api/admin/reports/abc/register', admin.cookie)).status).toBe(404);
  });
});
