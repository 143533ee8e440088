import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LostMapAnswerSchema, LostPostListSchema, LostStatsSchema } from '@pawbridge/shared/lost.schema';
import { startTestApi, type TestApi } from '../../testing/test-api';
import { call, createAdmin, createMember, jpegWithExif, type Member } from '../../testing/fixtures';
import { lostCalls, missingJson, sightingJson } from './lost.testing';

// Found posts turned into stray reports; the board, the map, flags and hiding (issue 27).

let api: TestApi;
let finder: Member;
let stranger: Member;
let admin: Member;
let lost: ReturnType<typeof lostCalls>;

beforeAll(async () => {
  api = await startTestApi();
  lost = lostCalls(api);
  finder = await createMember(api, 'finder', { name: '이이웃' });
  stranger = await createMember(api, 'stranger', { name: null });
  admin = await createAdmin(api, 'lostadmin');
});
afterAll(() => api.close());

describe('found posts', () => {
  it('turn into a stray report for the admin review once, with the same photo and words', async () => {
    const res = await lost.postSighting(
      finder,
      sightingJson({ kind: 'FOUND', gender: 'FEMALE', description: '목줄 없는 흰 말티즈를 데리고 있어요.' }),
      [await jpegWithExif('#eee')],
    );
    const id = (res.json as unknown as { id: number }).id;
    const other = await call(api, 'POST', `/api/lost/posts/${id}/to-stray-report`, { cookie: stranger.cookie });
    expect(other.status).toBe(403);
    const made = await call(api, 'POST', `/api/lost/posts/${id}/to-stray-report`, { cookie: finder.cookie });
    expect(made.status).toBe(201);
    const strayId = JSON.parse(made.text).strayReportId as number;
    const stray = await api.ctx.db.selectFrom('strayReports').selectAll().where('id', '=', strayId).executeTakeFirstOrThrow();
    expect(stray).toMatchObject({
      status: 'LOST',
      gender: 'FEMALE',
      location: '서울특별시',
      description: '목줄 없는 흰 말티즈를 데리고 있어요.',
      reporterPk: finder.pk,
    });
    const twice = await call(api, 'POST', `/api/lost/posts/${id}/to-stray-report`, { cookie: finder.cookie });
    expect([twice.status, JSON.parse(twice.text).error.reason]).toEqual([409, 'LOST_ALREADY_REPORTED']);
    const seen = await lost.postSighting(finder, sightingJson());
    const notFound = await call(api, 'POST', `/api/lost/posts/${(seen.json as unknown as { id: number }).id}/to-stray-report`, {
      cookie: finder.cookie,
    });
    expect(JSON.parse(notFound.text).error.reason).toBe('LOST_WRONG_KIND');
  });
});

describe('the board, the map, flags and hiding', () => {
  let busanId: number;

  beforeAll(async () => {
    const m = await createMember(api, 'busan');
    const res = await lost.postMissing(
      m,
      missingJson({
        name: '해피',
        breed: '시바견',
        size: 'MEDIUM',
        colour: '황토색',
        lat: 35.1587,
        lng: 129.1604,
        address: '해운대 해수욕장',
        sigungu: '해운대구',
      }),
      [await jpegWithExif('#963')],
    );
    busanId = (res.json as unknown as { id: number }).id;
  });

  it('lists newest first with the total and the filters', async () => {
    const all = await lost.json('/api/lost/posts?size=2');
    expect(LostPostListSchema.parse(all.body)).toHaveLength(2);
    expect(Number(all.headers.get('x-total-count'))).toBeGreaterThan(2);
    const busan = LostPostListSchema.parse((await lost.json(`/api/lost/posts?sido=${encodeURIComponent('부산광역시')}`)).body);
    expect(busan.map((p) => p.id)).toEqual([busanId]);
    const shiba = LostPostListSchema.parse(
      (await lost.json(`/api/lost/posts?breed=${encodeURIComponent('시바')}&dogSize=MEDIUM&kind=MISSING`)).body,
    );
    expect(shiba.map((p) => p.id)).toEqual([busanId]);
    const colour = LostPostListSchema.parse((await lost.json(`/api/lost/posts?colour=${encodeURIComponent('황토')}`)).body);
    expect(colour.map((p) => p.id)).toEqual([busanId]);
    const sightings = LostPostListSchema.parse((await lost.json('/api/lost/posts?kind=SIGHTING&size=100')).body);
    expect(sightings.every((p) => p.kind !== 'MISSING')).toBe(true);
    expect((await lost.json('/api/lost/posts?kind=LOST')).status).toBe(400);
  });

  it('clusters the map on the server from the public points only', async () => {
    const korea = LostMapAnswerSchema.parse((await lost.json('/api/lost/map?south=33&west=124&north=39&east=132&zoom=6')).body);
    expect(korea.clusters.reduce((n, c) => n + c.count, 0)).toBe(korea.total);
    expect(korea.clusters.length).toBeGreaterThanOrEqual(2);
    const busan = LostMapAnswerSchema.parse((await lost.json('/api/lost/map?south=35&west=129&north=35.3&east=129.3&zoom=14')).body);
    expect(busan.clusters).toEqual([expect.objectContaining({ count: 1, id: busanId, kind: 'MISSING' })]);
    expect(busan.clusters[0]!.lat).not.toBe(35.1587);
    expect((await lost.json('/api/lost/map?south=36&west=129&north=35&east=129.3&zoom=14')).status).toBe(400);
  });

  it('takes one flag per member; an admin sees it, hides the post and it leaves the board and the map at once', async () => {
    const flag = await call(api, 'POST', `/api/lost/posts/${busanId}/flags`, {
      cookie: stranger.cookie,
      json: { reason: 'SCAM', note: '선입금 요구' },
    });
    expect(flag.status).toBe(201);
    const twice = await call(api, 'POST', `/api/lost/posts/${busanId}/flags`, { cookie: stranger.cookie, json: { reason: 'WRONG' } });
    expect([twice.status, JSON.parse(twice.text).error.reason]).toEqual([409, 'LOST_ALREADY_FLAGGED']);
    expect((await lost.json('/api/admin/lost/flags', stranger.cookie)).status).toBe(403);
    const flags = (await lost.json('/api/admin/lost/flags', admin.cookie)).body as unknown as { postId: number; reason: string }[];
    expect(flags).toEqual([expect.objectContaining({ postId: busanId, reason: 'SCAM' })]);
    expect(LostStatsSchema.parse((await lost.json('/api/lost/stats', admin.cookie)).body).flagsWaiting).toBe(1);

    expect(
      (await call(api, 'POST', `/api/admin/lost/posts/${busanId}/hide`, { cookie: stranger.cookie, json: { hidden: true } })).status,
    ).toBe(403);
    expect(
      (await call(api, 'POST', `/api/admin/lost/posts/${busanId}/hide`, { cookie: admin.cookie, json: { hidden: true } })).status,
    ).toBe(200);
    expect(LostPostListSchema.parse((await lost.json(`/api/lost/posts?sido=${encodeURIComponent('부산광역시')}`)).body)).toEqual([]);
    expect(
      LostMapAnswerSchema.parse((await lost.json('/api/lost/map?south=35&west=129&north=35.3&east=129.3&zoom=14')).body).clusters,
    ).toEqual([]);
    expect((await lost.json(`/api/lost/posts/${busanId}`)).status).toBe(404);
    expect((await lost.json(`/api/lost/posts/${busanId}`, admin.cookie)).body).toMatchObject({ hidden: true });
    expect(LostStatsSchema.parse((await lost.json('/api/lost/stats', admin.cookie)).body).flagsWaiting).toBe(0);
  });
});
