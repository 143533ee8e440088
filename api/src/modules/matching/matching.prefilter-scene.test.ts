import pino from 'pino';
import { sql, type RawBuilder } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/index';
import { migratedPgliteSnapshot } from '../../testing/pglite-template';
import { MatchingWorker } from './matching.worker';
import { BREEDS, readBreed } from './scorer/breeds';

// Decision 0049: the pre-filter leaves out only pairs the scorer puts below the display floor.
// Here on a scene of random records, matched with and without it; its bounds and rules are in matching.prefilter.test.ts.
const log = pino({ level: 'silent' });
const open: Database[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((d) => d.close().catch(() => undefined)));
});

/**
 * The scene's breed words: breeds of several groups and their synonyms (말티즈, 몰티즈, Maltese), look-alikes
 * of one group (말티즈 and 비숑; 푸들, 토이푸들 and 말티푸; 진돗개, 백구 and 풍산개), mixes, generic and unknown
 * words, and characters the database does not read (a tab, an ideographic space).
 */
const BREED_WORDS_OF_SCENE = [
  '진돗개',
  '진도 믹스',
  '진도개(추정)',
  'JINDO',
  '백구',
  '풍산개',
  '말티즈',
  '몰티즈',
  'Maltese',
  '[개] 말티즈',
  '말티즈 믹스',
  '말티즈\t',
  '말티즈\u3000',
  '비숑 프리제',
  '푸들',
  '토이푸들',
  '말티푸',
  '푸들/말티즈',
  '포메',
  '시바견',
  '스피츠',
  '골든 리트리버',
  '래브라도',
  '믹스',
  '강아지',
  '모름',
];
/** The portal's kinds: '[개] ' and a word (some of them shorter than '[개]', so read as a plain dog), cats. */
const KINDS_OF_SCENE = [
  ...[
    '진도견',
    '진돗개',
    '말티즈',
    '푸들',
    '포메라니안',
    '시바견',
    '믹스견',
    '비숑프리제',
    '말티즈 믹스',
    '백구',
    '골든리트리버',
    '말티즈\t',
  ].map((w) => `[개] ${w}`),
  '[고양이] 코리안숏헤어',
];

/**
 * Candidates at the edge of the breed bound, for the random scene: beside each missing report, 5.5 km
 * north (7 distance points), the same day, sex, size, weight and colour, no photo, one sighting each of
 * a look-alike breed (same group, another key: SIMILAR_BREED, up to 53 points), a mix of a breed of
 * another group (no breed points: up to 47), unknown words, and a breed of another group (BREED_DIFFERS:
 * 38 at most, the one left out); and two of another group 2 km north and east (up to 41: kept). Their
 * own jobs are dropped, so the reports' jobs score them (the pre-filter's side).
 */
async function twins(d: Database): Promise<void> {
  const reports = (
    await sql<{ id: number; breed: string | null }>`SELECT id, breed FROM lost_posts WHERE kind = 'MISSING' ORDER BY id`.execute(d.db)
  ).rows;
  const dogs = BREEDS.filter((b) => b.species === 'DOG' && b.key !== 'DOG');
  for (const r of reports) {
    const b = readBreed(r.breed);
    const other = dogs.find((x) => x.group !== (b.group ?? 'KOREAN_NATIVE'))!.words[0]!;
    const alike = b.key ? dogs.find((x) => x.group === b.group && x.key !== b.key)?.words[0] : undefined;
    // [breed, km north, km east]
    const twinsOf: [string | undefined, number, number][] = [
      [alike, 5.5, 0],
      [`${other} 믹스`, 5.5, 0],
      ['모름', 5.5, 0],
      [other, 5.5, 0],
      // Inside MIN_KM, another group reaches the floor 2 km away (25 + 16 points with no age on a post): kept,
      // so the index's near box must hold them.
      [other, 2, 0],
      [other, 0, 2],
    ];
    for (const [breed, north, east] of twinsOf.filter(([b]) => b !== undefined))
      await sql`
        INSERT INTO lost_posts (kind, author_pk, contact, latitude, longitude, public_lat, public_lng, grid_seed_lat, grid_seed_lng,
          address, sido, sigungu, happened_date, happened_time, breed, gender, colour, size, weight)
        SELECT 'FOUND', author_pk, 'RELAY', latitude + ${north} / 111.19, longitude + ${east} / (111.19 * cos(radians(latitude))), 0, 0,
          0.5, 0.5, '주소', sido, sigungu, happened_date, happened_time, ${breed}, gender, colour, size, weight
        FROM lost_posts WHERE id = ${r.id}`.execute(d.db);
  }
  await sql`DELETE FROM match_jobs WHERE record_kind = 'FOUND' AND record_id::int > (SELECT max(id) FROM lost_posts WHERE kind = 'MISSING')`.execute(
    d.db,
  );
}

describe('the pre-filter of a missing report', () => {
  it('a scene of random records stores the same pairs with and without it', async () => {
    const scene = async () => {
      const d = await openDatabase(
        { databaseUrl: undefined, databaseSchema: undefined, dataDir: 'memory' },
        { pgliteSnapshot: await migratedPgliteSnapshot() },
      );
      open.push(d);
      await sql`INSERT INTO users (user_id) VALUES ('p')`.execute(d.db);
      // setseed: both copies get the same records.
      await sql`SELECT setseed(0.28)`.execute(d.db);
      // Sightings and notices first, the missing reports last: their jobs score every pair (the later job does).
      const posts = (kind: RawBuilder<unknown>, n: number) =>
        sql`
        INSERT INTO lost_posts (kind, author_pk, contact, latitude, longitude, public_lat, public_lng, grid_seed_lat, grid_seed_lng,
          address, sido, sigungu, happened_date, happened_time, breed, gender, colour, size, weight)
        SELECT ${kind}, (SELECT id FROM users), 'RELAY',
          37.5 + random() * 0.2, 127 + random() * 0.2, 0, 0, 0.5, 0.5, '주소', '서울특별시',
          (ARRAY['중구', '종로구'])[1 + floor(random() * 2)::int], DATE '2026-10-01' + floor(random() * 20)::int, '10:00',
          CASE WHEN random() < 0.1 THEN NULL ELSE (${BREED_WORDS_OF_SCENE}::text[])[1 + floor(random() * ${BREED_WORDS_OF_SCENE.length})::int] END,
          (ARRAY['MALE', 'FEMALE', 'NEUTER', NULL])[1 + floor(random() * 4)::int],
          (ARRAY['흰색', '백색', '갈색', '검정', NULL])[1 + floor(random() * 5)::int],
          (ARRAY['SMALL', 'MEDIUM', 'LARGE', NULL])[1 + floor(random() * 4)::int], CASE WHEN random() < 0.5 THEN 3 + random() * 20 END
        FROM generate_series(1, ${n}) g`.execute(d.db);
      await posts(sql`CASE WHEN g % 2 = 0 THEN 'FOUND' ELSE 'SEEN' END`, 240);
      await sql`
        INSERT INTO shelter_animals (desertion_no, kind, color, sex, neutered, age_text, birth_year, happen_date, happen_place,
          process_state, status, shelter_name, sido, sigungu)
        SELECT 'S' || g, (${KINDS_OF_SCENE}::text[])[1 + floor(random() * ${KINDS_OF_SCENE.length})::int], (ARRAY['백색', '갈색', '검정'])[1 + floor(random() * 3)::int],
          (ARRAY['M', 'F', 'Q'])[1 + floor(random() * 3)::int], 'U', '2022(년생)', 2022, DATE '2026-10-01' + floor(random() * 20)::int, '어딘가',
          '보호중', 'OPEN', '보호소', '서울특별시', (ARRAY['중구', '종로구'])[1 + floor(random() * 2)::int]
        FROM generate_series(1, 100) g`.execute(d.db);
      await sql`
        INSERT INTO stray_reports (latitude, longitude, image_url, gender, description, location, type, found_date, found_time, photo_hash)
        SELECT 37.5 + random() * 0.2, 127 + random() * 0.2, '/x.webp', (ARRAY['MALE', 'FEMALE', NULL])[1 + floor(random() * 3)::int], '개',
          '서울', CASE WHEN random() < 0.1 THEN NULL ELSE (${BREED_WORDS_OF_SCENE}::text[])[1 + floor(random() * ${BREED_WORDS_OF_SCENE.length})::int] END,
          DATE '2026-10-01' + floor(random() * 20)::int, '10:00',
          CASE WHEN random() < 0.6 THEN lpad(to_hex((ARRAY[x'0123456789abcdef', x'2468ace013579bdf'])[1 + floor(random() * 2)::int]::bigint
            # floor(random() * power(2, floor(random() * 25)))::bigint), 16, '0') END
        FROM generate_series(1, 60) g`.execute(d.db);
      await posts(sql`'MISSING'`, 30);
      // Photos on both sides: variations of four photos, 0–24 low bits changed, so some pairs are the
      // same photo, some near and most too far for a photo reason (the pre-filter's SQL hamming check).
      // Drawn in key order, not the heap's (which depends on the rows' widths): the same records whatever
      // the schema stores beside them.
      const photoHash = sql`lpad(to_hex((ARRAY[x'0123456789abcdef', x'13579bdf02468ace', x'7edcba9876543210', x'2468ace013579bdf'])[1 + floor(random() * 4)::int]::bigint
        # floor(random() * power(2, floor(random() * 25)))::bigint), 16, '0')`;
      await sql`INSERT INTO lost_photos (post_id, url, phash) SELECT id, '/uploads/x.webp', ${photoHash} FROM (SELECT id FROM lost_posts ORDER BY id OFFSET 0) p WHERE random() < 0.6`.execute(
        d.db,
      );
      await sql`INSERT INTO shelter_images (desertion_no, n, source_url, storage_key, mime, phash)
        SELECT desertion_no, 1, 'http://portal.test/' || desertion_no, 'shelter/' || desertion_no, 'image/webp', ${photoHash}
        FROM (SELECT desertion_no FROM shelter_animals ORDER BY desertion_no OFFSET 0) a WHERE random() < 0.6`.execute(d.db);
      await twins(d);
      return d;
    };
    const all = async (d: Database) =>
      (
        await sql<{
          k: string;
        }>`SELECT lost_post_id || ':' || candidate_kind || ':' || candidate_id || ':' || score || ':' || coalesce(km::text, '') || ':' || reasons::text AS k
          FROM match_candidates ORDER BY 1`.execute(d.db)
      ).rows.map((r) => r.k);
    // Pairs scored per job: the reports of unknown sex (NULL or NEUTER) are left out rows by their breed only.
    const scored = async (d: Database, prefilter: boolean) => {
      const unsexed = new Set(
        (
          await sql<{
            id: number;
          }>`SELECT id FROM lost_posts WHERE kind = 'MISSING' AND gender IS DISTINCT FROM 'MALE' AND gender IS DISTINCT FROM 'FEMALE'`.execute(
            d.db,
          )
        ).rows.map((r) => String(r.id)),
      );
      const n = { all: 0, unsexed: 0 };
      await new MatchingWorker(d, log, {
        prefilter,
        afterCommit: (job, pairs) => {
          n.all += pairs.length;
          if (job.recordKind === 'MISSING' && unsexed.has(job.recordId)) n.unsexed += pairs.length;
        },
      }).drain();
      return n;
    };
    const filtered = await scene();
    const withFilter = await scored(filtered, true);
    const plain = await scene();
    const without = await scored(plain, false);
    const [a, b] = [await all(filtered), await all(plain)];
    expect(a.length).toBeGreaterThan(50);
    expect(a.filter((k) => k.includes('PHOTO')).length).toBeGreaterThan(5); // photo reasons are among the pairs
    // The breed reasons are among the pairs too: the same breed, a mix of it, a look-alike group.
    for (const code of ['"SAME_BREED"', '"SIMILAR_BREED"', '"BREED_DIFFERS"'])
      expect({ code, n: a.filter((k) => k.includes(code)).length }).not.toEqual({ code, n: 0 });
    expect(a).toEqual(b);
    expect(without.all - withFilter.all).toBeGreaterThan(1000); // it did leave pairs out
    expect(without.unsexed - withFilter.unsexed).toBeGreaterThan(300); // by the breed alone too
  }, 120_000); // two databases seeded and matched: slow on a busy machine
});
