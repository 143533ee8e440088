import { sql } from 'kysely';
import { openEmptyScene } from './matching.test-helpers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/index';

// Migration 0027: a post's and a notice's photo hashes on their own row, kept by triggers on the photo
// tables (what matching pages read, decision 0049). Same SQL on PGlite and Postgres.
let d: Database;
beforeAll(async () => {
  d = await openEmptyScene();
});
afterAll(() => d.close());

const post = async () =>
  (
    await sql<{ id: number }>`
      INSERT INTO lost_posts (kind, author_pk, contact, latitude, longitude, public_lat, public_lng, grid_seed_lat, grid_seed_lng,
        address, sido, sigungu, happened_date, happened_time)
      VALUES ('FOUND', (SELECT id FROM users), 'RELAY', 37.5, 127, 37.5, 127, 0.5, 0.5, '주소', '서울특별시', '중구', '2026-10-01', '10:00')
      RETURNING id`.execute(d.db)
  ).rows[0]!.id;
const postHashes = async (id: number) =>
  (await sql<{ phashes: string[] }>`SELECT phashes FROM lost_posts WHERE id = ${id}`.execute(d.db)).rows[0]?.phashes;
const noticeHashes = async (no: string) =>
  (await sql<{ phashes: string[] }>`SELECT phashes FROM shelter_animals WHERE desertion_no = ${no}`.execute(d.db)).rows[0]?.phashes;

describe('photo hashes on the row (migration 0027)', () => {
  it("a lost post's follow its photos: added in order, a hash set later, a photo removed; none without a hash", async () => {
    const id = await post();
    expect(await postHashes(id)).toEqual([]);
    await sql`INSERT INTO lost_photos (post_id, url, phash) VALUES (${id}, '/a', '0123456789abcdef'), (${id}, '/b', NULL)`.execute(d.db);
    expect(await postHashes(id)).toEqual(['0123456789abcdef']);
    await sql`UPDATE lost_photos SET phash = 'fedcba9876543210' WHERE post_id = ${id} AND url = '/b'`.execute(d.db);
    expect(await postHashes(id)).toEqual(['0123456789abcdef', 'fedcba9876543210']);
    await sql`DELETE FROM lost_photos WHERE post_id = ${id} AND url = '/a'`.execute(d.db);
    expect(await postHashes(id)).toEqual(['fedcba9876543210']);
    // The post deleted with its photos (cascade): nothing left to update, no error.
    await sql`DELETE FROM lost_posts WHERE id = ${id}`.execute(d.db);
    expect(await postHashes(id)).toBeUndefined();
  });

  it("a shelter notice's follow its pictures (fetched, replaced), and go with the notice", async () => {
    await sql`
      INSERT INTO shelter_animals (desertion_no, kind, color, sex, neutered, age_text, birth_year, happen_date, happen_place,
        process_state, status, shelter_name, sido, sigungu)
      VALUES ('N1', '[개] 진도견', '백색', 'F', 'U', '2022(년생)', 2022, '2026-10-01', '어딘가', '보호중', 'OPEN', '보호소', '서울특별시', '중구')`.execute(
      d.db,
    );
    const image = (n: number, phash: string) =>
      sql`INSERT INTO shelter_images (desertion_no, n, source_url, storage_key, mime, phash)
        VALUES ('N1', ${n}, 'http://portal.test/' || ${n}, 'shelter/N1-' || ${n}, 'image/webp', ${phash})
        ON CONFLICT (desertion_no, n) DO UPDATE SET phash = excluded.phash`.execute(d.db);
    await image(2, '1111111111111111');
    await image(1, '0000000000000000');
    expect(await noticeHashes('N1')).toEqual(['0000000000000000', '1111111111111111']);
    await image(1, '2222222222222222');
    expect(await noticeHashes('N1')).toEqual(['2222222222222222', '1111111111111111']);
    await sql`DELETE FROM shelter_animals WHERE desertion_no = 'N1'`.execute(d.db);
    expect(await noticeHashes('N1')).toBeUndefined();
  });
});
