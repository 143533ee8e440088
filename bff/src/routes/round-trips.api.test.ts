import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestApi } from '@pawbridge/api/testing';
import type { TestBff } from '../testing/test-bff';
import type { RecordingProxy } from '../testing/recording-proxy';
import { apiMember } from '../testing/fixtures';
import { photo as petPhoto, registerForm, validPet } from './pets.suite';
import { photo as strayPhoto } from './strays.suite';
import { postBody, postForm } from './community.suite';
import { closeBffOnApi, startBffOnApi } from '../testing/api-stack';

/**
 * Upstream round trips per route in front of our api (issue 22 item 1,
 * docs/decisions/0026): the api implementation goes straight to the call, so
 * each route costs the session check plus the one call it needs. Before 0026
 * (session included): apply 4 (a refused repeat 3), approve 3, reject 3, pet
 * register 2, post edit 3. A compensation creeping back into the api path fails here.
 */
describe('round trips per route, upstream = our api', () => {
  let api: TestApi;
  let proxy: RecordingProxy;
  let bff: TestBff;

  beforeAll(async () => void ({ api, proxy, bff } = await startBffOnApi()));
  afterAll(() => closeBffOnApi({ api, proxy, bff }));
  beforeEach(() => {
    proxy.seen.length = 0;
  });

  async function seedStray(): Promise<number> {
    const key = await api.ctx.storage.put(await strayPhoto(), 'jpg');
    const row = await api.ctx.db
      .insertInto('strayReports')
      .values({
        reporterPk: null,
        latitude: 37.5,
        longitude: 127,
        imageUrl: `/uploads/${key}`,
        gender: 'MALE',
        description: '갈색 털의 작은 개',
        location: '경기도',
        type: '믹스견',
        name: null,
        foundDate: '2026-08-01',
        foundTime: '12:00',
        status: 'PROTECTING',
        registeredAt: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** The upstream calls one BFF request made (the proxy records each as `METHOD /path`). */
  async function upstreamCalls(run: () => Promise<{ status: number; text: string }>, expected: number): Promise<string[]> {
    proxy.seen.length = 0;
    const res = await run();
    expect(res.status, res.text).toBe(expected);
    return [...proxy.seen];
  }

  const SESSION = 'GET /api/users/check-session';

  async function appliedApplication(): Promise<{ id: number; strayId: number }> {
    const strayId = await seedStray();
    const member = await apiMember(api, bff.url);
    expect((await member.client.post(`/api/adopt/apply/${strayId}`)).status).toBe(200);
    const row = await api.ctx.db.selectFrom('adoptionApplications').select('id').where('strayId', '=', strayId).executeTakeFirstOrThrow();
    return { id: row.id, strayId };
  }

  it('adoption apply: the session and the apply', async () => {
    const strayId = await seedStray();
    const member = await apiMember(api, bff.url);
    const calls = await upstreamCalls(() => member.client.post(`/api/adopt/apply/${strayId}`), 200);
    expect(calls).toEqual([SESSION, `POST /api/adopt/apply/${strayId}`]);
    // A repeat is refused by the api itself, still in one call.
    const again = await upstreamCalls(() => member.client.post(`/api/adopt/apply/${strayId}`), 409);
    expect(again).toEqual([SESSION, `POST /api/adopt/apply/${strayId}`]);
  });

  it('admin approve: the session and the approve', async () => {
    const { id } = await appliedApplication();
    const admin = await apiMember(api, bff.url, { role: 'ADMIN' });
    const calls = await upstreamCalls(() => admin.client.post(`/api/admin/adopt/approve/${id}`), 200);
    expect(calls).toEqual([SESSION, `POST /api/admin/adopt/approve/${id}`]);
  });

  it('admin reject: the session and the reject', async () => {
    const { id } = await appliedApplication();
    const admin = await apiMember(api, bff.url, { role: 'ADMIN' });
    const calls = await upstreamCalls(() => admin.client.post(`/api/admin/adopt/reject/${id}`), 200);
    expect(calls).toEqual([SESSION, `POST /api/admin/adopt/reject/${id}`]);
  });

  it('pet register: the session and the register', async () => {
    const member = await apiMember(api, bff.url);
    const form = registerForm(validPet(), await petPhoto());
    const calls = await upstreamCalls(() => member.client.postForm('/api/pet/register', form), 201);
    expect(calls).toEqual([SESSION, 'POST /api/pet/register']);
  });

  it('community post edit: the session and the edit', async () => {
    // An admin may write in every category (a member's first post would need a dog or a report).
    const member = await apiMember(api, bff.url, { role: 'ADMIN' });
    const created = await member.client.postForm('/api/community/createPost', postForm(postBody({ postType: 'TEMP_PROTECT' })));
    expect(created.status, created.text).toBe(201);
    const id = (created.body as { id: number }).id;
    const form = postForm(postBody({ postType: 'TEMP_PROTECT', title: '고친 제목' }));
    const calls = await upstreamCalls(() => member.client.postForm(`/api/community/description/${id}/edit`, form), 200);
    expect(calls).toEqual([SESSION, `POST /api/community/description/${id}/edit`]);
  });
});
