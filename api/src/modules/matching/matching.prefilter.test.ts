import pino from 'pino';
import { sql, type RawBuilder } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/index';
import { migratedPgliteSnapshot } from '../../testing/pglite-template';
import { generateFixtures } from './fixtures/generate';
import { boundWhenSexDiffers, leftOut, MIN_KM, placePointsAtMinKm, pruneFor } from './matching.prefilter';
import { MatchingWorker } from './matching.worker';
import { distanceKm } from './scorer/geo';
import { DISPLAY_FLOOR, scoreMatch } from './scorer/score';

// Decision 0049: the pre-filter leaves out only pairs the scorer puts below the display floor.
const log = pino({ level: 'silent' });
const open: Database[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((d) => d.close().catch(() => undefined)));
});

const base = () => ({
  species: null,
  neutered: null,
  registrationNo: null,
  ageBand: 'ADULT' as const,
  sigungu: '중구',
  photoHashes: [] as string[],
  at: new Date('2026-11-01T10:00:00+09:00'),
  kind: 'MISSING' as const,
  id: '1',
  breed: '진돗개',
  sex: 'FEMALE' as const,
  size: 'MEDIUM' as const,
  weightKg: 15,
  colour: '흰색',
  position: { lat: 37.5, lng: 127 },
});

describe('the pre-filter of a missing report', () => {
  it('its bound is below the floor, and the best candidate it can leave out scores below the floor', () => {
    expect(boundWhenSexDiffers(placePointsAtMinKm())).toBeLessThan(DISPLAY_FLOOR);
    expect(boundWhenSexDiffers(8)).toBeLessThan(DISPLAY_FLOOR);
    const lost = base();
    // Everything alike but the sex, a little over MIN_KM away, the same day.
    const found = {
      ...lost,
      kind: 'FOUND' as const,
      id: '2',
      sex: 'MALE' as const,
      position: { lat: 37.5 + (MIN_KM + 0.01) / 111.19, lng: 127 },
    };
    const r = scoreMatch(lost, found);
    expect(r.excluded).toBeNull();
    expect(r.excluded === null && r.score).toBeLessThan(DISPLAY_FLOOR);
    const shelter = { ...found, kind: 'SHELTER' as const, position: null };
    expect((scoreMatch(lost, shelter) as { score: number }).score).toBeLessThan(DISPLAY_FLOOR);
    // Not applied with photo vectors, a registration number, an unknown sex, or in a re-score.
    expect(pruneFor('MISSING', lost, false)).not.toBeNull();
    expect(pruneFor('MISSING', { ...lost, embeddings: [[1, 0]] }, false)).toBeNull();
    expect(pruneFor('MISSING', { ...lost, registrationNo: '410-1234-5678' }, false)).toBeNull();
    expect(pruneFor('MISSING', { ...lost, sex: null }, false)).toBeNull();
    expect(pruneFor('MISSING', lost, true)).toBeNull();
    expect(pruneFor('FOUND', lost, false)).toBeNull();
  });

  it("with photos: a candidate whose photo is near one of the report's is kept, and the rest of the bound holds", () => {
    const p = pruneFor('MISSING', { ...base(), photoHashes: ['0123456789abcdef', 'not-a-hash'] }, false);
    expect(p?.hashes).toEqual(['0123456789abcdef']);
    const far = { ...base(), kind: 'FOUND' as const, id: '2', sex: 'MALE' as const, position: { lat: 37.6, lng: 127 } };
    expect(leftOut(p, far, 11)).toBe(true);
    // 12 bits apart (similarPhotoBits): a photo reason, so kept; 13 bits: no reason, left out.
    expect(leftOut(p, { ...far, photoHashes: ['0123456789ab0000'] }, 11)).toBe(false);
    expect(leftOut(p, { ...far, photoHashes: ['0123456789aa0000'] }, 11)).toBe(true);
    expect(leftOut(p, { ...far, kind: 'SHELTER', photoHashes: ['0123456789abcdef'] }, null)).toBe(false);
    // The best candidate it can leave out (a photo 13 bits away, everything else alike) is below the floor.
    const r = scoreMatch(
      { ...base(), photoHashes: ['0123456789abcdef'] },
      { ...far, position: { lat: 37.5 + (MIN_KM + 0.01) / 111.19, lng: 127 }, photoHashes: ['0123456789aa0000'] },
    );
    expect(r.excluded === null && r.score).toBeLessThan(DISPLAY_FLOOR);
  });

  it('on the labelled fixture set, every pair it leaves out scores below the floor (or is excluded)', () => {
    const set = generateFixtures();
    let left = 0;
    for (const l of set.lost) {
      const p = pruneFor('MISSING', { ...l, embeddings: undefined, registrationNo: null }, false);
      for (const f of set.found) {
        const km = l.position && f.position ? distanceKm(l.position, f.position) : null;
        if (!leftOut(p, f, km)) continue;
        left += 1;
        const r = scoreMatch({ ...l, registrationNo: null }, f);
        expect(r.excluded !== null || r.score < DISPLAY_FLOOR).toBe(true);
      }
    }
    expect(left).toBeGreaterThan(1000); // the set does exercise it
  });

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
          (ARRAY['진돗개', '진도 믹스', '말티즈', '푸들', NULL])[1 + floor(random() * 5)::int],
          (ARRAY['MALE', 'FEMALE', 'NEUTER', NULL])[1 + floor(random() * 4)::int],
          (ARRAY['흰색', '백색', '갈색', '검정', NULL])[1 + floor(random() * 5)::int],
          (ARRAY['SMALL', 'MEDIUM', 'LARGE', NULL])[1 + floor(random() * 4)::int], CASE WHEN random() < 0.5 THEN 3 + random() * 20 END
        FROM generate_series(1, ${n}) g`.execute(d.db);
      await posts(sql`CASE WHEN g % 2 = 0 THEN 'FOUND' ELSE 'SEEN' END`, 240);
      await sql`
        INSERT INTO shelter_animals (desertion_no, kind, color, sex, neutered, age_text, birth_year, happen_date, happen_place,
          process_state, status, shelter_name, sido, sigungu)
        SELECT 'S' || g, '[개] ' || (ARRAY['진도견', '말티즈', '푸들'])[1 + floor(random() * 3)::int], (ARRAY['백색', '갈색', '검정'])[1 + floor(random() * 3)::int],
          (ARRAY['M', 'F', 'Q'])[1 + floor(random() * 3)::int], 'U', '2022(년생)', 2022, DATE '2026-10-01' + floor(random() * 20)::int, '어딘가',
          '보호중', 'OPEN', '보호소', '서울특별시', (ARRAY['중구', '종로구'])[1 + floor(random() * 2)::int]
        FROM generate_series(1, 100) g`.execute(d.db);
      await posts(sql`'MISSING'`, 20);
      // Photos on both sides: variations of four photos, 0–24 low bits changed, so some pairs are the
      // same photo, some near and most too far for a photo reason (the pre-filter's SQL hamming check).
      const photoHash = sql`lpad(to_hex((ARRAY[x'0123456789abcdef', x'13579bdf02468ace', x'7edcba9876543210', x'2468ace013579bdf'])[1 + floor(random() * 4)::int]::bigint
        # floor(random() * power(2, floor(random() * 25)))::bigint), 16, '0')`;
      await sql`INSERT INTO lost_photos (post_id, url, phash) SELECT id, '/uploads/x.webp', ${photoHash} FROM lost_posts WHERE random() < 0.6`.execute(
        d.db,
      );
      await sql`INSERT INTO shelter_images (desertion_no, n, source_url, storage_key, mime, phash)
        SELECT desertion_no, 1, 'http://portal.test/' || desertion_no, 'shelter/' || desertion_no, 'image/webp', ${photoHash}
        FROM shelter_animals WHERE random() < 0.6`.execute(d.db);
      return d;
    };
    const all = async (d: Database) =>
      (
        await sql<{
          k: string;
        }>`SELECT lost_post_id || ':' || candidate_kind || ':' || candidate_id || ':' || score || ':' || coalesce(km::text, '') || ':' || reasons::text AS k
          FROM match_candidates ORDER BY 1`.execute(d.db)
      ).rows.map((r) => r.k);
    const filtered = await scene();
    let scoredFiltered = 0;
    await new MatchingWorker(filtered, log, { afterCommit: (_, pairs) => void (scoredFiltered += pairs.length) }).drain();
    const plain = await scene();
    let scoredPlain = 0;
    await new MatchingWorker(plain, log, { prefilter: false, afterCommit: (_, pairs) => void (scoredPlain += pairs.length) }).drain();
    const [a, b] = [await all(filtered), await all(plain)];
    expect(a.length).toBeGreaterThan(50);
    expect(a.filter((k) => k.includes('PHOTO')).length).toBeGreaterThan(5); // photo reasons are among the pairs
    expect(a).toEqual(b);
    expect(scoredPlain - scoredFiltered).toBeGreaterThan(200); // it did leave pairs out
  }, 120_000); // two databases seeded and matched: slow on a busy machine
});
