import { afterEach, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../testing/test-api';
import { call, createMember } from '../testing/fixtures';

// Issue 24 item 14: member writes are limited per member (300 comments in 9.5 s were all accepted).
const running: TestApi[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((a) => a.close()));
});

async function postOf(api: TestApi, authorPk: number): Promise<number> {
  const row = await api.ctx.db
    .insertInto('communityPosts')
    .values({ authorPk, postType: 'SHOW_OFF', title: '안녕', strContent: '<p>글</p>', imgUrlContent: null, updatedAt: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('per-member write limit', () => {
  it('refuses a member past the limit with 429 and Retry-After, on every session of theirs, and nobody else', async () => {
    const api = await startTestApi({ RATE_MEMBER_WRITES: '4', RATE_MEMBER_WRITES_WINDOW_SECONDS: '60' });
    running.push(api);
    const spammer = await createMember(api, 'spammer');
    const other = await createMember(api, 'bystander');
    const postId = await postOf(api, other.pk);
    const comment = (cookie: string) => call(api, 'POST', `/api/community/comment/${postId}`, { cookie, json: { content: '도배' } });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await comment(spammer.cookie)).status);
    expect(statuses).toEqual([200, 200, 200, 200]);
    const refused = await comment(spammer.cookie);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // A like is a write too, and a second login buys nothing.
    const sid = await api.ctx.sessions.create(spammer.pk);
    expect((await call(api, 'POST', `/api/community/like/${postId}/toggle`, { cookie: `JSESSIONID=${sid}` })).status).toBe(429);
    // Reading is not limited; another member still writes.
    expect((await call(api, 'GET', `/api/community/comments/${postId}`)).status).toBe(200);
    expect((await comment(other.cookie)).status).toBe(200);
    const stored = await api.ctx.db.selectFrom('communityComments').select('id').where('authorPk', '=', spammer.pk).execute();
    expect(stored).toHaveLength(4);
  });

  it('is on by default outside tests (30 per minute)', async () => {
    const { loadApiConfig } = await import('../config/env');
    expect(loadApiConfig({ NODE_ENV: 'development', DATA_DIR: 'memory' }).memberWrites).toMatchObject({ max: 30, windowSeconds: 60 });
    expect(loadApiConfig({ NODE_ENV: 'test', DATA_DIR: 'memory' }).memberWrites.max).toBe(0);
  });
});
