import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeedNotificationListSchema, seoulToday } from '@pawbridge/shared';
import { MatchCandidatesAnswerSchema } from '@pawbridge/shared/lost.matching';
import { LostPostDetailSchema } from '@pawbridge/shared/lost.schema';
import { closeBffOnApi, startBffOnApi, type BffOnApi } from '../testing/api-stack';
import { apiMember, type Member } from '../testing/fixtures';
import { createClient } from '../testing/test-bff';

// 가능성 있는 아이들 through the BFF on our api (issue 28): owner and admins only, no positions, dismiss for good.
let stack: BffOnApi;
let owner: Member;
let finder: Member;
let admin: Member;

const yesterday = (() => {
  const d = new Date(`${seoulToday()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
})();
const photo = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#a73' } })
    .jpeg()
    .toBuffer();
function form(part: string, json: unknown, photos: Buffer[] = []): FormData {
  const f = new FormData();
  f.append(part, JSON.stringify(json));
  photos.forEach((p, i) => f.append(`photo${i + 1}`, new Blob([new Uint8Array(p)], { type: 'image/jpeg' }), `p${i}.jpg`));
  return f;
}
const place = { address: '서울 중구 을지로', date: yesterday, time: '09:15', contact: 'RELAY' };

/** The api's matching worker (decorated by its matching module; its type augmentation is the api's own). */
const matcher = () => (stack.api.app as unknown as { matching: { stop(): Promise<void>; drain(): Promise<number> } }).matching;

beforeAll(async () => {
  stack = await startBffOnApi();
  owner = await apiMember(stack.api, stack.bff.url, { name: '박주인' });
  finder = await apiMember(stack.api, stack.bff.url, { name: '최이웃' });
  admin = await apiMember(stack.api, stack.bff.url, { role: 'ADMIN' });
});
afterAll(() => closeBffOnApi(stack));

describe('match candidates through the BFF, upstream = our api', () => {
  it('lists the owner’s candidates, 404 for anyone else, and a dismissed one never comes back', async () => {
    await matcher().stop(); // the test runs the worker itself
    const m = await owner.client.postForm(
      '/api/lost/missing',
      form('missing', { name: '두부', breed: '말티즈', colour: '흰색', gender: 'FEMALE', lat: 37.5651, lng: 126.9895, ...place }, [
        await photo(),
      ]),
    );
    expect(m.status).toBe(201);
    const id = (m.body as { id: number }).id;
    const f = await finder.client.postForm(
      '/api/lost/sightings',
      form('sighting', { kind: 'FOUND', breed: '몰티즈', colour: '하얀색', description: '흰 강아지', lat: 37.57, lng: 126.99, ...place }, [
        await photo(),
      ]),
    );
    expect(f.status).toBe(201);
    await matcher().drain();

    const res = await owner.client.get(`/api/lost/posts/${id}/candidates`);
    expect(res.status).toBe(200);
    const answer = MatchCandidatesAnswerSchema.parse(res.body);
    expect(answer.rows).toHaveLength(1);
    expect(answer.rows[0]!.reasons.map((r) => r.code)).toEqual(expect.arrayContaining(['SAME_BREED', 'SAME_COLOUR', 'DISTANCE']));
    expect(JSON.stringify(res.body)).not.toMatch(/37\.5|126\.9/);
    expect((await admin.client.get(`/api/lost/posts/${id}/candidates`)).status).toBe(200);
    expect((await finder.client.get(`/api/lost/posts/${id}/candidates`)).status).toBe(404);
    expect((await createClient(stack.bff.url).get(`/api/lost/posts/${id}/candidates`)).status).toBe(401);

    const candidateId = answer.rows[0]!.id;
    expect((await finder.client.post(`/api/lost/posts/${id}/candidates/${candidateId}/dismiss`, {})).status).toBe(404);
    expect((await owner.client.post(`/api/lost/posts/${id}/candidates/${candidateId}/dismiss`, {})).status).toBe(204);
    expect(MatchCandidatesAnswerSchema.parse((await owner.client.get(`/api/lost/posts/${id}/candidates`)).body).rows).toEqual([]);
  });

  it('rings the owner’s bell for a likely match, and confirming tells the finder and links both posts (decision 0042)', async () => {
    await matcher().stop();
    const same = await photo();
    const dog = { breed: '진돗개', colour: '황색', gender: 'MALE', ...place };
    const m = await owner.client.postForm('/api/lost/missing', form('missing', { name: '누리', lat: 37.58, lng: 127.01, ...dog }, [same]));
    const id = (m.body as { id: number }).id;
    const f = await finder.client.postForm(
      '/api/lost/sightings',
      form('sighting', { kind: 'FOUND', description: '누렁이', lat: 37.581, lng: 127.01, ...dog }, [same]),
    );
    const foundId = (f.body as { id: number }).id;
    await matcher().drain();

    const bell = FeedNotificationListSchema.parse((await owner.client.get(`/api/notifications/user/${owner.userId}/unread`)).body);
    const notice = bell.find((n) => n.code === 'LOST_MATCH_FOUND')!;
    expect(notice).toMatchObject({ kind: 'LOST_MATCH', link: `/lost/${id}#matches`, about: { dogName: '누리', postId: id } });
    expect(notice.about.match).toMatchObject({ candidateKind: 'FOUND' });
    expect(notice.about.match!.score).toBeGreaterThanOrEqual(65);
    expect(JSON.stringify(notice)).not.toMatch(/37\.58|127\.01/);

    const [candidate] = MatchCandidatesAnswerSchema.parse((await owner.client.get(`/api/lost/posts/${id}/candidates`)).body).rows;
    expect((await owner.client.post(`/api/lost/posts/${id}/candidates/${candidate!.id}/confirm`, {})).status).toBe(204);
    const told = FeedNotificationListSchema.parse((await finder.client.get(`/api/notifications/user/${finder.userId}/unread`)).body);
    expect(told.find((n) => n.code === 'LOST_MATCH_CONFIRMED')).toMatchObject({ kind: 'LOST_MATCH_CONFIRMED', link: `/lost/${id}` });
    const page = LostPostDetailSchema.parse((await createClient(stack.bff.url).get(`/api/lost/posts/${foundId}`)).body);
    expect(page.matches).toEqual([{ lostPostId: id, kind: 'FOUND', recordId: String(foundId) }]);
  });
});
