import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOTAL_COUNT_HEADER } from '@pawbridge/shared';
import { LostCommentListSchema } from '@pawbridge/shared/lost.schema';
import { startTestApi, type TestApi } from '../../testing/test-api';
import { call, createAdmin, createMember, emlText, jpegWithExif, outboxMessages, type Member } from '../../testing/fixtures';
import { HERE, errorOf, lostCalls, missingJson } from './lost.testing';

// Comments on lost-and-found posts (issue 27; docs/decisions/0041): who reads and writes them, the text
// rules, deleting, hidden posts, the hourly limit and the owner's bell and e-mail.

let api: TestApi;
let owner: Member;
let neighbour: Member;
let other: Member;
let admin: Member;
let lost: ReturnType<typeof lostCalls>;
let id: number;

const path = (postId: number) => `/api/lost/posts/${postId}/comments`;
const write = (m: Member | null, content: unknown, postId = id) =>
  call(api, 'POST', path(postId), { ...(m ? { cookie: m.cookie } : {}), json: { content } });
const list = async (cookie?: string, postId = id) => {
  const res = await call(api, 'GET', path(postId), cookie ? { cookie } : {});
  return {
    status: res.status,
    total: res.headers.get(TOTAL_COUNT_HEADER),
    body: res.status === 200 ? LostCommentListSchema.parse(JSON.parse(res.text)) : [],
  };
};
const bell = (recipientPk: number) =>
  api.ctx.db
    .selectFrom('notifications')
    .selectAll()
    .where('recipientPk', '=', recipientPk)
    .where('notificationType', '=', 'LOST_COMMENT')
    .execute();

beforeAll(async () => {
  api = await startTestApi();
  lost = lostCalls(api);
  owner = await createMember(api, 'cowner', { name: '박주인', nickname: '보리누나' });
  neighbour = await createMember(api, 'cneighbour', { name: '정이웃', nickname: '합정댁' });
  other = await createMember(api, 'cother', { name: '남남', nickname: '지나가던이' });
  admin = await createAdmin(api, 'cadmin');
  const res = await lost.postMissing(owner, missingJson({ name: '보리' }), [await jpegWithExif()]);
  if (res.status !== 201) throw new Error(JSON.stringify(res.json));
  id = (res.json as unknown as { id: number }).id;
});
afterAll(() => api.close());

describe('comments on a lost post', () => {
  it('lets anyone read, only members write, and shows the author by nickname', async () => {
    expect(await list()).toMatchObject({ status: 200, total: '0', body: [] });
    const anon = await write(null, '저도 찾아볼게요');
    expect(anon.status).toBe(401);
    expect(errorOf({ json: JSON.parse(anon.text) }).reason).toBe('COMMENT_LOGIN_REQUIRED');

    expect((await write(neighbour, '  어제 저녁 합정역 근처에서 비슷한 아이를 봤어요.  ')).status).toBe(201);
    expect((await write(owner, '감사합니다! 그쪽으로 가 볼게요.')).status).toBe(201);
    const seen = await list();
    expect(seen.total).toBe('2');
    expect(seen.body.map((c) => [c.author, c.content, c.mine, c.deletable])).toEqual([
      ['합정댁', '어제 저녁 합정역 근처에서 비슷한 아이를 봤어요.', false, false],
      ['보리누나', '감사합니다! 그쪽으로 가 볼게요.', false, false],
    ]);
    expect(JSON.stringify(seen.body)).not.toMatch(/정이웃|cneighbour|박주인/);
    const mine = await list(neighbour.cookie);
    expect(mine.body.map((c) => c.mine)).toEqual([true, false]);
    const paged = await call(api, 'GET', `${path(id)}?page=2&size=1`, {});
    expect(JSON.parse(paged.text).map((c: { author: string }) => c.author)).toEqual(['보리누나']);
  });

  it('refuses blank, too long and HTML text with the community’s codes and stores nothing', async () => {
    const codeOf = async (content: unknown) =>
      errorOf({ json: JSON.parse((await write(neighbour, content)).text) }).fieldErrorCodes?.content;
    expect(await codeOf('   ')).toBe('commentRequired');
    expect(await codeOf('가'.repeat(501))).toBe('commentTooLong');
    expect(await codeOf('<img src=x onerror=alert(1)>')).toBe('lostHtmlRefused');
    expect(await codeOf('a\u0007b')).toBe('textControlChars');
    expect((await write(neighbour, '가'.repeat(500))).status).toBe(201);
    expect((await list()).total).toBe('3');
  });

  it('tells the owner of others’ comments by bell (coded, live topic) and e-mail with the text, never of their own', async () => {
    const rows = await bell(owner.pk);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ code: 'LOST_COMMENTED', targetUrl: `/lost/${id}`, relatedId: id });
    expect(rows[0]!.about).toMatchObject({ dogName: '보리', postId: id, actor: '합정댁' });
    expect(await bell(neighbour.pk)).toHaveLength(0);
    await expect.poll(() => outboxMessages(api, 'cowner@example.com').length).toBe(2);
    const text = emlText(outboxMessages(api, 'cowner@example.com')[0]!);
    expect(text).toContain('새 댓글');
    expect(text).toContain('어제 저녁 합정역 근처에서 비슷한 아이를 봤어요.');
    expect(text).toContain(`/lost/${id}`);
    expect(text).not.toContain(String(HERE.lat));
    expect(text).not.toContain(String(HERE.lng));
    expect(outboxMessages(api, 'cneighbour@example.com')).toHaveLength(0);
  });

  it('deletes a comment for its author or an admin only', async () => {
    const [first, second] = (await list()).body;
    const del = (m: Member, commentId: number, postId = id) => call(api, 'DELETE', `${path(postId)}/${commentId}`, { cookie: m.cookie });
    const refused = await del(other, first!.id);
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.text).error.reason).toBe('LOST_COMMENT_AUTHOR_ONLY');
    expect((await del(owner, first!.id)).status).toBe(403);
    expect((await del(neighbour, first!.id)).status).toBe(204);
    const gone = await del(neighbour, first!.id);
    expect(gone.status).toBe(404);
    expect(JSON.parse(gone.text).error.reason).toBe('LOST_COMMENT_NOT_FOUND');
    expect((await list(admin.cookie)).body.every((c) => c.deletable)).toBe(true);
    expect((await del(admin, second!.id)).status).toBe(204);
    expect((await list()).body.map((c) => c.content)).toEqual(['가'.repeat(500)]);
    const anon = await call(api, 'DELETE', `${path(id)}/1`, {});
    expect(anon.status).toBe(401);
  });

  it('allows comments on a closed post; a hidden one is for admins only', async () => {
    const closed = await call(api, 'POST', `/api/lost/posts/${id}/close`, {
      cookie: owner.cookie,
      json: { status: 'REUNITED', note: '모두 감사해요' },
    });
    expect(closed.status).toBe(200);
    expect((await write(other, '다시 만나서 다행이에요!')).status).toBe(201);

    const hidden = await call(api, 'POST', `/api/admin/lost/posts/${id}/hide`, { cookie: admin.cookie, json: { hidden: true } });
    expect(hidden.status).toBe(200);
    expect((await list()).status).toBe(404);
    expect((await list(other.cookie)).status).toBe(404);
    const refused = await write(other, '보이나요?');
    expect(refused.status).toBe(404);
    expect(JSON.parse(refused.text).error.reason).toBe('LOST_POST_NOT_FOUND');
    expect((await list(admin.cookie)).body).toHaveLength(2);
    expect((await write(null, 'x', 999_999)).status).toBe(401);
    expect((await write(other, 'x', 999_999)).status).toBe(404);
  });

  it('allows 30 comments an hour per member (the 31st is 429 and stores nothing)', async () => {
    const res = await lost.postMissing(owner, missingJson({ name: '콩이' }), [await jpegWithExif()]);
    const postId = (res.json as unknown as { id: number }).id;
    await api.ctx.db
      .insertInto('lostComments')
      .values(Array.from({ length: 30 }, (_, i) => ({ postId, authorPk: other.pk, content: `댓글 ${i}` })))
      .execute();
    const refused = await write(other, '한 번 더', postId);
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.text).error.reason).toBe('LOST_COMMENT_LIMIT');
    expect((await list(undefined, postId)).total).toBe('30');
    expect((await write(neighbour, '저는 돼요', postId)).status).toBe(201);
  });
});
