import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MatchCandidatesAnswerSchema } from '@pawbridge/shared/lost.matching';
import { startTestApi, type TestApi } from '../../testing/test-api';
import { call, createAdmin, createMember, send, solidJpeg, type Member } from '../../testing/fixtures';
import { form, lostCalls, missingJson, sightingJson, yesterday } from '../lost/lost.testing';

// 가능성 있는 아이들 (issue 28): a missing report's candidates, for its owner and admins only.

let api: TestApi;
let owner: Member;
let finder: Member;
let stranger: Member;
let admin: Member;
let lost: ReturnType<typeof lostCalls>;
let missingId: number;

beforeAll(async () => {
  api = await startTestApi();
  lost = lostCalls(api);
  owner = await createMember(api, 'matchowner', { name: '김보호' });
  finder = await createMember(api, 'matchfinder', { name: '이이웃' });
  stranger = await createMember(api, 'matchstranger', { name: null });
  admin = await createAdmin(api, 'matchadmin');
  await api.app.matching.stop(); // the test runs the worker itself
  const photo = await solidJpeg(120, 80, 40);
  const m = await lost.postMissing(owner, missingJson(), [photo]);
  missingId = (m.json as unknown as { id: number }).id;
  // A finder's FOUND post 1 km away and a SEEN post of the same 푸들: both scored against the report.
  await lost.postSighting(finder, sightingJson({ kind: 'FOUND', breed: '토이 푸들', colour: '브라운', lat: 37.565, lng: 126.902 }), [
    photo,
  ]);
  await lost.postSighting(finder, sightingJson());
  // Nothing is scored in the request that created the records.
  expect((await lost.json(`/api/lost/posts/${missingId}/candidates`, owner.cookie)).body).toMatchObject({ rows: [] });
  await api.app.matching.drain();
});
afterAll(() => api.close());

const candidates = async (m: Member | null) => {
  const res = await lost.json(`/api/lost/posts/${missingId}/candidates`, m?.cookie);
  return { status: res.status, body: res.body, answer: res.status === 200 ? MatchCandidatesAnswerSchema.parse(res.body) : null };
};

describe('GET /api/lost/posts/:id/candidates', () => {
  it('ranks the candidates for the owner with their reasons as codes, and never an exact position', async () => {
    const { answer, body } = await candidates(owner);
    expect(answer!.rows.map((r) => r.kind).sort()).toEqual(['FOUND', 'SEEN']);
    const found = answer!.rows.find((r) => r.kind === 'FOUND')!;
    expect(found.reasons.map((r) => r.code)).toEqual(expect.arrayContaining(['SAME_BREED', 'SAME_COLOUR', 'DISTANCE', 'DAYS_AFTER']));
    expect(found.km).toBeGreaterThan(0.5);
    expect(found.photoUrl).toMatch(/^\/uploads\//);
    expect(answer!.rows[0]!.score).toBeGreaterThanOrEqual(answer!.rows[1]!.score);
    expect(JSON.stringify(body)).not.toMatch(/37\.56|126\.90|latitude|longitude/);
  });

  it('is for the owner and admins only: anyone else gets the 404 of a post that does not exist', async () => {
    expect((await candidates(admin)).status).toBe(200);
    expect((await candidates(stranger)).status).toBe(404);
    expect((await candidates(finder)).status).toBe(404);
    expect((await candidates(null)).status).toBe(404);
    expect((await lost.json('/api/lost/posts/999999/candidates', owner.cookie)).status).toBe(404);
  });
});

describe('dismiss and confirm', () => {
  it('a dismissed candidate never comes back, even when the matcher runs over everything again; a confirmed one stays', async () => {
    const [first, second] = (await candidates(owner)).answer!.rows;
    const path = (id: number, action: string) => `/api/lost/posts/${missingId}/candidates/${id}/${action}`;
    expect((await call(api, 'POST', path(first!.id, 'dismiss'), { cookie: stranger.cookie })).status).toBe(404);
    expect((await call(api, 'POST', path(first!.id, 'dismiss'), { cookie: admin.cookie })).status).toBe(404); // the owner decides
    expect((await call(api, 'POST', path(first!.id, 'dismiss'), { cookie: owner.cookie })).status).toBe(204);
    expect((await call(api, 'POST', path(second!.id, 'confirm'), { cookie: owner.cookie })).status).toBe(204);
    expect((await call(api, 'POST', path(first!.id, 'confirm'), { cookie: owner.cookie })).status).toBe(404);
    await api.app.matching.drain();
    const after = (await candidates(owner)).answer!.rows;
    expect(after.map((r) => [r.id, r.status])).toEqual([[second!.id, 'CONFIRMED']]);
  });
});

describe('the owner moves the report (a new last-seen place)', () => {
  it('is scored again: an undecided candidate now 60 km away is gone, the decided one stays', async () => {
    // A third sighting nearby, undecided after the drain.
    await lost.postSighting(finder, sightingJson({ kind: 'SEEN', breed: '푸들', lat: 37.566, lng: 126.903 }));
    await api.app.matching.drain();
    const before = (await candidates(owner)).answer!.rows;
    expect(before.filter((r) => r.status === 'NEW')).toHaveLength(1);
    const moved = await send(api, 'POST', `/api/lost/posts/${missingId}/updates`, {
      cookie: owner.cookie,
      form: form('update', { lat: 37.02, lng: 127.1, address: '평택 어느 공원', sigungu: '평택시', date: yesterday(), time: '08:00' }),
    });
    expect(moved.status).toBe(200);
    // Scored in the background, not in the request.
    expect((await candidates(owner)).answer!.rows).toEqual(before);
    await api.app.matching.drain();
    const after = (await candidates(owner)).answer!.rows;
    expect(after.map((r) => r.status)).toEqual(['CONFIRMED']);
  });
});
