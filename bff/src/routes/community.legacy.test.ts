import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { harmlessHtml, XSS_PAYLOADS } from '@pawbridge/shared/community.xss-corpus';
import { useBffOnFakeSpring } from '../testing/fake-spring-stack';
import { createClient, startTestBff, type TestBff } from '../testing/test-bff';
import { maskLoginId } from '@pawbridge/shared';
import { communityContractSuite, cover, expectEnvelope, postBody, postForm, type Writer } from './community.suite';

// The BFF in front of the legacy wire (fake Spring): same canonical answers, holes closed, quirks absorbed.
const stack = useBffOnFakeSpring();
let seq = 0;
beforeEach(() => {
  stack.spring.state.overrides.clear();
});

function member(withDog: boolean): Writer {
  seq += 1;
  const userId = `legacy${seq}${Date.now().toString(36)}`;
  stack.spring.state.addUser({ userId, name: `회원${seq}` });
  if (withDog) stack.spring.state.addPet({ owner: userId, petId: `2-${seq}` });
  const client = createClient(stack.bff.url);
  client.cookies.set('JSESSIONID', stack.spring.state.createSession(userId));
  // The legacy has no nicknames: others see the masked login id (decision 0035).
  return { client, userId, shownAs: maskLoginId(userId)! };
}

const communityWrites = () => stack.spring.state.requests.filter((r) => r.method !== 'GET' && r.path.startsWith('/api/community')).length;

describe('community through the BFF, upstream = legacy Spring', () => {
  communityContractSuite({
    writer: async () => member(true),
    member: async () => member(false),
    anonymous: () => createClient(stack.bff.url),
    upstreamWrites: communityWrites,
    forwardedRefusal: 0,
    newPostCounts: null,
  });

  it('serves HTML the legacy stored unsanitised harmless, in the detail and the list preview', async () => {
    const author = member(true);
    for (const payload of XSS_PAYLOADS) {
      const post = stack.spring.state.addPost({ userId: author.userId, strContent: `<p>본문</p>${payload}` });
      const detail = await createClient(stack.bff.url).get(`/api/community/description/${post.id}`);
      expect(detail.status).toBe(200);
      expect(harmlessHtml(detail.body.content), `${payload} → ${detail.body.content}`).toBe(true);
    }
    const list = await createClient(stack.bff.url).get('/api/community/posts', { query: { size: '50' } });
    for (const item of list.body as { preview: string }[]) expect(item.preview).not.toMatch(/<script|onerror=/i);
  });

  it('sends the stored image back on edit, since the legacy clears it otherwise', async () => {
    const w = member(true);
    const created = (await w.client.postForm('/api/community/createPost', postForm(postBody(), await cover()))).body;
    await w.client.postForm(`/api/community/description/${created.id}/edit`, postForm(postBody({ title: '바꾼 제목' })));
    const edit = stack.spring.state.calls(`/api/community/description/${created.id}/edit`);
    expect(edit).toHaveLength(1);
    expect(stack.spring.state.posts.find((p) => p.id === created.id)?.imgUrlContent).toBe(created.imageUrl);
  });

  it('turns the legacy’s answers into the contract: liked → isLiked, rule 500 → 403, comment ids derived', async () => {
    const w = member(true);
    const created = (await w.client.postForm('/api/community/createPost', postForm(postBody()))).body;
    const fan = member(false);
    const toggled = await fan.client.post(`/api/community/like/${created.id}/toggle`);
    expect(toggled.body).toEqual({ isLiked: true, likeCount: 1 });
    const rule = await fan.client.postForm('/api/community/createPost', postForm(postBody({ postType: 'SHOW_OFF' })));
    expectEnvelope(rule, 403, 'FORBIDDEN', '반려견을 등록한 사용자만 자랑 게시글을 작성할 수 있습니다.');
    await fan.client.post(`/api/community/comment/${created.id}`, { content: '하나' });
    await fan.client.post(`/api/community/comment/${created.id}`, { content: '둘' });
    const comments = (await fan.client.get(`/api/community/comments/${created.id}`)).body as { id: string; content: string }[];
    expect(comments.map((c) => c.content)).toEqual(['둘', '하나']);
    expect(comments[0]!.id).not.toBe(comments[1]!.id);
  });

  it('answers 404 for a post the legacy does not have (its text body) and 401 when its session is gone on comment', async () => {
    const w = member(true);
    expectEnvelope(await w.client.get('/api/community/description/424242'), 404, 'NOT_FOUND');
    const created = (await w.client.postForm('/api/community/createPost', postForm(postBody()))).body;
    stack.spring.state.override(`POST /api/community/comment/${created.id}`, (_req, reply) =>
      reply.code(404).send({ error: '로그인된 유저만 댓글 작성이 가능합니다.' }),
    );
    expectEnvelope(await w.client.post(`/api/community/comment/${created.id}`, { content: '안녕' }), 401, 'UNAUTHENTICATED');
  });
});

describe('post covers for visitors on the legacy (its /uploads needs a session)', () => {
  let bff: TestBff;
  beforeAll(async () => {
    stack.spring.state.addUser({ userId: 'community-photos', password: 'service-secret' });
    bff = await startTestBff(stack.spring.url, { LEGACY_SERVICE_USER_ID: 'community-photos', LEGACY_SERVICE_PASSWORD: 'service-secret' });
  });
  afterAll(() => bff?.close());

  it('a post’s cover loads for a visitor through the service session; a member’s dog photo does not', async () => {
    const w = member(true);
    const created = (await w.client.postForm('/api/community/createPost', postForm(postBody(), await cover()))).body;
    const dog = stack.spring.state.pets.find((p) => p.owner === w.userId)!;
    dog.profile = '/uploads/private-dog.jpg';
    stack.spring.state.files.set('private-dog.jpg', { bytes: await cover('#123'), mime: 'image/jpeg' });

    const visitor = createClient(bff.url);
    expect((await visitor.get('/api/community/posts')).status).toBe(200);
    const img = await visitor.get(created.imageUrl);
    expect(img.status, img.text).toBe(200);
    expect(img.headers.get('content-type')).toMatch(/^image\//);
    expectEnvelope(await visitor.get('/uploads/private-dog.jpg'), 404, 'NOT_FOUND');
  });
});
