import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApi } from '@pawbridge/api/testing';
import type { RecordingProxy } from '../testing/recording-proxy';
import { createClient, type TestBff } from '../testing/test-bff';
import { communityContractSuite, postBody, postForm, type Writer } from './community.suite';
import { closeBffOnApi, startBffOnApi } from '../testing/api-stack';

// The BFF in front of our own api (through a proxy that records what reached it).
let api: TestApi;
let proxy: RecordingProxy;
let bff: TestBff;
let seq = 0;

beforeAll(async () => void ({ api, proxy, bff } = await startBffOnApi()));
afterAll(() => closeBffOnApi({ api, proxy, bff }));

async function member(withDog: boolean): Promise<Writer> {
  seq += 1;
  const userId = `writer${seq}${Date.now().toString(36)}`;
  const row = await api.ctx.db
    .insertInto('users')
    .values({
      userId,
      name: `회원${seq}`,
      nickname: `콩이네${seq}`,
      email: `${userId}@example.com`,
      passwordHash: null,
      birth: null,
      phoneNm: null,
      role: 'USER',
      provider: null,
      socialId: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (withDog)
    await api.ctx.db
      .insertInto('pets')
      .values({
        userPk: row.id,
        petId: `1-${seq}`,
        name: '콩이',
        type: '말티즈',
        weight: 3,
        age: 2,
        size: 'SMALL',
        gender: 'FEMALE',
        adopt: false,
        profile: null,
      })
      .execute();
  const client = createClient(bff.url);
  client.cookies.set('JSESSIONID', await api.ctx.sessions.create(row.id));
  return { client, userId, shownAs: `콩이네${seq}` };
}

describe('community through the BFF, upstream = our api', () => {
  communityContractSuite({
    writer: () => member(true),
    member: () => member(false),
    anonymous: () => createClient(bff.url),
    upstreamWrites: () => proxy.seen.filter((s) => !s.startsWith('GET ')).length,
    forwardedRefusal: 1,
    newPostCounts: 0,
  });

  it('an edit applies the category rules of create: no REVIEW or TEMP_PROTECT by editing a SHOW_OFF post (issue 24 item 13)', async () => {
    const w = await member(true);
    const created = (await w.client.postForm('/api/community/createPost', postForm(postBody()))).body as { id: number };
    for (const postType of ['REVIEW', 'TEMP_PROTECT']) {
      const res = await w.client.postForm(`/api/community/description/${created.id}/edit`, postForm(postBody({ postType, title: '바꿈' })));
      expect(res.status, res.text).toBe(403);
      expect(res.body.error).toMatchObject({ code: 'FORBIDDEN', reason: 'POST_CATEGORY_NOT_ALLOWED' });
    }
    const stored = await w.client.get(`/api/community/description/${created.id}`);
    expect(stored.body).toMatchObject({ postType: 'SHOW_OFF', title: '우리 콩이 자랑' });
    // Keeping the category is always allowed.
    const kept = await w.client.postForm(`/api/community/description/${created.id}/edit`, postForm(postBody({ title: '바꿈' })));
    expect(kept.status, kept.text).toBe(200);
  });

  it('keeps one like per member when 100 toggles arrive at once', async () => {
    const w = await member(true);
    const created = (await w.client.postForm('/api/community/createPost', postForm(postBody()))).body as { id: number };
    const fans = await Promise.all(Array.from({ length: 50 }, () => member(false)));
    const answers = await Promise.all(
      fans.flatMap((f) => [
        f.client.post(`/api/community/like/${created.id}/toggle`),
        f.client.post(`/api/community/like/${created.id}/toggle`),
      ]),
    );
    expect(answers.map((a) => a.status).every((s) => s === 200)).toBe(true);
    expect((await w.client.get(`/api/community/like/${created.id}/count`)).body).toEqual({ isLiked: false, likeCount: 0 });
    await Promise.all(fans.map((f) => f.client.post(`/api/community/like/${created.id}/toggle`)));
    expect((await fans[0]!.client.get(`/api/community/like/${created.id}/count`)).body).toEqual({ isLiked: true, likeCount: 50 });
  });
});
