import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/test-api';
import { seedDemoPets } from '../pets/demo-pets';
import { memberCookie } from '../../testing/pets';
import { seedDemoCommunity } from './demo-community';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

it('seeds a few posts with covers, comments and likes, once', async () => {
  const demo = await memberCookie(api, 'demo-writer');
  const admin = await memberCookie(api, 'demo-admin');
  const users = { adminPk: admin.pk, demoPk: demo.pk };
  await seedDemoPets(api.ctx, api.app.log, users);
  await seedDemoCommunity(api.ctx, api.app.log, users);
  await seedDemoCommunity(api.ctx, api.app.log, users);
  const posts = await api.ctx.db.selectFrom('communityPosts').selectAll().orderBy('id').execute();
  expect(posts).toHaveLength(3);
  expect(new Set(posts.map((p) => p.postType))).toEqual(new Set(['TEMP_PROTECT', 'SHOW_OFF']));
  expect(posts.filter((p) => p.imgUrlContent !== null)).toHaveLength(2);
  const comments = await api.ctx.db.selectFrom('communityComments').select('id').execute();
  const likes = await api.ctx.db.selectFrom('communityLikes').select('postId').execute();
  expect(comments).toHaveLength(2);
  expect(likes).toHaveLength(2);
});
