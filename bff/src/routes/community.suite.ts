import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { harmlessHtml, XSS_PAYLOADS } from '@pawbridge/shared/community.xss-corpus';
import type { TestClient, TestResponse } from '../testing/test-bff';

/** A member as the suite uses them: `shownAs` is what others must see (nickname, or the masked id on the legacy). */
export interface Writer {
  client: TestClient;
  userId: string;
  shownAs: string;
}

/** What the shared contract tests need from one upstream (our api or the fake Spring). */
export interface CommunityTarget {
  /** A logged-in member who may write SHOW_OFF posts (has a registered dog). */
  writer: () => Promise<Writer>;
  /** A logged-in member with no dog and no adoption. */
  member: () => Promise<Writer>;
  anonymous: () => TestClient;
  /** Writes the upstream has received so far: proves a refused request was never forwarded. */
  upstreamWrites: () => number;
  /**
   * Writes one refused edit or delete of someone else's post sends upstream: 0 in front of
   * the legacy (which would let anyone write: the BFF refuses first), 1 in front of our api
   * (it refuses itself, and the BFF asks it straight away: docs/decisions/0026).
   */
  forwardedRefusal: 0 | 1;
  /** A new post's like and comment counts on the list: 0 from our api, null from the legacy (its list has none). */
  newPostCounts: 0 | null;
}

export const cover = (colour = '#c96') =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: colour } })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneCo' } })
    .toBuffer();

export const postBody = (overrides: Record<string, unknown> = {}) => ({
  postType: 'SHOW_OFF',
  title: '우리 콩이 자랑',
  strContent: '<p><strong>산책</strong> 다녀왔어요 <em>최고</em></p>',
  ...overrides,
});

/** The web's form: `communityPost` as a JSON text field and the optional cover image. */
export function postForm(post: unknown, image?: Buffer, filename = 'cover.jpg'): FormData {
  const form = new FormData();
  form.append('communityPost', JSON.stringify(post));
  if (image) form.append('imgUrlContent', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), filename);
  return form;
}

export function expectEnvelope(res: TestResponse, status: number, code: string, message?: string) {
  expect(res.status, res.text).toBe(status);
  expect(res.body.error.code).toBe(code);
  if (message) expect(res.body.error.message).toBe(message);
  expect(res.body.error.requestId).toBe(res.headers.get('x-request-id'));
}

async function create(c: TestClient, overrides: Record<string, unknown> = {}, image?: Buffer) {
  const res = await c.postForm('/api/community/createPost', postForm(postBody(overrides), image));
  expect(res.status, res.text).toBe(201);
  return res.body as { id: number; imageUrl: string | null; title: string; content: string };
}

/** The same canonical answers, whichever upstream is behind the BFF. */
export function communityContractSuite(target: CommunityTarget): void {
  describe('canonical community contract', () => {
    it('writes a post with a cover and formatted text; visitors read it; only the author is told isAuthor', async () => {
      const w = await target.writer();
      const created = await create(w.client, {}, await cover());
      expect(created).toMatchObject({
        postType: 'SHOW_OFF',
        title: '우리 콩이 자랑',
        author: w.shownAs,
        isAuthor: true,
        content: '<p><strong>산책</strong> 다녀왔어요 <em>최고</em></p>',
      });
      expect(created.imageUrl).toMatch(/^\/uploads\/[A-Za-z0-9._-]+$/);
      expect((await w.client.get(created.imageUrl!)).headers.get('content-type')).toMatch(/^image\//);

      const anon = target.anonymous();
      const detail = await anon.get(`/api/community/description/${created.id}`);
      expect(detail.status).toBe(200);
      expect(detail.body).toEqual({ ...created, isAuthor: false });
      const other = await target.member();
      expect((await other.client.get(`/api/community/description/${created.id}`)).body.isAuthor).toBe(false);

      const list = await anon.get('/api/community/posts');
      expect(list.status).toBe(200);
      expect(Number(list.headers.get('x-total-count'))).toBeGreaterThanOrEqual(1);
      const item = (list.body as Record<string, unknown>[]).find((p) => p.id === created.id);
      expect(item).toEqual({
        id: created.id,
        postType: 'SHOW_OFF',
        title: '우리 콩이 자랑',
        imageUrl: created.imageUrl,
        author: w.shownAs,
        createdAt: expect.any(String),
        preview: '산책 다녀왔어요 최고',
        likeCount: target.newPostCounts,
        commentCount: target.newPostCounts,
      });
    });

    it('pages the list newest first and filters by category, with the total in X-Total-Count', async () => {
      const w = await target.writer();
      const ids: number[] = [];
      for (let i = 0; i < 3; i += 1)
        ids.push((await create(w.client, { title: `페이지 ${i}`, strContent: `<p>${'가'.repeat(60)}</p>` })).id);
      const anon = target.anonymous();
      const first = await anon.get('/api/community/posts', { query: { size: '2', page: '1', postType: 'SHOW_OFF' } });
      expect(first.status).toBe(200);
      expect((first.body as { id: number }[]).map((p) => p.id)).toEqual([ids[2], ids[1]]);
      expect((first.body as { preview: string }[])[0]!.preview).toBe(`${'가'.repeat(50)}…`);
      const total = Number(first.headers.get('x-total-count'));
      expect(total).toBeGreaterThanOrEqual(3);
      const second = await anon.get('/api/community/posts', { query: { size: '2', page: '2', postType: 'SHOW_OFF' } });
      expect((second.body as { id: number }[])[0]!.id).toBe(ids[0]);
      const none = await anon.get('/api/community/posts', { query: { postType: 'REVIEW' } });
      expect(none.body).toEqual([]);
      expect(none.headers.get('x-total-count')).toBe('0');
      expectEnvelope(await anon.get('/api/community/posts', { query: { size: '500' } }), 400, 'VALIDATION_FAILED');
    });

    it('lets only the author edit or delete: 401 for a visitor, 403 for another member, nothing forwarded', async () => {
      const w = await target.writer();
      const created = await create(w.client);
      const other = await target.member();
      const before = target.upstreamWrites();
      expectEnvelope(
        await target.anonymous().postForm(`/api/community/description/${created.id}/edit`, postForm(postBody({ title: '남의 글' }))),
        401,
        'UNAUTHENTICATED',
      );
      const foreign = await other.client.postForm(
        `/api/community/description/${created.id}/edit`,
        postForm(postBody({ title: '남의 글' })),
      );
      expectEnvelope(foreign, 403, 'FORBIDDEN', '본인이 작성한 게시글만 수정하거나 삭제할 수 있습니다.');
      expect(foreign.body.error.reason).toBe('POST_AUTHOR_ONLY');
      expectEnvelope(await target.anonymous().delete(`/api/community/description/${created.id}/delete`), 401, 'UNAUTHENTICATED');
      expectEnvelope(await other.client.delete(`/api/community/description/${created.id}/delete`), 403, 'FORBIDDEN');
      // Two refusals by ownership (the edit and the delete); the visitor's are the BFF's alone.
      expect(target.upstreamWrites()).toBe(before + 2 * target.forwardedRefusal);
      expect((await other.client.get(`/api/community/description/${created.id}`)).body.title).toBe('우리 콩이 자랑');
      expectEnvelope(await w.client.delete('/api/community/description/99999999/delete'), 404, 'NOT_FOUND');
      expectEnvelope(await w.client.get('/api/community/description/abc'), 400, 'VALIDATION_FAILED');
    });

    it('edit keeps the cover unless a new one comes or removeImage is set; delete removes the post', async () => {
      const w = await target.writer();
      const created = await create(w.client, {}, await cover());
      const kept = await w.client.postForm(
        `/api/community/description/${created.id}/edit`,
        postForm(postBody({ title: '제목을 고쳤어요' })),
      );
      expect(kept.status, kept.text).toBe(200);
      expect(kept.body).toMatchObject({ id: created.id, title: '제목을 고쳤어요', imageUrl: created.imageUrl, isAuthor: true });
      const replaced = await w.client.postForm(`/api/community/description/${created.id}/edit`, postForm(postBody(), await cover('#36c')));
      expect(replaced.body.imageUrl).not.toBe(created.imageUrl);
      expect(replaced.body.imageUrl).toMatch(/^\/uploads\//);
      const removed = await w.client.postForm(`/api/community/description/${created.id}/edit`, postForm(postBody({ removeImage: true })));
      expect(removed.body.imageUrl).toBeNull();
      const del = await w.client.delete(`/api/community/description/${created.id}/delete`);
      expect(del.status).toBe(200);
      expect(del.body).toEqual({ ok: true, message: '게시글이 삭제되었습니다.' });
      expectEnvelope(await w.client.get(`/api/community/description/${created.id}`), 404, 'NOT_FOUND');
    });

    it('checks the limits before the upstream sees them: title 100, blank body, comment 500, login', async () => {
      const w = await target.writer();
      const before = target.upstreamWrites();
      const long = await w.client.postForm(
        '/api/community/createPost',
        postForm(postBody({ title: '가'.repeat(101), strContent: '<p> </p>', postType: '' })),
      );
      expectEnvelope(long, 400, 'VALIDATION_FAILED');
      expect(long.body.error.fieldErrors).toEqual({
        title: '제목은 100자 이하로 입력해 주세요.',
        strContent: '내용을 입력해 주세요.',
        postType: '카테고리를 선택해 주세요.',
      });
      expect(long.body.error.fieldErrorCodes).toEqual({
        title: 'postTitleTooLong',
        strContent: 'postContentRequired',
        postType: 'postTypeRequired',
      });
      const scriptOnly = await w.client.postForm(
        '/api/community/createPost',
        postForm(postBody({ strContent: '<script>alert("x")</script>' })),
      );
      expectEnvelope(scriptOnly, 400, 'VALIDATION_FAILED');
      const txt = await w.client.postForm('/api/community/createPost', postForm(postBody(), Buffer.from('not a picture'), 'x.jpg'));
      expectEnvelope(txt, 415, 'UNSUPPORTED_MEDIA_TYPE');
      expectEnvelope(await target.anonymous().postForm('/api/community/createPost', postForm(postBody())), 401, 'UNAUTHENTICATED');
      expect(target.upstreamWrites()).toBe(before);

      const created = await create(w.client);
      const tooLong = await w.client.post(`/api/community/comment/${created.id}`, { content: '가'.repeat(501) });
      expectEnvelope(tooLong, 400, 'VALIDATION_FAILED');
      expect(tooLong.body.error.fieldErrors).toEqual({ content: '댓글은 500자 이하로 입력해 주세요.' });
      expect((await w.client.post(`/api/community/comment/${created.id}`, { content: '  ' })).body.error.fieldErrors).toEqual({
        content: '댓글 내용을 입력해 주세요.',
      });
      expect((await w.client.post(`/api/community/comment/${created.id}`, { content: '가'.repeat(500) })).status).toBe(201);
      expectEnvelope(
        await target.anonymous().post(`/api/community/comment/${created.id}`, { content: '안녕' }),
        401,
        'UNAUTHENTICATED',
        '로그인한 회원만 댓글을 쓸 수 있습니다.',
      );
    });

    it('refuses a category the member may not write with 403 and the rule', async () => {
      const m = await target.member();
      const res = await m.client.postForm('/api/community/createPost', postForm(postBody({ postType: 'REVIEW' })));
      expectEnvelope(res, 403, 'FORBIDDEN');
      expect(res.body.error.message).toMatch(/입양/);
    });

    it('toggles a like and answers the state right after it; counts for visitors too', async () => {
      const w = await target.writer();
      const created = await create(w.client);
      const fan = await target.member();
      expect((await fan.client.post(`/api/community/like/${created.id}/toggle`)).body).toEqual({ isLiked: true, likeCount: 1 });
      expect((await fan.client.get(`/api/community/like/${created.id}/count`)).body).toEqual({ isLiked: true, likeCount: 1 });
      expect((await target.anonymous().get(`/api/community/like/${created.id}/count`)).body).toEqual({ isLiked: false, likeCount: 1 });
      expect((await fan.client.post(`/api/community/like/${created.id}/toggle`)).body).toEqual({ isLiked: false, likeCount: 0 });
      expectEnvelope(await target.anonymous().post(`/api/community/like/${created.id}/toggle`), 401, 'UNAUTHENTICATED');
    });

    it('lists comments newest first with an id each', async () => {
      const w = await target.writer();
      const created = await create(w.client);
      const fan = await target.member();
      expect((await fan.client.post(`/api/community/comment/${created.id}`, { content: '귀여워요' })).status).toBe(201);
      await w.client.post(`/api/community/comment/${created.id}`, { content: '고마워요' });
      const list = await target.anonymous().get(`/api/community/comments/${created.id}`);
      expect(list.status).toBe(200);
      expect((list.body as { author: string; content: string }[]).map((c) => [c.author, c.content])).toEqual([
        [w.shownAs, '고마워요'],
        [fan.shownAs, '귀여워요'],
      ]);
      // Nobody's login id reaches another person: not in the comments, the post or the list (issue 25 item 5).
      const post = await target.anonymous().get(`/api/community/description/${created.id}`);
      const posts = await target.anonymous().get('/api/community/posts?size=50');
      for (const text of [list.text, post.text, posts.text]) {
        expect(text).not.toContain(`"${w.userId}"`);
        expect(text).not.toContain(`"${fan.userId}"`);
      }
      const ids = (list.body as { id: string }[]).map((c) => c.id);
      expect(new Set(ids).size).toBe(2);
    });

    it(`sends every one of ${XSS_PAYLOADS.length} XSS payloads back harmless`, async () => {
      expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(50);
      const w = await target.writer();
      for (const payload of XSS_PAYLOADS) {
        const res = await w.client.postForm('/api/community/createPost', postForm(postBody({ strContent: `<p>본문</p>${payload}` })));
        expect(res.status, `${payload}: ${res.text}`).toBe(201);
        expect(harmlessHtml(res.body.content), `${payload} → ${res.body.content}`).toBe(true);
        const served = (await target.anonymous().get(`/api/community/description/${res.body.id}`)).body.content;
        expect(harmlessHtml(served), `${payload} → ${served}`).toBe(true);
      }
    });
  });
}
