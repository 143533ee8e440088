import { afterAll, beforeAll, expect, it } from 'vitest';
import sharp from 'sharp';
import { startTestApi, type TestApi } from '../../testing/test-api';
import { keyFromUploadUrl } from '../../integrations/storage';
import { seedDemoPets } from './demo-pets';
import { createMember } from '../../testing/fixtures';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

it('gives the demo member two dogs with real photos, once', async () => {
  const { pk } = await createMember(api, 'demo-owner');
  await seedDemoPets(api.ctx, api.app.log, { adminPk: pk, demoPk: pk });
  await seedDemoPets(api.ctx, api.app.log, { adminPk: pk, demoPk: pk });
  const pets = await api.ctx.db.selectFrom('pets').selectAll().where('userPk', '=', pk).orderBy('id').execute();
  expect(pets.map((p) => p.name)).toEqual(['콩이', '하루']);
  for (const p of pets) {
    const bytes = await api.ctx.storage.get(keyFromUploadUrl(p.profile) ?? '');
    expect(bytes).not.toBeNull();
    expect((await sharp(bytes!).metadata()).width).toBe(640);
  }
});
