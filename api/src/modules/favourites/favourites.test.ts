import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seoulToday } from '@pawbridge/shared';
import { startTestApi, type TestApi } from '../../testing/test-api';
import { call, createMember, emlText, getJson, insertStray, outboxMessages, type Member } from '../../testing/fixtures';

// Favourites and saved searches (issue 28, docs/decisions/0044): hearts idempotent and the member's own,
// the 3-day reminder once and on time, a status change noted once, saved searches matched once a day, limits.

let api: TestApi;
let mina: Member;
let joon: Member;
const DAY = 24 * 3600_000;
const dayAfter = (base: string, days: number) => new Date(Date.parse(`${base}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
/** Noon in Seoul of the day `days` after today. */
const noonIn = (days: number) => new Date(Date.parse(`${dayAfter(seoulToday(), days)}T03:00:00Z`));

async function insertShelter(no: string, values: Record<string, unknown> = {}) {
  await api.ctx.db
    .insertInto('shelterAnimals')
    .values({
      desertionNo: no,
      kind: '[개] 푸들',
      color: '갈색',
      sex: 'F',
      neutered: 'U',
      ageText: '2023(년생)',
      birthYear: 2023,
      happenDate: '2026-11-20',
      happenPlace: '마포구 망원동',
      processState: '공고중',
      status: 'OPEN',
      shelterName: '서울 마포 보호소',
      sido: '서울특별시',
      sigungu: '마포구',
      noticeEnd: dayAfter(seoulToday(), 5),
      image1Url: 'http://portal.example/1.jpg',
      ...values,
    } as never)
    .execute();
}
const bell = (who: Member, type: string) =>
  api.ctx.db
    .selectFrom('notifications')
    .selectAll()
    .where('recipientPk', '=', who.pk)
    .where('notificationType', '=', type)
    .orderBy('id')
    .execute();

beforeAll(async () => {
  api = await startTestApi();
  mina = await createMember(api, 'favmina');
  joon = await createMember(api, 'favjoon');
});
afterAll(() => api.close());

describe('hearts', () => {
  it('are for members only, idempotent, listed with what 관심 목록 shows and removable', async () => {
    const stray = await insertStray(api, { type: '말티즈' });
    await api.ctx.db
      .updateTable('strayReports')
      .set({ name: '모카' } as never)
      .where('id', '=', stray)
      .execute();
    await insertShelter('411100202600001');

    expect((await call(api, 'PUT', `/api/favourites/strays/${stray}`)).status).toBe(401);
    for (let i = 0; i < 2; i++) {
      expect((await call(api, 'PUT', `/api/favourites/strays/${stray}`, { cookie: mina.cookie })).status).toBe(204);
      expect((await call(api, 'PUT', '/api/favourites/shelter/411100202600001', { cookie: mina.cookie })).status).toBe(204);
    }
    const keys = await getJson(api, '/api/favourites/keys', mina.cookie);
    expect(keys.json).toEqual({ strays: [stray], shelter: ['411100202600001'] });

    const list = await getJson(api, '/api/favourites', mina.cookie);
    expect(list.headers.get('x-total-count')).toBe('2');
    expect(list.json).toEqual([
      expect.objectContaining({
        source: 'shelter',
        desertionNo: '411100202600001',
        breed: '[개] 푸들',
        status: 'OPEN',
        imageUrl: '/shelter-images/411100202600001/1',
      }),
      expect.objectContaining({ source: 'member', strayId: stray, name: '모카', breed: '말티즈', status: 'OPEN' }),
    ]);

    // Another member sees none of them, and removing "theirs" touches nothing of mina's.
    expect((await getJson(api, '/api/favourites/keys', joon.cookie)).json).toEqual({ strays: [], shelter: [] });
    expect((await call(api, 'DELETE', `/api/favourites/strays/${stray}`, { cookie: joon.cookie })).status).toBe(204);
    expect((await getJson(api, '/api/favourites/keys', mina.cookie)).json).toEqual({ strays: [stray], shelter: ['411100202600001'] });

    expect((await call(api, 'DELETE', `/api/favourites/strays/${stray}`, { cookie: mina.cookie })).status).toBe(204);
    expect((await call(api, 'DELETE', `/api/favourites/strays/${stray}`, { cookie: mina.cookie })).status).toBe(204);
    expect((await getJson(api, '/api/favourites/keys', mina.cookie)).json).toEqual({ strays: [], shelter: ['411100202600001'] });
  });

  it('refuse an animal that is not public or not there (404 FAVOURITE_ANIMAL_NOT_FOUND)', async () => {
    const hidden = await insertStray(api, { status: 'LOST' });
    for (const path of [`/api/favourites/strays/${hidden}`, '/api/favourites/strays/999999', '/api/favourites/shelter/nope0000']) {
      const res = await call(api, 'PUT', path, { cookie: joon.cookie });
      expect(res.status).toBe(404);
      expect(JSON.parse(res.text).error).toMatchObject({ code: 'NOT_FOUND', reason: 'FAVOURITE_ANIMAL_NOT_FOUND' });
    }
    expect((await call(api, 'PUT', '/api/favourites/shelter/bad!no', { cookie: joon.cookie })).status).toBe(400);
  });
});

describe('reminders and notes', () => {
  let ending: Member;
  beforeAll(async () => {
    ending = await createMember(api, 'favending');
    await insertShelter('411100202600010', { noticeEnd: dayAfter(seoulToday(), 6), kind: '[개] 진도견' });
    expect((await call(api, 'PUT', '/api/favourites/shelter/411100202600010', { cookie: ending.cookie })).status).toBe(204);
  });

  it('reminds 3 days before the notice ends, once, bell and e-mail (no position)', async () => {
    await api.app.favouritesSweep.sweep(noonIn(2));
    expect(await bell(ending, 'FAVOURITE')).toHaveLength(0);
    await api.app.favouritesSweep.sweep(noonIn(3));
    const [n, ...more] = await bell(ending, 'FAVOURITE');
    expect(more).toHaveLength(0);
    expect(n).toMatchObject({ code: 'FAVOURITE_NOTICE_ENDING', targetUrl: '/shelter/411100202600010' });
    expect(n!.about).toMatchObject({ dogName: '[개] 진도견', noticeEnd: dayAfter(seoulToday(), 6) });
    expect(n!.message).toContain('3일 뒤 끝나요');
    await expect.poll(() => outboxMessages(api, 'favending@example.com').length).toBe(1);
    const mail = emlText(outboxMessages(api, 'favending@example.com')[0]!);
    expect(mail).toContain('3일 뒤 끝나요');
    expect(mail).toContain('/shelter/411100202600010');

    await Promise.all([api.app.favouritesSweep.sweep(noonIn(4)), api.app.favouritesSweep.sweep(noonIn(4))]);
    expect(await bell(ending, 'FAVOURITE')).toHaveLength(1);
  });

  it('notes a status change once (adopted; and protected again)', async () => {
    const watcher = await createMember(api, 'favwatch');
    const stray = await insertStray(api, {});
    await api.ctx.db
      .updateTable('strayReports')
      .set({ name: '두부' } as never)
      .where('id', '=', stray)
      .execute();
    expect((await call(api, 'PUT', `/api/favourites/strays/${stray}`, { cookie: watcher.cookie })).status).toBe(204);
    await api.app.favouritesSweep.sweep();
    expect(await bell(watcher, 'FAVOURITE')).toHaveLength(0);

    await api.ctx.db.updateTable('strayReports').set({ status: 'ADOPT' }).where('id', '=', stray).execute();
    await api.app.favouritesSweep.sweep();
    await api.app.favouritesSweep.sweep();
    const notes = await bell(watcher, 'FAVOURITE');
    expect(notes.map((x) => x.code)).toEqual(['FAVOURITE_ADOPTED']);
    expect(notes[0]).toMatchObject({ targetUrl: `/adopt/${stray}` });
    expect(notes[0]!.about).toMatchObject({ dogName: '두부' });

    await api.ctx.db.updateTable('strayReports').set({ status: 'PROTECTING' }).where('id', '=', stray).execute();
    await api.app.favouritesSweep.sweep();
    expect((await bell(watcher, 'FAVOURITE')).map((x) => x.code)).toEqual(['FAVOURITE_ADOPTED', 'FAVOURITE_PROTECTED']);
  });
});

describe('saved searches', () => {
  let seeker: Member;
  beforeAll(async () => {
    seeker = await createMember(api, 'favseeker');
  });

  it('saves, lists and deletes the member’s own; at most 10', async () => {
    expect((await call(api, 'POST', '/api/saved-searches', { json: {} })).status).toBe(401);
    const bad = await call(api, 'POST', '/api/saved-searches', { cookie: seeker.cookie, json: { region: '화성' } });
    expect(bad.status).toBe(400);
    const ids: number[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await call(api, 'POST', '/api/saved-searches', { cookie: seeker.cookie, json: { location: `푸들${i}` } });
      expect(res.status).toBe(201);
      ids.push(JSON.parse(res.text).id);
    }
    const over = await call(api, 'POST', '/api/saved-searches', { cookie: seeker.cookie, json: {} });
    expect(over.status).toBe(409);
    expect(JSON.parse(over.text).error).toMatchObject({ reason: 'SAVED_SEARCH_LIMIT' });
    expect(((await getJson(api, '/api/saved-searches', seeker.cookie)).json as unknown[]).length).toBe(10);

    expect((await call(api, 'DELETE', `/api/saved-searches/${ids[0]}`, { cookie: joon.cookie })).status).toBe(404);
    for (const id of ids) expect((await call(api, 'DELETE', `/api/saved-searches/${id}`, { cookie: seeker.cookie })).status).toBe(204);
    expect((await call(api, 'DELETE', `/api/saved-searches/${ids[0]}`, { cookie: seeker.cookie })).status).toBe(404);
  });

  it('tells the member of new matching dogs once a day at most, with the count', async () => {
    const res = await call(api, 'POST', '/api/saved-searches', {
      cookie: seeker.cookie,
      json: { source: 'all', region: '서울특별시', location: '푸들' },
    });
    expect(res.status).toBe(201);
    // Dogs from before the search was saved are not new.
    await api.app.favouritesSweep.sweep();
    expect(await bell(seeker, 'SAVED_SEARCH')).toHaveLength(0);

    await insertStray(api, { location: '서울특별시', type: '토이 푸들' });
    await insertStray(api, { location: '부산광역시', type: '푸들' });
    await insertShelter('411100202600020');
    await insertShelter('411100202600021', { kind: '[개] 진도견' });
    await api.app.favouritesSweep.sweep();
    const told = await bell(seeker, 'SAVED_SEARCH');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ code: 'SAVED_SEARCH_MATCHED' });
    expect(told[0]!.about).toMatchObject({ count: 2 });
    expect(told[0]!.targetUrl).toBe(`/adopt?location=${encodeURIComponent('푸들')}&region=${encodeURIComponent('서울특별시')}`);

    // More dogs the same day wait for tomorrow's one notification.
    await insertShelter('411100202600022');
    await api.app.favouritesSweep.sweep();
    expect(await bell(seeker, 'SAVED_SEARCH')).toHaveLength(1);
    await api.app.favouritesSweep.sweep(new Date(Date.now() + DAY));
    const next = await bell(seeker, 'SAVED_SEARCH');
    expect(next).toHaveLength(2);
    expect(next[1]!.about).toMatchObject({ count: 1 });
  });
});
