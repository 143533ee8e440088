import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/test-api';
import { seedDemoStrays } from './demo-strays';
import { getJson, member, uploadFiles } from './strays.test-helpers';

describe('demo strays', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  it('seeds every status with photos and consistent applications, once', async () => {
    const demo = await member(api, 'demo');
    await seedDemoStrays(api.ctx, api.app.log, { demoPk: demo.pk });
    await seedDemoStrays(api.ctx, api.app.log, { demoPk: demo.pk });
    const rows = await api.ctx.db.selectFrom('strayReports').select(['id', 'status', 'imageUrl']).execute();
    expect(rows.map((r) => r.status).sort()).toEqual(['ADOPT', 'LOST', 'PROTECTING', 'PROTECTING', 'WAITING']);
    expect(uploadFiles(api)).toHaveLength(5);
    const first = await api.ctx.storage.get(rows[0]?.imageUrl.slice('/uploads/'.length) ?? '');
    expect((await sharp(first ?? Buffer.alloc(0)).metadata()).format).toBe('jpeg');
    const apps = await api.ctx.db.selectFrom('adoptionApplications').innerJoin('strayReports', 'strayReports.id', 'adoptionApplications.strayId').select(['adoptStatus', 'status', 'approvedAt']).execute();
    expect(apps).toHaveLength(2);
    expect(apps.find((a) => a.status === 'WAITING')).toMatchObject({ adoptStatus: 'REQUESTED', approvedAt: null });
    expect(apps.find((a) => a.status === 'ADOPT')?.adoptStatus).toBe('APPROVED');
    const list = (await getJson(api, '/api/abandoned/abandoned-pets')).json as unknown[];
    expect(list).toHaveLength(4);
  });
});
