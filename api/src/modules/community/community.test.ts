import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sanitisePostHtml } from '@pawbridge/shared/community.sanitiser';
import { harmlessHtml, XSS_PAYLOADS } from '@pawbridge/shared/community.xss-corpus';
import { startTestApi, type TestApi } from '../../testing/test-api';
import { jpegWithExif, memberCookie, send } from '../../testing/pets';
import { rawMultipart } from '../../testing/fixtures';
import type { DomainEvent } from '../../events/index';

let api: TestApi;
let seq = 0;
const events: DomainEvent[] = [];

beforeAll(async () => {
  api = await startTestApi();
  api.ctx.events.subscribe('like.added', (e) => void events.push(e));
  api.ctx.events.subscribe('comment.created', (e) => void events.push(e));
});
afterAll(async () => {
  await api.close();
});

/** A member allowed to write every category used here (SHOW_OFF needs a registered dog). */
async function writer(): Promise<{ cookie: string; pk: number; userId: string }> {
  seq += 1;
  const userId = `writer${seq}`;
  const m = await memberCookie(api, userId);
  await api.ctx.db
    .insertInto('pets')
    .values({
      userPk: m.pk,
      petId: `9-${seq}`,
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
  return { ...m, userId };
}

async function reader(): Promise<{ cookie: string; pk: number; userId: string }> {
  seq += 1;
  const userId = `reader${seq}`;
  return { ...(await memberCookie(api, userId)), userId };
}

function postForm(post: unknown, image?: Buffer): FormData {
  const form = new FormData();
  form.append('communityPost', new Blob([JSON.stringify(post)], { type: 'application/json' }));
  if (image) form.append('imgUrlContent', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'cover.jpg');
  return form;
}

const post = (overrides: Record<string, unknown> = {}) => ({
  postType: 'SHOW_OFF',
  title: '우리 콩이 자랑',
  strContent: '<p><strong>산책</strong> 다녀왔어요</p>',
  ...overrides,
});

async function create(cookie: string, overrides: Record<string, unknown> = {}, image?: Buffer): Promise<number> {
  const res = await send(api, 'POST', '/api/community/createPost', { cookie, form: postForm(post(overrides), image) });
  expect(res.status, res.text).toBe(200);
  return Number((res.json as unknown as { id: number }).id);
}

async function json(method: string, path: string, cookie: string | undefined, body?: unknown) {
  const res = await fetch(api.url + path, {
    method,
    headers: { ...(cookie ? { cookie } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  const parsed: unknown = res.headers.get('content-type')?.includes('json') && text ? JSON.parse(text) : undefined;
  return { status: res.status, text, json: parsed as Record<string, unknown>, headers: res.headers };
}

describe('community on the legacy paths, without the holes', () => {
  it("reads the communityPost part as curl sends it (-F 'communityPost={...};type=application/json') and as a text field", async () => {
    const w = await writer();
    const typed = rawMultipart([
      { name: 'communityPost', value: JSON.stringify(post({ title: '타입드 파트' })), type: 'application/json' },
    ]);
    const typedRes = await send(api, 'POST', '/api/community/createPost', { cookie: w.cookie, ...typed });
    expect(typedRes.status, typedRes.text).toBe(200);
    const text = rawMultipart([{ name: 'communityPost', value: JSON.stringify(post({ title: '텍스트 파트' })) }]);
    expect((await send(api, 'POST', '/api/community/createPost', { cookie: w.cookie, ...text })).status).toBe(200);
    const broken = rawMultipart([{ name: 'communityPost', value: '{not json', type: 'application/json' }]);
    expect((await send(api, 'POST', '/api/community/createPost', { cookie: w.cookie, ...broken })).status).toBe(400);
    const list = await json('GET', '/api/community/posts?size=50', undefined);
    expect((list.json as unknown as { title: string }[]).map((p) => p.title)).toEqual(
      expect.arrayContaining(['타입드 파트', '텍스트 파트']),
    );
  });

  it('creates a post with a cleaned cover image and serves it on the list and the detail', async () => {
    const w = await writer();
    const res = await send(api, 'POST', '/api/community/createPost', { cookie: w.cookie, form: postForm(post(), await jpegWithExif()) });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ success: true, message: '게시글이 성공적으로 등록되었습니다.' });
    const id = (res.json as unknown as { id: number }).id;
    const detail = await json('GET', `/api/community/description/${id}`, undefined);
    expect(detail.json).toMatchObject({
      id,
      postType: 'SHOW_OFF',
      title: '우리 콩이 자랑',
      userId: w.userId,
      strContent: '<p><strong>산책</strong> 다녀왔어요</p>',
    });
    const image = String(detail.json.imgUrlContent);
    expect(image).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);
    const bytes = Buffer.from(await (await fetch(api.url + image)).arrayBuffer());
    expect(bytes.includes(Buffer.from('PhoneCo'))).toBe(false);
  });

  it('pages the list newest first with the total in X-Total-Count, filtered by category', async () => {
    const w = await writer();
    await api.ctx.db
      .insertInto('adoptionApplications')
      .values({ strayId: await strayId(), applicantPk: w.pk, adoptStatus: 'APPROVED', approvedAt: new Date(), decidedAt: new Date() })
      .execute();
    const ids = [];
    for (let i = 0; i < 3; i += 1) ids.push(await create(w.cookie, { postType: 'REVIEW', title: `후기 ${i}` }));
    const page = await json('GET', '/api/community/posts?postType=REVIEW&size=2&page=1', undefined);
    expect(page.status).toBe(200);
    expect(Number(page.headers.get('x-total-count'))).toBeGreaterThanOrEqual(3);
    const list = page.json as unknown as { id: number; postType: string }[];
    expect(list.map((p) => p.id)).toEqual([ids[2], ids[1]]);
    expect(list.every((p) => p.postType === 'REVIEW')).toBe(true);
    const next = (await json('GET', '/api/community/posts?postType=REVIEW&size=2&page=2', undefined)).json as unknown as { id: number }[];
    expect(next[0]?.id).toBe(ids[0]);
    expect((await json('GET', '/api/community/posts?size=0', undefined)).status).toBe(400);
    expect((await json('GET', '/api/community/posts?postType=NEWS', undefined)).status).toBe(400);
  });

  it('refuses a category the member may not write with 403 and the rule', async () => {
    const r = await reader();
    const res = await send(api, 'POST', '/api/community/createPost', { cookie: r.cookie, form: postForm(post({ postType: 'REVIEW' })) });
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ success: false, message: '입양후기는 입양이 승인된 회원만 쓸 수 있습니다.' });
    const showOff = await send(api, 'POST', '/api/community/createPost', { cookie: r.cookie, form: postForm(post()) });
    expect(showOff.status).toBe(403);
  });

  it('applies the category rules on edit too: a member refused REVIEW or TEMP_PROTECT cannot edit a post into one (issue 24 item 13)', async () => {
    const w = await writer();
    const id = await create(w.cookie);
    const edit = (postType: string) =>
      send(api, 'POST', `/api/community/description/${id}/edit`, { cookie: w.cookie, form: postForm(post({ postType, title: '바꿈' })) });
    const review = await edit('REVIEW');
    expect(review.status).toBe(403);
    expect(review.json).toEqual({ error: '입양후기는 입양이 승인된 회원만 쓸 수 있습니다.' });
    expect((await edit('TEMP_PROTECT')).status).toBe(403);
    const row = await api.ctx.db.selectFrom('communityPosts').select(['postType', 'title']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ postType: 'SHOW_OFF', title: '우리 콩이 자랑' });
    expect((await edit('SHOW_OFF')).status).toBe(200);
  });

  it('checks the limits: title 100, comment 500, blank bodies, and a login', async () => {
    const w = await writer();
    const long = await send(api, 'POST', '/api/community/createPost', {
      cookie: w.cookie,
      form: postForm(post({ title: '가'.repeat(101) })),
    });
    expect(long.status).toBe(400);
    expect(long.json).toMatchObject({ fieldErrors: { title: '제목은 100자 이하로 입력해 주세요.' } });
    expect(
      (await send(api, 'POST', '/api/community/createPost', { cookie: w.cookie, form: postForm(post({ title: '가'.repeat(100) })) }))
        .status,
    ).toBe(200);
    const blank = await send(api, 'POST', '/api/community/createPost', {
      cookie: w.cookie,
      form: postForm(post({ strContent: '<p> </p>' })),
    });
    expect(blank.json).toMatchObject({ fieldErrors: { strContent: '내용을 입력해 주세요.' } });
    const onlyScript = await send(api, 'POST', '/api/community/createPost', {
      cookie: w.cookie,
      form: postForm(post({ strContent: '<script>alert("hello")</script>' })),
    });
    expect(onlyScript.status).toBe(400);
    const anon = await send(api, 'POST', '/api/community/createPost', { form: postForm(post()) });
    expect(anon.status).toBe(401);
    expect(anon.json).toEqual({ success: false, message: '로그인이 필요합니다.' });

    const id = await create(w.cookie);
    const tooLong = await json('POST', `/api/community/comment/${id}`, w.cookie, { content: '가'.repeat(501) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.json).toMatchObject({ error: '댓글은 500자 이하로 입력해 주세요.' });
    expect((await json('POST', `/api/community/comment/${id}`, w.cookie, { content: '   ' })).status).toBe(400);
    expect((await json('POST', `/api/community/comment/${id}`, w.cookie, { content: '가'.repeat(500) })).status).toBe(200);
    const anonComment = await json('POST', `/api/community/comment/${id}`, undefined, { content: '안녕' });
    expect(anonComment.status).toBe(401);
    expect(anonComment.json).toEqual({ error: '로그인된 유저만 댓글 작성이 가능합니다.' });
    expect((await json('POST', '/api/community/comment/999999', w.cookie, { content: '안녕' })).status).toBe(404);
    // The list says how many commented and liked (issue 25 item 6).
    expect((await json('POST', `/api/community/like/${id}/toggle`, w.cookie)).status).toBe(200);
    const listed = (await json('GET', '/api/community/posts?size=50', undefined)).json as unknown as Record<string, unknown>[];
    expect(listed.find((p) => p.id === id)).toMatchObject({ likeCount: 1, commentCount: 1 });
  });

  it('lets only the author edit or delete: 401 for visitors, 403 for other members, nothing changed', async () => {
    const w = await writer();
    const other = await reader();
    const id = await create(w.cookie);
    const edit = (cookie?: string) =>
      send(api, 'POST', `/api/community/description/${id}/edit`, { cookie, form: postForm(post({ title: '바꿈' })) });
    const anon = await edit();
    expect(anon.status).toBe(401);
    expect(anon.json).toEqual({ error: '로그인이 필요합니다.' });
    const foreign = await edit(other.cookie);
    expect(foreign.status).toBe(403);
    expect(foreign.json).toEqual({ error: '본인이 작성한 게시글만 수정하거나 삭제할 수 있습니다.' });
    expect((await send(api, 'DELETE', `/api/community/description/${id}/delete`, {})).status).toBe(401);
    expect((await send(api, 'DELETE', `/api/community/description/${id}/delete`, { cookie: other.cookie })).status).toBe(403);
    expect((await json('GET', `/api/community/description/${id}`, undefined)).json).toMatchObject({ title: '우리 콩이 자랑' });
    expect((await send(api, 'DELETE', '/api/community/description/999999/delete', { cookie: w.cookie })).status).toBe(404);
  });

  it('edit keeps the image unless a new one comes; delete removes the post, its comments, likes and image', async () => {
    const w = await writer();
    const id = await create(w.cookie, {}, await jpegWithExif());
    const before = String((await json('GET', `/api/community/description/${id}`, undefined)).json.imgUrlContent);
    const kept = await send(api, 'POST', `/api/community/description/${id}/edit`, {
      cookie: w.cookie,
      form: postForm(post({ title: '제목 수정', postType: 'SHOW_OFF' })),
    });
    expect(kept.status, kept.text).toBe(200);
    expect(kept.json).toMatchObject({ success: true, post: { title: '제목 수정', imgUrlContent: before } });
    const replaced = await send(api, 'POST', `/api/community/description/${id}/edit`, {
      cookie: w.cookie,
      form: postForm(post(), await jpegWithExif('#39f')),
    });
    const after = String((replaced.json as unknown as { post: { imgUrlContent: string } }).post.imgUrlContent);
    expect(after).not.toBe(before);
    expect((await fetch(api.url + before)).status).toBe(404);
    await json('POST', `/api/community/comment/${id}`, w.cookie, { content: '첫 댓글' });
    await json('POST', `/api/community/like/${id}/toggle`, w.cookie);
    const del = await send(api, 'DELETE', `/api/community/description/${id}/delete`, { cookie: w.cookie });
    expect(del.json).toEqual({ success: true });
    const gone = await json('GET', `/api/community/description/${id}`, undefined);
    expect([gone.status, gone.text]).toEqual([404, '해당 게시글을 찾을 수 없습니다.']);
    expect((await fetch(api.url + after)).status).toBe(404);
    expect(await api.ctx.db.selectFrom('communityComments').select('id').where('postId', '=', id).execute()).toEqual([]);
  });

  it(`stores and serves every one of ${XSS_PAYLOADS.length} XSS payloads harmless`, async () => {
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(50);
    const w = await writer();
    for (const payload of XSS_PAYLOADS) {
      const res = await send(api, 'POST', '/api/community/createPost', {
        cookie: w.cookie,
        form: postForm(post({ strContent: `<p>본문</p>${payload}` })),
      });
      expect(res.status, payload).toBe(200);
      const id = (res.json as unknown as { id: number }).id;
      const stored = await api.ctx.db.selectFrom('communityPosts').select('strContent').where('id', '=', id).executeTakeFirstOrThrow();
      const served = String((await json('GET', `/api/community/description/${id}`, undefined)).json.strContent);
      expect(harmlessHtml(stored.strContent), `${payload} → ${stored.strContent}`).toBe(true);
      expect(served).toBe(stored.strContent);
      expect(sanitisePostHtml(served)).toBe(served);
    }
  });

  it('keeps one like per member under 100 concurrent toggles, and answers isLiked and liked', async () => {
    const w = await writer();
    const id = await create(w.cookie);
    const members = await Promise.all(Array.from({ length: 50 }, () => reader()));
    // 50 members toggle twice each at once (100 toggles): everyone ends where they began.
    const answers = await Promise.all(
      members.flatMap((m) => [
        json('POST', `/api/community/like/${id}/toggle`, m.cookie),
        json('POST', `/api/community/like/${id}/toggle`, m.cookie),
      ]),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect((await json('GET', `/api/community/like/${id}/count`, undefined)).json).toEqual({ postId: id, likeCount: 0, isLiked: false });
    // Then each likes once, all at once: exactly 50.
    await Promise.all(members.map((m) => json('POST', `/api/community/like/${id}/toggle`, m.cookie)));
    const rows = await api.ctx.db.selectFrom('communityLikes').select('userPk').where('postId', '=', id).execute();
    expect(rows).toHaveLength(50);
    const mine = await json('GET', `/api/community/like/${id}/count`, members[0]!.cookie);
    expect(mine.json).toEqual({ postId: id, likeCount: 50, isLiked: true });
    const off = await json('POST', `/api/community/like/${id}/toggle`, members[0]!.cookie);
    expect(off.json).toEqual({ liked: false, isLiked: false, likeCount: 49 });
    expect((await json('POST', `/api/community/like/${id}/toggle`, undefined)).status).toBe(401);
    expect((await json('POST', '/api/community/like/999999/toggle', members[0]!.cookie)).status).toBe(404);
    expect((await json('GET', '/api/community/like/999999/count', undefined)).json).toEqual({
      postId: 999999,
      likeCount: 0,
      isLiked: false,
    });
  });

  it('lists comments newest first with their ids', async () => {
    const w = await writer();
    const r = await reader();
    const id = await create(w.cookie);
    await json('POST', `/api/community/comment/${id}`, r.cookie, { content: '귀여워요' });
    await json('POST', `/api/community/comment/${id}`, w.cookie, { content: '고마워요' });
    const list = (await json('GET', `/api/community/comments/${id}`, undefined)).json as unknown as Record<string, unknown>[];
    expect(list.map((c) => [c.userId, c.content])).toEqual([
      [w.userId, '고마워요'],
      [r.userId, '귀여워요'],
    ]);
    expect(typeof list[0]!.id).toBe('number');
  });

  it('announces a like once per person and post: like, unlike, like again makes one notification (issue 24 item 14)', async () => {
    const w = await writer();
    const r = await reader();
    const id = await create(w.cookie);
    events.length = 0;
    for (let i = 0; i < 5; i++) await json('POST', `/api/community/like/${id}/toggle`, r.cookie);
    // The legacy's one-way like after an unlike: liked again, still no second announcement.
    await json('POST', `/api/community/like/${id}/toggle`, r.cookie);
    expect((await json('POST', `/api/community/like/${id}`, r.cookie, {})).status).toBe(200);
    expect(events.filter((e) => e.type === 'like.added')).toHaveLength(1);
    const likes = await api.ctx.db
      .selectFrom('notifications')
      .select('id')
      .where('recipientPk', '=', w.pk)
      .where('notificationType', '=', 'LIKE')
      .execute();
    expect(likes).toHaveLength(1);
  });

  it('tells the author about comments and likes from others, never about their own', async () => {
    const w = await writer();
    const r = await reader();
    const id = await create(w.cookie);
    events.length = 0;
    await json('POST', `/api/community/comment/${id}`, w.cookie, { content: '내 글에 내 댓글' });
    await json('POST', `/api/community/like/${id}/toggle`, w.cookie);
    expect(events).toEqual([]);
    await json('POST', `/api/community/comment/${id}`, r.cookie, { content: '멋져요' });
    await json('POST', `/api/community/like/${id}/toggle`, r.cookie);
    await json('POST', `/api/community/like/${id}/toggle`, r.cookie);
    expect(events.map((e) => e.type)).toEqual(['comment.created', 'like.added']);
    expect(events[0]).toMatchObject({ postId: id, commenterPk: r.pk, postAuthorPk: w.pk });
    expect(events[1]).toMatchObject({ postId: id, likerPk: r.pk, postAuthorPk: w.pk });
    // The notifications module turns them into the author's COMMENT and LIKE notifications (and none for the author's own acts).
    const stored = await api.ctx.db
      .selectFrom('notifications')
      .select(['notificationType', 'sender', 'relatedId'])
      .where('recipientPk', '=', w.pk)
      .orderBy('id')
      .execute();
    expect(stored.map((n) => [n.notificationType, n.sender])).toEqual([
      ['COMMENT', r.userId],
      ['LIKE', r.userId],
    ]);
  });
});

async function strayId(): Promise<number> {
  const row = await api.ctx.db
    .insertInto('strayReports')
    .values({
      reporterPk: null,
      latitude: 37.5,
      longitude: 127,
      imageUrl: '/uploads/x.webp',
      gender: null,
      description: '설명',
      location: '서울',
      type: null,
      name: '누리',
      foundDate: '2024-01-01',
      foundTime: '10:00',
      status: 'ADOPT',
      registeredAt: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
