import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/test-api';
import { seedDemoStrays } from './demo-strays';
import { getJson, createMember, uploadFiles } from '../../testing/fixtures';

describe('demo strays', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  it('seeds every status with photos and consistent applications, once', async () => {
    const demo = await createMember(api, 'demo');
    await seedDemoStrays(api.ctx, api.app.log, { demoPk: demo.pk });
    await seedDemoStrays(api.ctx, api.app.log, { demoPk: demo.pk });
    const rows = await api.ctx.db.selectFrom('strayReports').select(['id', 'status', 'imageUrl']).execute();
    expect(rows.map((r) => r.status).sort()).toEqual(['ADOPT', 'LOST', 'PROTECTING', 'PROTECTING', 'WAITING']);
    expect(uploadFiles(api)).toHaveLength(5);
    const first = await api.ctx.storage.get(rows[0]?.imageUrl.slice('/uploads/'.length) ?? '');
    expect((await sharp(first ?? Buffer.alloc(0)).metadata()).format).toBe('jpeg');
    const apps = await api.ctx.db
      .selectFrom('adoptionApplications')
      .innerJoin('strayReports', 'strayReports.id', 'adoptionApplications.strayId')
      .select(['adoptStatus', 'status', 'approvedAt'])
      .execute();
    expect(apps).toHaveLength(2);
    expect(apps.find((a) => a.status === 'WAITING')).toMatchObject({ adoptStatus: 'REQUESTED', approvedAt: null });
    expect(apps.find((a) => a.status === 'ADOPT')?.adoptStatus).toBe('APPROVED');
    const list = (await getJson(api, '/api/abandoned/abandoned-pets')).json as unknown[];
    expect(list).toHaveLength(4);
  });

  it('gives every demo stray a real name and its own detailed description', async () => {
    const rows = await api.ctx.db.selectFrom('strayReports').select(['name', 'description']).execute();
    const names = rows.map((r) => r.name);
    expect(names.every((n) => typeof n === 'string' && /^[가-힣]{2,4}$/.test(n))).toBe(true);
    expect(new Set(names).size).toBe(rows.length);
    for (const r of rows) expect(r.description.length).toBeGreaterThan(60);
  });
});

describe('demo strays seeded by an earlier version', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  it('are named and rewritten in place, not seeded a second time', async () => {
    const demo = await createMember(api, 'demo');
    const old = {
      reporterPk: demo.pk,
      latitude: 37.5284,
      longitude: 126.9327,
      imageUrl: '/uploads/old.jpg',
      gender: 'MALE' as const,
      location: '서울특별시',
      type: null,
      name: null,
      foundDate: '2026-11-01',
      foundTime: '18:40',
      status: 'LOST' as const,
      registeredAt: null,
    };
    await api.ctx.db
      .insertInto('strayReports')
      .values({ ...old, description: '여의도 한강공원 편의점 앞에서 혼자 떨고 있었어요. 빨간 목줄을 하고 있어요.' })
      .execute();
    await seedDemoStrays(api.ctx, api.app.log, { demoPk: demo.pk });
    const rows = await api.ctx.db.selectFrom('strayReports').select(['name', 'imageUrl', 'description']).execute();
    expect(rows).toHaveLength(5);
    expect(rows.find((r) => r.imageUrl === '/uploads/old.jpg')).toMatchObject({
      name: '여름이',
      description: expect.stringContaining('인식표는 없었어요'),
    });
    expect(uploadFiles(api)).toHaveLength(4);
  });
});
