import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/test-api';
import { getJson, insertStray, createMember, type Member } from '../../testing/fixtures';
import { DashboardRepository } from './dashboard.repository';

describe('admin dashboard REST: legacy shapes, honest numbers', () => {
  let api: TestApi;
  let boss: Member;
  let ann: Member;
  let ben: Member;

  beforeAll(async () => {
    api = await startTestApi();
    boss = await createMember(api, 'boss', { role: 'ADMIN' });
    ann = await createMember(api, 'ann');
    ben = await createMember(api, 'ben');
  });
  afterAll(() => api.close());

  const get = async (part: string, who: Member | null = boss) => getJson(api, `/api/admin/dashboard/${part}`, who?.cookie);

  it('admins only: 401 for visitors, 403 for members', async () => {
    for (const part of ['reports-adoptions', 'donations', 'abandoned-status']) {
      expect((await get(part, null)).status).toBe(401);
      expect((await get(part, ann)).status).toBe(403);
    }
  });

  it('counts every status (lost included), reports and applications with their pending parts, and a real monthly trend', async () => {
    const empty = await get('reports-adoptions');
    expect(empty.json).toMatchObject({ reportCount: 0, adoptionCount: 0, pendingReports: 0, pendingAdoptions: 0 });
    expect((empty.json as { monthlyTrend: unknown[] }).monthlyTrend).toHaveLength(6);

    await insertStray(api, { status: 'LOST' });
    await insertStray(api, { status: 'LOST' });
    await insertStray(api, { status: 'PROTECTING' });
    const waiting = await insertStray(api, { status: 'WAITING' });
    const adopted = await insertStray(api, { status: 'ADOPT' });
    await api.ctx.db
      .insertInto('adoptionApplications')
      .values([
        { strayId: waiting, applicantPk: ann.pk, adoptStatus: 'REQUESTED', approvedAt: null, decidedAt: null },
        { strayId: adopted, applicantPk: ben.pk, adoptStatus: 'APPROVED', approvedAt: new Date(), decidedAt: new Date() },
        { strayId: adopted, applicantPk: ann.pk, adoptStatus: 'REJECTED', approvedAt: null, decidedAt: new Date() },
      ])
      .execute();

    expect((await get('abandoned-status')).json).toEqual({ lost: 2, protecting: 1, waiting: 1, adopt: 1 });
    const ra = (await get('reports-adoptions')).json as { monthlyTrend: { month: string; reports: number; adoptions: number }[] };
    expect(ra).toMatchObject({ reportCount: 5, adoptionCount: 3, pendingReports: 2, pendingAdoptions: 1 });
    const thisMonth = ra.monthlyTrend.at(-1)!;
    expect(thisMonth).toMatchObject({ reports: 5, adoptions: 3 });
    expect(ra.monthlyTrend.slice(0, -1).every((m) => m.reports === 0 && m.adoptions === 0)).toBe(true);
    expect(ra.monthlyTrend.map((m) => m.month)).toEqual([...ra.monthlyTrend.map((m) => m.month)].sort());
  });

  it('months follow the Korean calendar: 23:30 UTC on the last day of a month is already next month in Seoul', async () => {
    const id = await insertStray(api, { status: 'LOST' });
    await sql`update stray_reports set created_at = '2026-03-31T23:30:00Z' where id = ${id}`.execute(api.ctx.db);
    const trend = await new DashboardRepository(api.ctx.db).monthlyTrend(3, new Date('2026-04-15T00:00:00Z'));
    expect(trend).toEqual([
      { month: '2026-02', reports: 0, adoptions: 0 },
      { month: '2026-03', reports: 0, adoptions: 0 },
      { month: '2026-04', reports: 1, adoptions: 0 },
    ]);
  });

  it('donations: zeros with no donations, then the paid total and this month’s count (cancelled ones left out)', async () => {
    expect((await get('donations')).json).toEqual({ totalAmount: 0, monthlyCount: 0 });
    // The donations module's table (migration 0008) when present; the same columns otherwise.
    await sql`create table if not exists donations (id serial primary key, imp_uid text not null, merchant_uid text not null, donor_login_id text not null, amount integer not null,
      payment_method text not null, gateway text not null, status text not null default 'PAID', donated_at timestamptz not null default now())`.execute(
      api.ctx.db,
    );
    const row = (imp: string, amount: number, status: string, ago: string) =>
      sql`insert into donations (imp_uid, merchant_uid, donor_login_id, amount, payment_method, gateway, status, donated_at)
          values (${imp}, ${`m_${imp}`}, 'ann', ${amount}, 'card', 'test', ${status}, now() - ${ago}::interval)`.execute(api.ctx.db);
    await row('a', 10000, 'PAID', '0 days');
    await row('b', 5000, 'PAID', '0 days');
    await row('c', 3000, 'PAID', '70 days');
    await row('d', 7000, 'CANCELLED', '0 days');
    expect((await get('donations')).json).toEqual({ totalAmount: 18000, monthlyCount: 2 });
  });
});
