import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeedNotificationListSchema, seoulToday } from '@pawbridge/shared';
import { LostCommentListSchema } from '@pawbridge/shared/lost.schema';
import { closeBffOnApi, startBffOnApi, type BffOnApi } from '../testing/api-stack';
import { apiMember, type Member } from '../testing/fixtures';
import { createClient } from '../testing/test-bff';

// Comments on lost-and-found posts through the BFF on our api (docs/decisions/0041): validation before
// the upstream, the api's codes passed on, nicknames only, the owner's bell worded by code.
let stack: BffOnApi;
let owner: Member;
let neighbour: Member;
let admin: Member;
let id: number;
const lostCalls = () => stack.proxy.seen.filter((s) => s.includes('/api/lost')).length;

beforeAll(async () => {
  stack = await startBffOnApi();
  owner = await apiMember(stack.api, stack.bff.url, { name: '윤주인', nickname: '두부아빠' });
  neighbour = await apiMember(stack.api, stack.bff.url, { name: '한이웃', nickname: '을지로고양이' });
  admin = await apiMember(stack.api, stack.bff.url, { role: 'ADMIN' });
  const d = new Date(`${seoulToday()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  const f = new FormData();
  f.append(
    'missing',
    JSON.stringify({
      name: '두부',
      breed: '말티즈',
      contact: 'RELAY',
      lat: 37.5651,
      lng: 126.9895,
      address: '을지로3가역 근처',
      date: d.toISOString().slice(0, 10),
      time: '09:15',
    }),
  );
  const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#a73' } })
    .jpeg()
    .toBuffer();
  f.append('photo1', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'p.jpg');
  const res = await owner.client.postForm('/api/lost/missing', f);
  expect(res.status).toBe(201);
  id = res.body.id;
});
afterAll(() => closeBffOnApi(stack));

describe('lost comments through the BFF, upstream = our api', () => {
  it('refuses bad text and visitors before the upstream', async () => {
    const before = lostCalls();
    const html = await neighbour.client.post(`/api/lost/posts/${id}/comments`, { content: '<b>봤어요</b>' });
    expect([html.status, html.body.error.fieldErrorCodes.content]).toEqual([400, 'lostHtmlRefused']);
    const long = await neighbour.client.post(`/api/lost/posts/${id}/comments`, { content: '가'.repeat(501) });
    expect(long.body.error.fieldErrorCodes.content).toBe('commentTooLong');
    const visitor = await createClient(stack.bff.url).post(`/api/lost/posts/${id}/comments`, { content: '봤어요' });
    expect([visitor.status, visitor.body.error.reason]).toEqual([401, 'COMMENT_LOGIN_REQUIRED']);
    expect(lostCalls()).toBe(before);
  });

  it('writes, lists by nickname and tells the owner with a coded bell entry', async () => {
    const made = await neighbour.client.post(`/api/lost/posts/${id}/comments`, { content: '청계천 쪽에서 봤어요' });
    expect(made.status).toBe(201);
    const listed = await createClient(stack.bff.url).get(`/api/lost/posts/${id}/comments`);
    expect(listed.headers.get('x-total-count')).toBe('1');
    expect(listed.headers.get('cache-control')).toBe('no-store');
    const comments = LostCommentListSchema.parse(listed.body);
    expect(comments).toMatchObject([{ id: made.body.id, author: '을지로고양이', content: '청계천 쪽에서 봤어요', mine: false }]);
    expect(JSON.stringify(listed.body)).not.toContain('한이웃');
    const bell = FeedNotificationListSchema.parse((await owner.client.get(`/api/notifications/user/${owner.userId}/unread`)).body);
    expect(bell.find((n) => n.kind === 'LOST_COMMENT')).toMatchObject({
      code: 'LOST_COMMENTED',
      link: `/lost/${id}`,
      about: { dogName: '두부', actor: '을지로고양이' },
    });
  });

  it('passes the api’s refusals on and deletes for the author or an admin', async () => {
    const [comment] = LostCommentListSchema.parse((await neighbour.client.get(`/api/lost/posts/${id}/comments`)).body);
    expect(comment!.deletable).toBe(true);
    const notYours = await owner.client.delete(`/api/lost/posts/${id}/comments/${comment!.id}`);
    expect([notYours.status, notYours.body.error.reason]).toEqual([403, 'LOST_COMMENT_AUTHOR_ONLY']);
    expect((await admin.client.delete(`/api/lost/posts/${id}/comments/${comment!.id}`)).status).toBe(204);
    const gone = await neighbour.client.delete(`/api/lost/posts/${id}/comments/${comment!.id}`);
    expect([gone.status, gone.body.error.reason]).toEqual([404, 'LOST_COMMENT_NOT_FOUND']);
    const unknown = await neighbour.client.post('/api/lost/posts/999999/comments', { content: '여기요' });
    expect([unknown.status, unknown.body.error.reason]).toEqual([404, 'LOST_POST_NOT_FOUND']);
  });
});
