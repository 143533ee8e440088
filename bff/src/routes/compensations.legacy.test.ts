import { beforeEach, describe, expect, it } from 'vitest';
import { useBffOnFakeSpring } from '../testing/fake-spring-stack';
import { expectEnvelope } from '../testing/expect-envelope';
import { legacyMember } from '../testing/fixtures';
import { createClient } from '../testing/test-bff';
import { cover, postBody } from './community.suite';

// Issue 23 item 12 in front of the Spring-shaped fake: the small compensations (and the faults said as faults).
const stack = useBffOnFakeSpring();
beforeEach(() => stack.spring.state.overrides.clear());

const NAVER = '{id=nv_Q7w8E9r0, email=naver.member@example.com, name=네이버회원}';

describe('issue 23 item 12, upstream = legacy Spring', () => {
  it('liking a post that does not exist is 404 POST_NOT_FOUND (the legacy says 400), and a real post is liked', async () => {
    const { client, userId } = legacyMember(stack.spring, stack.bff.url);
    const res = await client.post('/api/community/like/987654/toggle');
    expectEnvelope(res, 404, 'NOT_FOUND');
    expect(res.body.error.reason).toBe('POST_NOT_FOUND');
    const post = stack.spring.state.addPost({ userId });
    expect((await client.post(`/api/community/like/${post.id}/toggle`)).body).toEqual({ isLiked: true, likeCount: 1 });
  });

  it('a Naver member (the legacy knows no user by that principal) hears a coded refusal, never the raw principal map', async () => {
    const post = stack.spring.state.addPost({ userId: 'someone' });
    const client = createClient(stack.bff.url);
    client.cookies.set('JSESSIONID', stack.spring.state.createSocialSession(NAVER));
    const res = await client.post(`/api/community/like/${post.id}/toggle`);
    expectEnvelope(res, 403, 'FORBIDDEN');
    expect(res.body.error.reason).toBe('LEGACY_ACCOUNT_UNMATCHED');
    expect(res.text).not.toMatch(/naver\.member@example\.com|id=|네이버회원/);

    // Any legacy sentence the BFF passes on loses the map too (here a refusal the legacy words with it).
    stack.spring.state.override('POST /api/community/like/1/toggle', async (_req, reply) =>
      reply.code(409).send({ error: `이미 처리되었습니다: ${NAVER}` }),
    );
    const passed = await client.post('/api/community/like/1/toggle');
    expect(passed.status).toBe(409);
    expect(passed.body.error.message).toBe('이미 처리되었습니다: nv_Q7w8E9r0');
  });

  it('a notification list that is no list is 502 UPSTREAM_BAD_RESPONSE, not an empty bell', async () => {
    const { client, userId } = legacyMember(stack.spring, stack.bff.url);
    stack.spring.state.override(`GET /api/notifications/user/${userId}/unread`, async (_req, reply) =>
      reply.header('content-type', 'application/json').send('{"oops": true}'),
    );
    expectEnvelope(await client.get(`/api/notifications/user/${userId}/unread`), 502, 'UPSTREAM_BAD_RESPONSE');
    stack.spring.state.overrides.clear();
    stack.spring.state.notify(userId, 'COMMENT', '댓글이 달렸습니다.');
    const ok = await client.get(`/api/notifications/user/${userId}/unread`);
    expect(ok.status).toBe(200);
    expect(ok.body).toHaveLength(1);
  });

  it('a post the legacy answers with garbage is 502 UPSTREAM_BAD_RESPONSE, not 404', async () => {
    const post = stack.spring.state.addPost({ userId: 'someone' });
    stack.spring.state.override(`GET /api/community/description/${post.id}`, async (_req, reply) =>
      reply.header('content-type', 'application/json').send('[1,2,3]'),
    );
    expectEnvelope(await createClient(stack.bff.url).get(`/api/community/description/${post.id}`), 502, 'UPSTREAM_BAD_RESPONSE');
    stack.spring.state.overrides.clear();
    expectEnvelope(await createClient(stack.bff.url).get('/api/community/description/987654'), 404, 'NOT_FOUND');
  });

  it('post edit takes the spec’s file part name `image` as the cover (an alias); both names at once are 400', async () => {
    const { client, userId } = legacyMember(stack.spring, stack.bff.url);
    const post = stack.spring.state.addPost({ userId });
    const form = new FormData();
    form.append('communityPost', JSON.stringify(postBody({ title: '고친 제목' })));
    form.append('image', new Blob([new Uint8Array(await cover())], { type: 'image/jpeg' }), 'cover.jpg');
    const res = await client.postForm(`/api/community/description/${post.id}/edit`, form);
    expect(res.status, res.text).toBe(200);
    expect(res.body.imageUrl).toMatch(/^\/uploads\//);
    expect(stack.spring.state.posts.find((p) => p.id === post.id)?.imgUrlContent).toMatch(/^\/uploads\//);

    const both = new FormData();
    both.append('communityPost', JSON.stringify(postBody()));
    both.append('image', new Blob([new Uint8Array(await cover('#111'))], { type: 'image/jpeg' }), 'a.jpg');
    both.append('imgUrlContent', new Blob([new Uint8Array(await cover('#222'))], { type: 'image/jpeg' }), 'b.jpg');
    expectEnvelope(await client.postForm(`/api/community/description/${post.id}/edit`, both), 400, 'VALIDATION_FAILED');
  });
});
