import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FavouriteListSchema, SavedSearchListSchema } from '@pawbridge/shared/favourites.schema';
import { closeBffOnApi, startBffOnApi, type BffOnApi } from '../testing/api-stack';
import { apiMember, type Member } from '../testing/fixtures';
import { createClient } from '../testing/test-bff';

// Favourites and saved searches through the BFF on our api (issue 28, decision 0044): the member's own,
// idempotent hearts, coded refusals, the flag on in /api/config.
let stack: BffOnApi;
let mina: Member;
let joon: Member;
let strayId: number;

beforeAll(async () => {
  stack = await startBffOnApi();
  mina = await apiMember(stack.api, stack.bff.url, { name: '김미나' });
  joon = await apiMember(stack.api, stack.bff.url, { name: '이준' });
  const db = stack.api.ctx.db;
  strayId = (
    await db
      .insertInto('strayReports')
      .values({
        reporterPk: null,
        latitude: 37.5,
        longitude: 127,
        imageUrl: '/uploads/0123456789abcdef0123456789abcdef.jpg',
        gender: 'FEMALE',
        description: '갈색 푸들',
        location: '서울특별시',
        type: '푸들',
        name: '모카',
        foundDate: '2026-11-01',
        foundTime: '09:00',
        status: 'PROTECTING',
        registeredAt: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  await db
    .insertInto('shelterAnimals')
    .values({
      desertionNo: '411100202600101',
      kind: '[개] 진도견',
      sex: 'M',
      neutered: 'N',
      ageText: '2022(년생)',
      happenDate: '2026-11-20',
      happenPlace: '마포구',
      processState: '공고중',
      status: 'OPEN',
      shelterName: '마포 보호소',
      sido: '서울특별시',
      noticeEnd: '2026-12-01',
    } as never)
    .execute();
});
afterAll(() => closeBffOnApi(stack));

describe('favourites through the BFF, upstream = our api', () => {
  it('offers them in /api/config', async () => {
    expect((await createClient(stack.bff.url).get('/api/config')).body).toMatchObject({ favourites: true });
  });

  it('hearts a stray and a shelter animal idempotently, lists them as the member’s own, removes them', async () => {
    const visitor = createClient(stack.bff.url);
    expect((await visitor.put(`/api/favourites/strays/${strayId}`)).status).toBe(401);
    for (let i = 0; i < 2; i++) {
      expect((await mina.client.put(`/api/favourites/strays/${strayId}`)).status).toBe(204);
      expect((await mina.client.put('/api/favourites/shelter/411100202600101')).status).toBe(204);
    }
    expect((await mina.client.get('/api/favourites/keys')).body).toEqual({ strays: [strayId], shelter: ['411100202600101'] });
    expect((await joon.client.get('/api/favourites/keys')).body).toEqual({ strays: [], shelter: [] });

    const list = await mina.client.get('/api/favourites');
    expect(list.status).toBe(200);
    expect(list.headers.get('x-total-count')).toBe('2');
    const items = FavouriteListSchema.parse(list.body);
    expect(items.map((f) => f.source)).toEqual(['shelter', 'member']);
    expect(items[1]).toMatchObject({ name: '모카', imageUrl: '/uploads/0123456789abcdef0123456789abcdef.jpg' });
    expect(items[0]).toMatchObject({ noticeEnd: '2026-12-01', imageUrl: null });
    // An unnamed stray is called by its number, as on its card.
    await stack.api.ctx.db.updateTable('strayReports').set({ name: null }).where('id', '=', strayId).execute();
    expect(FavouriteListSchema.parse((await mina.client.get('/api/favourites')).body)[1]).toMatchObject({ name: `유기견 #${strayId}` });

    const missing = await mina.client.put('/api/favourites/strays/999999');
    expect([missing.status, missing.body.error.code, missing.body.error.reason]).toEqual([404, 'NOT_FOUND', 'FAVOURITE_ANIMAL_NOT_FOUND']);
    expect((await mina.client.put('/api/favourites/shelter/bad!')).status).toBe(400);

    expect((await mina.client.delete(`/api/favourites/strays/${strayId}`)).status).toBe(204);
    expect((await mina.client.get('/api/favourites/keys')).body).toEqual({ strays: [], shelter: ['411100202600101'] });
  });

  it('saves searches (10 at most), lists and deletes only the member’s own', async () => {
    const bad = await mina.client.post('/api/saved-searches', { region: '화성' });
    expect(bad.status).toBe(400);
    const saved = await mina.client.post('/api/saved-searches', { source: 'shelter', region: '서울특별시', location: '진도' });
    expect(saved.status).toBe(201);
    const id = (saved.body as { id: number }).id;
    expect(SavedSearchListSchema.parse((await mina.client.get('/api/saved-searches')).body)).toEqual([
      expect.objectContaining({ id, source: 'shelter', region: '서울특별시', location: '진도', foundDate: null }),
    ]);
    expect((await joon.client.get('/api/saved-searches')).body).toEqual([]);
    const theirs = await joon.client.delete(`/api/saved-searches/${id}`);
    expect([theirs.status, theirs.body.error.reason]).toEqual([404, 'SAVED_SEARCH_NOT_FOUND']);

    for (let i = 0; i < 9; i++) expect((await mina.client.post('/api/saved-searches', { location: `말티즈${i}` })).status).toBe(201);
    const over = await mina.client.post('/api/saved-searches', {});
    expect([over.status, over.body.error.code, over.body.error.reason]).toEqual([409, 'CONFLICT', 'SAVED_SEARCH_LIMIT']);
    expect((await mina.client.delete(`/api/saved-searches/${id}`)).status).toBe(204);
  });
});
