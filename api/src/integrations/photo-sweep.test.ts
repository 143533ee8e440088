import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../testing/test-api';
import { createMember } from '../testing/fixtures';
import { sweepOrphanPhotos } from './photo-sweep';
import { thumbnailKey, uploadUrl } from './storage';

// Issue 24 item 8: a kill -9 between storing a photo and committing its row left both files forever.
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api.close();
});

const exists = async (key: string) => (await api.ctx.storage.get(key)) !== null;
const age = async (key: string, ms: number) => {
  const when = new Date(Date.now() - ms);
  for (const k of [key, thumbnailKey(key)]) await fs.utimes(path.join(api.config.uploadDir, k), when, when);
};

describe('orphan photo sweep', () => {
  it('removes old photos no row refers to (with their thumbnails), keeps referenced and recent ones', async () => {
    const img = Buffer.from('not really a jpeg');
    const thumb = Buffer.from('not really a webp');
    const kept = await api.ctx.storage.put(img, 'jpg', thumb);
    const orphan = await api.ctx.storage.put(img, 'jpg', thumb); // stored, then the process died before the row
    const fresh = await api.ctx.storage.put(img, 'jpg', thumb); // an upload whose row may be committing right now
    const author = await createMember(api, 'sweeper');
    await api.ctx.db
      .insertInto('communityPosts')
      .values({
        authorPk: author.pk,
        postType: 'SHOW_OFF',
        title: '사진',
        strContent: '<p>x</p>',
        imgUrlContent: uploadUrl(kept),
        updatedAt: null,
      })
      .execute();
    await age(kept, 2 * 3600_000);
    await age(orphan, 2 * 3600_000);

    const removed = await sweepOrphanPhotos(api.ctx);
    expect(removed).toEqual(expect.arrayContaining([orphan, thumbnailKey(orphan)]));
    expect(await exists(orphan)).toBe(false);
    expect(await exists(thumbnailKey(orphan))).toBe(false);
    for (const key of [kept, thumbnailKey(kept), fresh, thumbnailKey(fresh)]) expect(await exists(key)).toBe(true);
    expect(await sweepOrphanPhotos(api.ctx)).toEqual([]);
  });
});
