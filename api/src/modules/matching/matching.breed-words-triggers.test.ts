import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/index';
import { BREED_WORDS_DIGEST, breedWordsDigest, refreshBreedWords } from './matching.breed-words.repository';
import { pruneFor, type Prune } from './matching.prefilter';
import { postsPage, sheltersPage } from './matching.pages.repository';
import { hashesNear, keepPointed, keepShelter } from './matching.prune.repository';
import { openEmptyScene } from './matching.test-helpers';
import { BREED_WORDS, storedBreed } from './scorer/breeds';
import { boxAround } from './scorer/geo';
import { lostDog } from './scorer/testing';

// Migration 0029 (decision 0049 amended): each record's breed reading stored on its row by the SQL function
// match_breed_reading, kept by the tables' triggers and rewritten when the word table changes. The reading
// itself against readBreed's is in matching.breed-words.test.ts. The refresh test uses the rows the first one leaves.
let d: Database;
beforeAll(async () => {
  d = await openEmptyScene();
});
afterAll(() => d.close());

describe('the stored breed reading (migration 0029)', () => {
  it('is kept on the row: lost posts, stray reports and shelter notices, on insert and when the words change', async () => {
    const kinds = ['진돗개', '진도 믹스', '[개] 말티즈', 'Maltese', '말티즈\t', null, '모름'];
    const post = async (breed: string | null) =>
      (
        await sql<{ id: number }>`
        INSERT INTO lost_posts (kind, author_pk, contact, latitude, longitude, public_lat, public_lng, grid_seed_lat, grid_seed_lng,
          address, sido, sigungu, happened_date, happened_time, breed)
        VALUES ('FOUND', (SELECT id FROM users), 'RELAY', 37.5, 127, 37.5, 127, 0.5, 0.5, '주소', '서울특별시', '중구', '2026-10-01', '10:00', ${breed})
        RETURNING id`.execute(d.db)
      ).rows[0]!.id;
    const stored = async (table: string, key: string, id: string | number) =>
      (
        await sql<{ breedKey: string | null; breedGroup: string | null }>`
        SELECT breed_key, breed_group FROM ${sql.raw(table)} WHERE ${sql.raw(key)} = ${id}`.execute(d.db)
      ).rows[0]!;
    const expected = (t: string | null) => ({ breedKey: storedBreed(t)?.key ?? null, breedGroup: storedBreed(t)?.group ?? null });
    for (const [i, k] of kinds.entries()) {
      const id = await post(k);
      expect(await stored('lost_posts', 'id', id)).toEqual(expected(k));
      const { id: strayId } = (
        await sql<{ id: number }>`
        INSERT INTO stray_reports (latitude, longitude, image_url, description, location, type, found_date, found_time)
        VALUES (37.5, 127, '/x.webp', '개', '서울', ${k}, '2026-10-01', '10:00') RETURNING id`.execute(d.db)
      ).rows[0]!;
      expect(await stored('stray_reports', 'id', strayId)).toEqual(expected(k));
      await sql`
        INSERT INTO shelter_animals (desertion_no, kind, color, sex, neutered, age_text, birth_year, happen_date, happen_place,
          process_state, status, shelter_name, sido, sigungu)
        VALUES (${`K${i}`}, ${k ?? '[개]'}, '백색', 'M', 'U', '2022(년생)', 2022, '2026-10-01', '어딘가', '보호중', 'OPEN', '보호소', '서울특별시', '중구')`.execute(
        d.db,
      );
      expect(await stored('shelter_animals', 'desertion_no', `K${i}`)).toEqual(expected(k ?? '[개]'));
      // The words edited: the reading follows.
      await sql`UPDATE lost_posts SET breed = '시바견' WHERE id = ${id}`.execute(d.db);
      expect(await stored('lost_posts', 'id', id)).toEqual({ breedKey: 'SHIBA', breedGroup: 'SPITZ' });
      await sql`UPDATE stray_reports SET type = '믹스' WHERE id = ${strayId}`.execute(d.db);
      expect(await stored('stray_reports', 'id', strayId)).toEqual({ breedKey: null, breedGroup: null });
      await sql`UPDATE shelter_animals SET kind = '[개] 포메라니안' WHERE desertion_no = ${`K${i}`}`.execute(d.db);
      expect(await stored('shelter_animals', 'desertion_no', `K${i}`)).toEqual({ breedKey: 'POMERANIAN', breedGroup: 'SPITZ' });
      // A breed word wins over a longer generic one: the portal's '[개] 푸들' is a poodle, in SQL as in readBreed.
      await sql`UPDATE shelter_animals SET kind = '[개] 푸들' WHERE desertion_no = ${`K${i}`}`.execute(d.db);
      expect(await stored('shelter_animals', 'desertion_no', `K${i}`)).toEqual(expected('[개] 푸들'));
      expect(expected('[개] 푸들')).toEqual({ breedKey: 'POODLE', breedGroup: 'POODLE' });
      await sql`UPDATE shelter_animals SET kind = '[개] 포메라니안' WHERE desertion_no = ${`K${i}`}`.execute(d.db);
      await sql`UPDATE lost_posts SET breed = ${k} WHERE id = ${id}`.execute(d.db);
      expect(await stored('lost_posts', 'id', id)).toEqual(expected(k));
    }
  });

  it('the refresh rewrites nothing when the words are the same, and recomputes the readings when they changed', async () => {
    for (const b of ['말티즈', '비숑', '진돗개', '푸들 믹스', '말티즈 (추정)'])
      await sql`
        INSERT INTO lost_posts (kind, author_pk, contact, latitude, longitude, public_lat, public_lng, grid_seed_lat, grid_seed_lng,
          address, sido, sigungu, happened_date, happened_time, breed, gender)
        VALUES ('FOUND', (SELECT id FROM users), 'RELAY', 37.6, 127, 37.6, 127, 0.5, 0.5, '주소', '서울특별시', '중구', '2026-10-01', '10:00', ${b}, 'FEMALE')`.execute(
        d.db,
      );
    const versions = async () =>
      (
        await sql<{ v: string }>`SELECT id || ':' || xmin::text || ':' || coalesce(breed_key, '-') || ':' || coalesce(breed_group, '-') AS v
          FROM lost_posts ORDER BY id`.execute(d.db)
      ).rows.map((r) => r.v);
    const digest = async () => (await sql<{ digest: string }>`SELECT digest FROM match_breed_words_version`.execute(d.db)).rows[0]?.digest;
    // The snapshot holds the scorer's words (the template refreshes them): nothing to do, no row touched.
    const before = await versions();
    expect(await digest()).toBe(BREED_WORDS_DIGEST);
    expect(await refreshBreedWords(d)).toBeNull();
    expect(await versions()).toEqual(before);

    // Other words: 말티즈 in another group, 비숑 no longer known. Only the rows whose reading changed are rewritten.
    const other = BREED_WORDS.filter((w) => w.key !== 'BICHON').map((w, ord) => ({
      ...w,
      ord,
      group: w.key === 'MALTESE' ? 'TOY' : w.group,
    }));
    const affected = (
      await sql<{ n: number }>`SELECT count(*)::int AS n FROM lost_posts WHERE breed_key IN ('MALTESE', 'BICHON')`.execute(d.db)
    ).rows[0]!.n;
    expect(affected).toBeGreaterThanOrEqual(5);
    const changed = await refreshBreedWords(d, other);
    expect(changed).toEqual({ lostPosts: affected, strayReports: 0, shelterAnimals: 0 });
    expect(await digest()).toBe(breedWordsDigest(other));
    const after = await versions();
    const rows = async (breed: string) =>
      (
        await sql<{
          k: string | null;
          g: string | null;
        }>`SELECT breed_key AS k, breed_group AS g FROM lost_posts WHERE breed = ${breed}`.execute(d.db)
      ).rows;
    expect(await rows('말티즈')).toEqual([{ k: 'MALTESE', g: 'TOY' }]);
    expect(await rows('비숑')).toEqual([{ k: null, g: null }]);
    expect(await rows('진돗개')).toEqual(expect.arrayContaining([{ k: 'JINDO', g: 'KOREAN_NATIVE' }]));
    const untouched = before.filter((v, i) => v === after[i]).length;
    expect(untouched).toBe(before.length - affected);

    // While the table holds other words than this code's, the pre-filter does not use the stored readings.
    const prune = pruneFor('MISSING', { ...report, breed: '진돗개' }, false)!;
    expect(prune.breed).not.toBeNull();
    const leftOut = async () =>
      (
        await sql<{
          n: number;
        }>`SELECT count(*)::int AS n FROM lost_posts WHERE NOT ${keepPointed({ ...prune, gender: null }, sql`gender`, hashesNear)}`.execute(
          d.db,
        )
      ).rows[0]!.n;
    expect(await leftOut()).toBe(0);
    const notices = async () =>
      (
        await sql<{
          n: number;
        }>`SELECT count(*)::int AS n FROM shelter_animals WHERE NOT ${keepShelter({ ...prune, gender: null }, hashesNear)}`.execute(d.db)
      ).rows[0]!.n;
    expect(await notices()).toBe(0);
    // …nor asks the indexes by breed group: the page asked that way sees the table is not this code's, and is asked again.
    const unsexed = { ...prune, gender: null };
    expect(await sightings(unsexed)).toEqual(await sightings(null));
    expect(await shelters(unsexed)).toEqual(await shelters(null));
    expect((await sightings(null)).length).toBeGreaterThan(5);

    // This code's words again: every reading back, the pre-filter on.
    expect(await refreshBreedWords(d)).toEqual({ lostPosts: affected, strayReports: 0, shelterAnimals: 0 });
    expect((await versions()).map((v) => v.split(':').slice(2).join(':'))).toEqual(before.map((v) => v.split(':').slice(2).join(':')));
    expect(await refreshBreedWords(d)).toBeNull();
    expect(await leftOut()).toBeGreaterThan(0);
    expect(await notices()).toBeGreaterThan(0);
    expect((await sightings(unsexed)).length).toBeLessThan((await sightings(null)).length);
    expect((await shelters(unsexed)).length).toBeLessThan((await shelters(null)).length);
  });
});

/** A missing report's sightings and notices pages (its window: 50 km, 60 days), with or without a pre-filter. */
const window = { from: '2026-09-30', to: '2026-11-30', box: boxAround({ lat: 37.55, lng: 127 }, 50), sido: '서울특별시' };
const sightings = async (p: Prune | null) => (await postsPage(d.db, 'sightings', window, 0, 10_000, 1e9, p)).rows.map((r) => r.id);
const shelters = async (p: Prune | null) => (await sheltersPage(d.db, window, '', 10_000, 1e9, p)).rows.map((r) => r.desertionNo);

const report = lostDog({
  id: '0',
  breed: '진돗개',
  sex: 'FEMALE',
  position: { lat: 37.55, lng: 127 },
  at: new Date('2026-10-01T10:00:00+09:00'),
});
